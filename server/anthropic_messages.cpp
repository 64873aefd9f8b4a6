#include "server/anthropic_messages.hpp"

#include "server/openai_sampling.hpp"
#include "server/tool_call_parser.hpp"
#include "strata/chat_template/json.hpp"

#include <map>

namespace strata::server {

namespace {

// A content block's "type", once the block is known to be an object (400 naming the field if not).
std::string blockType(const Json& block, const std::string& path)
{
    if (!block.is_object())
        throw ApiError(400, "'" + path + "' must be an object, not " + typeName(block), path);
    return requiredString(block, path + ".type");
}

// A string, or an array of {"type": "text", "text": ...} blocks joined.
std::string textOf(const Json& value, const std::string& path)
{
    if (value.is_string())
        return value.get<std::string>();
    if (!value.is_array())
        throw ApiError(400, "'" + path + "' must be a string or an array of content blocks, not " + typeName(value),
                       path);
    std::string text;
    for (size_t i = 0; i < value.size(); ++i) {
        const Json& block = value[i];
        const std::string blockPath = fieldPath(path, i);
        const std::string type = blockType(block, blockPath);
        if (type != "text")
            throw ApiError(400, "'" + blockPath + ".type' is '" + type + "': this server reads text blocks only",
                           blockPath + ".type");
        text += requiredString(block, blockPath + ".text");
    }
    return text;
}

chat_template::ToolCall toolCallOf(const Json& block, const std::string& path)
{
    chat_template::ToolCall call;
    call.id = requiredString(block, path + ".id");
    call.name = requiredString(block, path + ".name");
    const Json& input = requiredField(block, path + ".input");
    if (!input.is_object())
        throw ApiError(400, "'" + path + ".input' must be an object, not " + typeName(input), path + ".input");
    call.arguments = chat_template::parseJson(jsonText(input));  // templates index the arguments as a dict
    return call;
}

// One request message as the template's messages. Text blocks join into the turn's content; an
// assistant's tool_use blocks are its tool calls; each tool_result block of a user turn is a "tool"
// message (named after the call it answers, which some templates show), in the blocks' order.
// `toolNames`: the calls seen so far, by id.
void appendMessages(const Json& message, const std::string& path, std::map<std::string, std::string>& toolNames,
                    std::vector<chat_template::ChatMessage>& out)
{
    if (!message.is_object())
        throw ApiError(400, "'" + path + "' must be an object, not " + typeName(message), path);
    const std::string role = requiredString(message, path + ".role");
    if (role != "user" && role != "assistant")
        throw ApiError(400, "'" + path + ".role' must be user or assistant, not '" + role + "'", path + ".role");
    const std::string contentPath = path + ".content";
    const Json& content = requiredField(message, contentPath);
    if (content.is_string()) {
        out.push_back({.role = role, .content = content.get<std::string>()});
        return;
    }
    if (!content.is_array())
        throw ApiError(400,
                       "'" + contentPath + "' must be a string or an array of content blocks, not " + typeName(content),
                       contentPath);
    const size_t first = out.size();
    // The turn's own message, where text and tool calls go (after any tool results before them).
    auto turn = [&]() -> chat_template::ChatMessage& {
        if (out.size() == first || out.back().role != role)
            out.push_back({.role = role});
        return out.back();
    };
    for (size_t i = 0; i < content.size(); ++i) {
        const Json& block = content[i];
        const std::string blockPath = fieldPath(contentPath, i);
        const std::string type = blockType(block, blockPath);
        if (type == "text") {
            chat_template::ChatMessage& m = turn();
            m.content = m.content.value_or("") + requiredString(block, blockPath + ".text");
        } else if (type == "tool_use" && role == "assistant") {
            chat_template::ToolCall call = toolCallOf(block, blockPath);
            toolNames[call.id] = call.name;
            turn().toolCalls.push_back(std::move(call));
        } else if (type == "tool_result" && role == "user") {
            chat_template::ChatMessage result{.role = "tool"};
            result.toolCallId = requiredString(block, blockPath + ".tool_use_id");
            if (const auto name = toolNames.find(*result.toolCallId); name != toolNames.end())
                result.name = name->second;
            const auto text = block.find("content");
            result.content =
                text == block.end() || text->is_null() ? std::string() : textOf(*text, blockPath + ".content");
            out.push_back(std::move(result));
        } else {
            throw ApiError(400,
                           "'" + blockPath + ".type' is '" + type
                               + "': this server reads text blocks, tool_use blocks in assistant turns and "
                                 "tool_result blocks in user turns",
                           blockPath + ".type");
        }
    }
    if (out.size() == first)  // an empty array: an empty turn
        out.push_back({.role = role, .content = std::string()});
    // A turn of tool calls alone has empty text, not none, as on OpenAI's route (openai_chat.cpp).
    for (size_t i = first; i < out.size(); ++i)
        if (!out[i].content)
            out[i].content = std::string();
}

// Anthropic's tools ({name, description, input_schema}) in OpenAI's function shape, the one chat
// templates are written for; undefined when tool_choice is "none" or there are none.
chat_template::Value toolsOf(const Json& body)
{
    const auto tools = body.find("tools");
    if (tools == body.end() || tools->is_null())
        return chat_template::Value::undefined();
    if (!tools->is_array())
        throw ApiError(400, "'tools' must be an array, not " + typeName(*tools), "tools");
    Json functions = Json::array();
    for (size_t i = 0; i < tools->size(); ++i) {
        const Json& tool = (*tools)[i];
        const std::string path = fieldPath("tools", i);
        if (!tool.is_object())
            throw ApiError(400, "'" + path + "' must be an object, not " + typeName(tool), path);
        Json function = {{"name", requiredString(tool, path + ".name")}};
        if (const auto description = stringField(tool, path + ".description"))
            function["description"] = *description;
        const Json& schema = requiredField(tool, path + ".input_schema");
        if (!schema.is_object())
            throw ApiError(400, "'" + path + ".input_schema' must be an object, not " + typeName(schema),
                           path + ".input_schema");
        function["parameters"] = schema;
        functions.push_back({{"type", "function"}, {"function", std::move(function)}});
    }
    // "auto", "any" and "tool" cannot be enforced on the model's output; "none" keeps the tools out.
    if (const auto choice = body.find("tool_choice"); choice != body.end() && !choice->is_null()) {
        if (!choice->is_object())
            throw ApiError(400, "'tool_choice' must be an object, not " + typeName(*choice), "tool_choice");
        const std::string type = requiredString(*choice, "tool_choice.type");
        if (type != "auto" && type != "any" && type != "tool" && type != "none")
            throw ApiError(400, "'tool_choice.type' must be auto, any, tool or none, not '" + type + "'",
                           "tool_choice.type");
        if (type == "none")
            return chat_template::Value::undefined();
    }
    if (functions.empty())
        return chat_template::Value::undefined();
    return chat_template::parseJson(jsonText(functions));
}

// A call's input: the model's arguments when they are a JSON object (as text or as an object),
// else an empty object (Anthropic's input is always one).
Json inputOf(const ParsedToolCall& call)
{
    Json input = Json::parse(call.arguments, nullptr, false);
    if (input.is_string())
        input = Json::parse(input.get<std::string>(), nullptr, false);
    return input.is_object() ? input : Json::object();
}

Json toolUseBlock(const ParsedToolCall& call, Json input)
{
    return {{"type", "tool_use"}, {"id", randomId("toolu_")}, {"name", call.name}, {"input", std::move(input)}};
}

}  // namespace

GenerationJob messagesJobFromBody(const Json& body)
{
    GenerationJob job;
    if (const auto system = body.find("system"); system != body.end() && !system->is_null())
        job.messages.push_back({.role = "system", .content = textOf(*system, "system")});
    const Json& messages = requiredField(body, "messages");
    if (!messages.is_array())
        throw ApiError(400, "'messages' must be an array, not " + typeName(messages), "messages");
    if (messages.empty())
        throw ApiError(400, "'messages' must not be empty", "messages");
    std::map<std::string, std::string> toolNames;
    for (size_t i = 0; i < messages.size(); ++i)
        appendMessages(messages[i], fieldPath("messages", i), toolNames, job.messages);
    job.tools = toolsOf(body);
    model::GenerationRequest& r = job.request;
    if (!requiredField(body, "max_tokens").is_number_integer())
        throw ApiError(400, "'max_tokens' must be an integer", "max_tokens");
    r.maxTokens = uint32_t(*integerField(body, "max_tokens", 1, INT32_MAX));
    if (auto t = numberField(body, "temperature", 0.0, 1.0))
        r.sampling.temperature = float(*t);
    if (auto p = numberField(body, "top_p", 0.0, 1.0))
        r.sampling.topP = float(*p);
    if (auto k = integerField(body, "top_k", 0, 1 << 20))
        r.sampling.topK = int32_t(*k);
    r.sampling.seed = freshSeed();
    if (const auto stops = body.find("stop_sequences"); stops != body.end() && !stops->is_null() && !stops->is_array())
        throw ApiError(400, "'stop_sequences' must be an array of strings, not " + typeName(*stops), "stop_sequences");
    r.stopStrings = stringOrStrings(body, "stop_sequences", 64);
    return job;
}

const char* anthropicStopReason(model::FinishReason reason)
{
    switch (reason) {
    case model::FinishReason::StopString: return "stop_sequence";
    case model::FinishReason::Length:
    case model::FinishReason::ContextFull: return "max_tokens";
    default: return "end_turn";
    }
}

AnthropicMessageFormat::AnthropicMessageFormat(std::string model, std::vector<std::string> stops, bool tools)
    : id_(randomId("msg_")), model_(std::move(model)), stops_(std::move(stops)), tools_(tools)
{}

Json AnthropicMessageFormat::stopSequence(const model::GenerationMetrics& metrics) const
{
    // The engine's stop filter does not say which string matched; with one there is no doubt.
    if (metrics.finish == model::FinishReason::StopString && stops_.size() == 1)
        return stops_.front();
    return nullptr;
}

Json AnthropicMessageFormat::whole(const std::string& text, const std::vector<TokenLogprob>&,
                                   const model::GenerationMetrics& metrics) const
{
    Json content = Json::array({{{"type", "text"}, {"text", text}}});
    Json stopReason = anthropicStopReason(metrics.finish);
    Json stop = stopSequence(metrics);
    if (tools_) {
        const ParsedReply reply = parseToolCalls(text);
        if (!reply.calls.empty()) {
            content = Json::array();
            if (!reply.content.empty())
                content.push_back({{"type", "text"}, {"text", reply.content}});
            for (const ParsedToolCall& call : reply.calls)
                content.push_back(toolUseBlock(call, inputOf(call)));
            stopReason = "tool_use";
            stop = nullptr;
        }
    }
    return {{"id", id_},
            {"type", "message"},
            {"role", "assistant"},
            {"model", model_},
            {"content", std::move(content)},
            {"stop_reason", std::move(stopReason)},
            {"stop_sequence", std::move(stop)},
            {"usage", {{"input_tokens", metrics.promptTokens}, {"output_tokens", metrics.generatedTokens}}}};
}

namespace {

std::string blockStart(size_t index, const Json& block)
{
    return sseEvent({{"type", "content_block_start"}, {"index", index}, {"content_block", block}},
                    "content_block_start");
}

std::string blockDelta(size_t index, const Json& delta)
{
    return sseEvent({{"type", "content_block_delta"}, {"index", index}, {"delta", delta}}, "content_block_delta");
}

std::string blockStop(size_t index)
{
    return sseEvent({{"type", "content_block_stop"}, {"index", index}}, "content_block_stop");
}

Json textDelta(std::string_view text)
{
    return {{"type", "text_delta"}, {"text", std::string(text)}};
}

}  // namespace

std::string AnthropicMessageFormat::streamStart(uint32_t promptTokens)
{
    const Json message = {{"id", id_},
                          {"type", "message"},
                          {"role", "assistant"},
                          {"model", model_},
                          {"content", Json::array()},
                          {"stop_reason", nullptr},
                          {"stop_sequence", nullptr},
                          {"usage", {{"input_tokens", promptTokens}, {"output_tokens", 0}}}};
    std::string out = sseEvent({{"type", "message_start"}, {"message", message}}, "message_start");
    if (!tools_)  // with tools, the blocks are known at the end
        out += blockStart(0, {{"type", "text"}, {"text", ""}});
    return out + sseEvent({{"type", "ping"}}, "ping");
}

std::string AnthropicMessageFormat::streamText(std::string_view piece, const std::vector<TokenLogprob>&)
{
    if (tools_) {
        heldText_ += piece;
        return {};
    }
    return blockDelta(0, textDelta(piece));
}

std::string AnthropicMessageFormat::streamEnd(const model::GenerationMetrics& metrics)
{
    std::string out;
    Json stopReason = anthropicStopReason(metrics.finish);
    Json stop = stopSequence(metrics);
    if (!tools_) {
        out += blockStop(0);
    } else {
        const ParsedReply reply = parseToolCalls(heldText_);
        size_t index = 0;
        if (reply.calls.empty() || !reply.content.empty()) {
            out += blockStart(index, {{"type", "text"}, {"text", ""}});
            if (!reply.content.empty())
                out += blockDelta(index, textDelta(reply.content));
            out += blockStop(index++);
        }
        for (const ParsedToolCall& call : reply.calls) {
            // Anthropic's own stream starts the block with an empty input and sends it as JSON text.
            const Json input = inputOf(call);
            out += blockStart(index, toolUseBlock(call, Json::object()));
            out += blockDelta(index, {{"type", "input_json_delta"}, {"partial_json", jsonText(input)}});
            out += blockStop(index++);
        }
        if (!reply.calls.empty()) {
            stopReason = "tool_use";
            stop = nullptr;
        }
    }
    return out
           + sseEvent({{"type", "message_delta"},
                       {"delta", {{"stop_reason", std::move(stopReason)}, {"stop_sequence", std::move(stop)}}},
                       {"usage", {{"output_tokens", metrics.generatedTokens}}}},
                      "message_delta")
           + sseEvent({{"type", "message_stop"}}, "message_stop");
}

}  // namespace strata::server
