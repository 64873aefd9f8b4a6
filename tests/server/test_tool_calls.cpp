// Tool calls read back from a reply (<tool_call> blocks, Hermes/Qwen style) and returned in
// OpenAI's shape: message.tool_calls with finish_reason "tool_calls", or tool_calls deltas in a stream.
#include "server/openai_chat.hpp"
#include "server/tool_call_parser.hpp"

#include <QtTest>

using namespace strata::server;

class TestToolCalls : public QObject {
    Q_OBJECT

private slots:
    void plainTextHasNoCalls()
    {
        const ParsedReply r = parseToolCalls("Just text, <tool_call without a close");
        QVERIFY(r.calls.empty());
        QCOMPARE(r.content, std::string("Just text, <tool_call without a close"));
    }

    void callsAreTakenOutOfTheText()
    {
        const ParsedReply r = parseToolCalls(
            "Let me look.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n</tool_call>\n"
            "<tool_call>{\"name\": \"get_time\", \"arguments\": \"{}\"}</tool_call>\n");
        QCOMPARE(r.calls.size(), size_t(2));
        QCOMPARE(r.calls[0].name, std::string("get_weather"));
        QCOMPARE(nlohmann::json::parse(r.calls[0].arguments), nlohmann::json({{"city", "Oslo"}}));
        QCOMPARE(r.calls[1].name, std::string("get_time"));
        QCOMPARE(r.calls[1].arguments, std::string("{}"));  // a string stays as the model wrote it
        QCOMPARE(r.content, std::string("Let me look."));
    }

    void aBlockThatIsNotACallStaysText()
    {
        const std::string text = "a <tool_call>not json</tool_call> b <tool_call>{\"arguments\": 1}</tool_call>";
        const ParsedReply r = parseToolCalls(text);
        QVERIFY(r.calls.empty());
        QCOMPARE(r.content, text);
    }

    void chatReplyCarriesToolCalls()
    {
        const std::string text = "<tool_call>{\"name\": \"f\", \"arguments\": {\"x\": 1}}</tool_call>";
        strata::model::GenerationMetrics m;
        m.finish = strata::model::FinishReason::EndOfGeneration;
        const OpenAiChatFormat withTools("m", false, false, true);
        const nlohmann::json whole = withTools.whole(text, {}, m);
        const nlohmann::json choice = whole["choices"][0];
        QCOMPARE(choice["finish_reason"], nlohmann::json("tool_calls"));
        QVERIFY(choice["message"]["content"].is_null());
        QCOMPARE(choice["message"]["tool_calls"][0]["type"], nlohmann::json("function"));
        QCOMPARE(choice["message"]["tool_calls"][0]["function"]["name"], nlohmann::json("f"));
        QCOMPARE(choice["message"]["tool_calls"][0]["function"]["arguments"], nlohmann::json("{\"x\":1}"));
        QVERIFY(choice["message"]["tool_calls"][0]["id"].get<std::string>().rfind("call_", 0) == 0);

        // Without tools in the request the same text is plain content.
        const OpenAiChatFormat withoutTools("m", false, false, false);
        QCOMPARE(withoutTools.whole(text, {}, m)["choices"][0]["message"]["content"], nlohmann::json(text));
    }

    void chatStreamSendsToolCallsAtTheEnd()
    {
        strata::model::GenerationMetrics m;
        OpenAiChatFormat format("m", false, false, true);
        QCOMPARE(format.streamText("<tool_call>{\"name\": \"f\",", {}), std::string());
        QCOMPARE(format.streamText(" \"arguments\": {}}</tool_call>", {}), std::string());
        const std::string end = format.streamEnd(m);
        QVERIFY(end.find("\"tool_calls\":[{") != std::string::npos);
        QVERIFY(end.find("\"index\":0") != std::string::npos);
        QVERIFY(end.find("\"finish_reason\":\"tool_calls\"") != std::string::npos);
        QVERIFY(end.rfind("data: [DONE]\n\n") == end.size() - 14);
    }
};

QTEST_GUILESS_MAIN(TestToolCalls)
#include "test_tool_calls.moc"
