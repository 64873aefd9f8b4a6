// Tool calls read back from a reply (<tool_call> blocks, Hermes/Qwen style) and returned in
// OpenAI's shape (message.tool_calls with finish_reason "tool_calls", or tool_calls deltas in a
// stream) and in Anthropic's (tool_use content blocks, stop_reason "tool_use", input_json_delta in
// a stream, read back by the official @anthropic-ai/sdk); and Anthropic's tools, tool_use and
// tool_result blocks in a request, as the chat template's tools, tool calls and tool messages.
#include "server/anthropic_messages.hpp"
#include "server/openai_chat.hpp"
#include "server/tool_call_parser.hpp"
#include "strata/chat_template/json.hpp"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

// A reply that says something, then calls a tool, as Qwen's template asks for it.
const std::string kReplyWithCall =
    "Let me look.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n</tool_call>";

nlohmann::json jsonOf(const strata::chat_template::Value& value)
{
    return nlohmann::json::parse(strata::chat_template::dumpJson(value));
}

// The data of each server-sent event, with its event name.
std::vector<std::pair<std::string, nlohmann::json>> eventsOf(const std::string& stream)
{
    std::vector<std::pair<std::string, nlohmann::json>> events;
    std::string name;
    size_t at = 0;
    while (at < stream.size()) {
        size_t end = stream.find('\n', at);
        if (end == std::string::npos)
            end = stream.size();
        const std::string line = stream.substr(at, end - at);
        if (line.rfind("event: ", 0) == 0)
            name = line.substr(7);
        else if (line.rfind("data: ", 0) == 0)
            events.emplace_back(name, nlohmann::json::parse(line.substr(6)));
        at = end + 1;
    }
    return events;
}

}  // namespace

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

    void anthropicRequestMapsToolsCallsAndResults()
    {
        const nlohmann::json body = nlohmann::json::parse(R"({
            "max_tokens": 8,
            "tools": [{"name": "get_weather", "description": "The weather in a city",
                       "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}],
            "tool_choice": {"type": "auto"},
            "messages": [
                {"role": "user", "content": "Weather in Oslo?"},
                {"role": "assistant", "content": [
                    {"type": "text", "text": "Let me look."},
                    {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Oslo"}}]},
                {"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "text", "text": "12 C"}]},
                    {"type": "text", "text": "Thanks."}]}]})");
        const GenerationJob job = messagesJobFromBody(body);
        QCOMPARE(job.messages.size(), size_t(4));
        const auto& assistant = job.messages[1];
        QCOMPARE(assistant.role, std::string("assistant"));
        QCOMPARE(assistant.content.value_or("(none)"), std::string("Let me look."));
        QCOMPARE(assistant.toolCalls.size(), size_t(1));
        QCOMPARE(assistant.toolCalls[0].id, std::string("toolu_1"));
        QCOMPARE(assistant.toolCalls[0].name, std::string("get_weather"));
        QCOMPARE(jsonOf(assistant.toolCalls[0].arguments), nlohmann::json({{"city", "Oslo"}}));
        const auto& result = job.messages[2];
        QCOMPARE(result.role, std::string("tool"));
        QCOMPARE(result.toolCallId.value_or(""), std::string("toolu_1"));
        QCOMPARE(result.name.value_or(""), std::string("get_weather"));
        QCOMPARE(result.content.value_or(""), std::string("12 C"));
        QCOMPARE(job.messages[3].role, std::string("user"));
        QCOMPARE(job.messages[3].content.value_or(""), std::string("Thanks."));

        // The template gets OpenAI's function shape, which Hugging Face templates are written for.
        QVERIFY(job.tools.isList());
        const nlohmann::json tools = jsonOf(job.tools);
        QCOMPARE(tools[0]["type"], nlohmann::json("function"));
        QCOMPARE(tools[0]["function"]["name"], nlohmann::json("get_weather"));
        QCOMPARE(tools[0]["function"]["description"], nlohmann::json("The weather in a city"));
        QCOMPARE(tools[0]["function"]["parameters"], body["tools"][0]["input_schema"]);

        // A turn of tool calls alone is empty text to the template (Qwen 3's fails on none).
        nlohmann::json callsOnly = body;
        callsOnly["messages"][1]["content"].erase(0);
        QCOMPARE(messagesJobFromBody(callsOnly).messages[1].content.value_or("(none)"), std::string());

        nlohmann::json none = body;
        none["tool_choice"] = {{"type", "none"}};
        QVERIFY(!messagesJobFromBody(none).tools.isList());

        // A tool_use block in a user turn is not Anthropic's API: a 400 naming the block.
        nlohmann::json misplaced = body;
        misplaced["messages"][0]["content"] = body["messages"][1]["content"];
        try {
            messagesJobFromBody(misplaced);
            QFAIL("a tool_use block in a user turn was accepted");
        } catch (const ApiError& e) {
            QCOMPARE(e.status(), 400);
            QCOMPARE(e.param(), std::string("messages[0].content[1].type"));
        }
    }

    void anthropicReplyCarriesToolUse()
    {
        strata::model::GenerationMetrics m;
        m.finish = strata::model::FinishReason::EndOfGeneration;
        const AnthropicMessageFormat withTools("m", {}, true);
        const nlohmann::json whole = withTools.whole(kReplyWithCall, {}, m);
        QCOMPARE(whole["stop_reason"], nlohmann::json("tool_use"));
        QCOMPARE(whole["content"].size(), size_t(2));
        QCOMPARE(whole["content"][0], nlohmann::json({{"type", "text"}, {"text", "Let me look."}}));
        const nlohmann::json& use = whole["content"][1];
        QCOMPARE(use["type"], nlohmann::json("tool_use"));
        QCOMPARE(use["name"], nlohmann::json("get_weather"));
        QCOMPARE(use["input"], nlohmann::json({{"city", "Oslo"}}));
        QVERIFY(use["id"].get<std::string>().rfind("toolu_", 0) == 0);

        // Without tools in the request the same text is plain content.
        const AnthropicMessageFormat withoutTools("m", {}, false);
        const nlohmann::json plain = withoutTools.whole(kReplyWithCall, {}, m);
        QCOMPARE(plain["stop_reason"], nlohmann::json("end_turn"));
        QCOMPARE(plain["content"][0]["text"], nlohmann::json(kReplyWithCall));
    }

    void anthropicStreamSendsToolUseBlocks()
    {
        strata::model::GenerationMetrics m;
        AnthropicMessageFormat format("m", {}, true);
        std::string stream = format.streamStart(10);
        const size_t half = kReplyWithCall.size() / 2;
        QCOMPARE(format.streamText(kReplyWithCall.substr(0, half), {}), std::string());
        QCOMPARE(format.streamText(kReplyWithCall.substr(half), {}), std::string());
        stream += format.streamEnd(m);
        const auto events = eventsOf(stream);
        std::vector<std::string> names;
        for (const auto& [name, data] : events) {
            QCOMPARE(data["type"], nlohmann::json(name));
            names.push_back(name);
        }
        QCOMPARE(names, (std::vector<std::string>{"message_start", "ping", "content_block_start", "content_block_delta",
                                                  "content_block_stop", "content_block_start", "content_block_delta",
                                                  "content_block_stop", "message_delta", "message_stop"}));
        QCOMPARE(events[3].second["delta"]["text"], nlohmann::json("Let me look."));
        const nlohmann::json& start = events[5].second;
        QCOMPARE(start["index"], nlohmann::json(1));
        QCOMPARE(start["content_block"]["type"], nlohmann::json("tool_use"));
        QCOMPARE(start["content_block"]["name"], nlohmann::json("get_weather"));
        QCOMPARE(start["content_block"]["input"], nlohmann::json::object());
        const nlohmann::json& delta = events[6].second["delta"];
        QCOMPARE(delta["type"], nlohmann::json("input_json_delta"));
        QCOMPARE(nlohmann::json::parse(delta["partial_json"].get<std::string>()), nlohmann::json({{"city", "Oslo"}}));
        QCOMPARE(events[8].second["delta"]["stop_reason"], nlohmann::json("tool_use"));
    }

    // The official client library reads both shapes: tool_use blocks with their input objects.
    void anthropicSdkReadsToolUse()
    {
        QVERIFY2(QString(STRATA_NODE).size() > 0 && QFile::exists(STRATA_NODE),
                 "node is needed (tools/packages.sh test)");
        QVERIFY2(QFile::exists(QString(STRATA_NPM_DIR) + "/node_modules/@anthropic-ai/sdk"),
                 "run `npm ci --prefix tests/data/npm` first");
        strata::model::GenerationMetrics m;
        QTemporaryDir dir;
        AnthropicMessageFormat whole("m", {}, true);
        QFile wholeFile(dir.filePath("whole.json"));
        QVERIFY(wholeFile.open(QIODevice::WriteOnly));
        wholeFile.write(QByteArray::fromStdString(whole.whole(kReplyWithCall, {}, m).dump()));
        wholeFile.close();
        AnthropicMessageFormat streamed("m", {}, true);
        QFile streamFile(dir.filePath("stream.txt"));
        QVERIFY(streamFile.open(QIODevice::WriteOnly));
        std::string stream = streamed.streamStart(10);  // in order: the format holds the text until the end
        stream += streamed.streamText(kReplyWithCall, {});
        stream += streamed.streamEnd(m);
        streamFile.write(QByteArray::fromStdString(stream));
        streamFile.close();

        QProcess node;
        node.start(STRATA_NODE,
                   {STRATA_TOOL_REPLIES_SCRIPT, wholeFile.fileName(), streamFile.fileName(), STRATA_NPM_DIR});
        QVERIFY(node.waitForFinished(60000));
        const QByteArray out = node.readAllStandardOutput();
        QVERIFY2(node.exitCode() == 0, (out + node.readAllStandardError()).constData());
        QVERIFY(out.contains("anthropic tool replies: all checks passed"));
    }
};

QTEST_GUILESS_MAIN(TestToolCalls)
#include "test_tool_calls.moc"
