// The ChatTemplate API around the interpreter: renderChat's context, the ChatML fallback,
// the JSON bridge, Python number formatting, and list mutation staying inside one render.
#include "strata/chat_template/chat_template.hpp"
#include "strata/chat_template/json.hpp"

#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace strata::chat_template;

class TestChatTemplateApi : public QObject {
    Q_OBJECT

private slots:
    void renderChatBuildsTheApplyChatTemplateContext()
    {
        const ChatTemplate t(
            "{{ bos_token }}{% for m in messages %}[{{ m.role }}|{{ m.content }}|{{ m.reasoning_content is defined }}"
            "{% for c in m.tool_calls %}|{{ c.function.name }}{{ c.function.arguments | tojson }}{{ c.id }}{% endfor %}]{% endfor %}"
            "{{ (tools or []) | length }}{{ tools is none }}{{ add_generation_prompt }}{{ enable_thinking is defined }}{{ enable_thinking }}{{ eos_token }}{{ extra }}");
        std::vector<ChatMessage> messages(3);
        messages[0].role = "user";
        messages[0].content = "hi";
        messages[1].role = "assistant";
        messages[1].reasoningContent = "think";
        ToolCall call;
        call.id = "c1";
        call.name = "f";
        call.arguments = parseJson(R"({"x": 1})");
        messages[1].toolCalls.push_back(call);
        messages[2].role = "tool";
        messages[2].content = "ok";
        messages[2].toolCallId = "c1";
        ChatOptions options;
        options.bosToken = "<s>";
        options.eosToken = "</s>";
        options.enableThinking = false;
        options.extraVariables.dictRef().set("extra", Value("!"));
        const std::string out = t.renderChat(messages, parseJson(R"([{"type": "function"}])"), options);
        QCOMPARE(
            QString::fromStdString(out),
            QString("<s>[user|hi|False][assistant|None|True|f{\"x\": 1}c1][tool|ok|False]1FalseTrueTrueFalse</s>!"));

        ChatOptions plain;
        const std::string noTools = t.renderChat({}, Value(), plain);
        QCOMPARE(QString::fromStdString(noTools), QString("0TrueTrueFalse"));
    }

    void chatMlFallback()
    {
        const char* dir = std::getenv("STRATA_TEST_DATA_DIR");
        QVERIFY(dir);
        std::ifstream in(std::filesystem::path(dir) / "templates" / "chatml_fallback.jinja", std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        // The fixture copy is what Jinja2 rendered for the expected outputs.
        QCOMPARE(QString::fromStdString(s.str()), QString(ChatTemplate::chatMlFallbackSource()));

        std::vector<ChatMessage> messages(2);
        messages[0].role = "system";
        messages[0].content = "Be brief.";
        messages[1].role = "user";
        messages[1].content = "Hi";
        const std::string out = ChatTemplate::chatMlFallback().renderChat(messages, Value(), ChatOptions{});
        QCOMPARE(
            QString::fromStdString(out),
            QString(
                "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"));
    }

    void jsonRoundTripsLikePython()
    {
        const std::string text =
            "{\"b\": [1, -2, 3.5, 1e-07, 1e+22, true, false, null], \"a\": {\"s\": \"\\u00e9\\n\\\"\\\\\\ud83d\\ude00\"}, \"e\": {}, \"l\": []}";
        const Value v = parseJson(text);
        QCOMPARE(
            QString::fromStdString(dumpJson(v)),
            QString::fromUtf8(
                "{\"b\": [1, -2, 3.5, 1e-07, 1e+22, true, false, null], \"a\": {\"s\": \"é\\n\\\"\\\\😀\"}, \"e\": {}, \"l\": []}"));
        JsonDumpOptions ascii;
        ascii.ensureAscii = true;
        QCOMPARE(QString::fromStdString(dumpJson(parseJson(R"("é😀")"), ascii)), QString("\"\\u00e9\\ud83d\\ude00\""));
        JsonDumpOptions pretty;
        pretty.indent = 2;
        pretty.sortKeys = true;
        QCOMPARE(QString::fromStdString(dumpJson(parseJson(R"({"b": [1], "a": {}})"), pretty)),
                 QString("{\n  \"a\": {},\n  \"b\": [\n    1\n  ]\n}"));
    }

    void jsonErrorsSayWhere()
    {
        for (const char* bad : {"{", "[1,]", "{\"a\" 1}", "\"unterminated", "tru", "1 2", "{\"a\": \"\\q\"}", "-"}) {
            try {
                parseJson(bad);
                QFAIL(bad);
            } catch (const strata::Error& e) {
                QVERIFY2(std::string(e.what()).rfind("JSON:1:", 0) == 0, e.what());
            }
        }
        try {
            parseJson("{\n  \"a\": [1,\n  x]}");
            QFAIL("parsed");
        } catch (const strata::Error& e) {
            QVERIFY2(std::string(e.what()).rfind("JSON:3:3:", 0) == 0, e.what());
        }
    }

    void pythonFloatFormatting()
    {
        QCOMPARE(QString::fromStdString(pythonFloatRepr(1.0)), QString("1.0"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(0.1 + 0.2)), QString("0.30000000000000004"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(1e16)), QString("1e+16"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(123456789012345.0)), QString("123456789012345.0"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(0.0001)), QString("0.0001"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(0.00001)), QString("1e-05"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(-2.5e-300)), QString("-2.5e-300"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(-0.0)), QString("-0.0"));
    }

    void mutationStaysInsideOneRender()
    {
        const ChatTemplate t(
            "{% set _ = messages.append('x') %}{{ messages | length }}{% set l = [1] %}{% set _ = l.append(2) %}{{ l }}");
        const Value ctx = parseJson(R"({"messages": ["a"]})");
        QCOMPARE(QString::fromStdString(t.render(ctx)), QString("2[1, 2]"));
        QCOMPARE(QString::fromStdString(t.render(ctx)), QString("2[1, 2]"));
        QCOMPARE(ctx.dictRef().find("messages")->list().size(), std::size_t(1));
    }

    void compiledTemplateIsReusable()
    {
        ChatTemplate t("{% for m in messages %}{{ loop.index }}{{ m }}{% endfor %}");
        QCOMPARE(QString::fromStdString(t.render(parseJson(R"({"messages": ["a", "b"]})"))), QString("1a2b"));
        QCOMPARE(QString::fromStdString(t.render(parseJson(R"({"messages": []})"))), QString(""));
        ChatTemplate moved = std::move(t);
        QCOMPARE(QString::fromStdString(moved.render(parseJson(R"({"messages": ["c"]})"))), QString("1c"));
    }
};

QTEST_APPLESS_MAIN(TestChatTemplateApi)
#include "test_chat_template_api.moc"
