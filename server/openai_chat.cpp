#include "server/openai_chat.hpp"

#include "server/openai_sampling.hpp"
#include "server/tool_call_parser.hpp"
#include "strata/chat_template/json.hpp"

#include <ctime>

namespace strata::server {

namespace {

// A message's content: a string, or text parts joined (what the chat templates expect).
std::optional<std::string> contentOf(const Json& message, const std::string& path)
{
    const auto it = message.find("content");
    if (it == message.end() || it->is_null())
        return std::nullopt;
    if (it->is_string())
        return it->get<std::string>();
    if (!it->is_array())
        throw ApiError(400, "'" + path + "' must be a string or an array of content parts, not " + typeName(*it), path);
    std::string text;
    for (size_t i = 0; i < it->size(); ++i) {
        const Json& part = (*it)[i];
        const std::string partPath = fieldPath(path, i);
        if (!part.is_object())
            throw ApiError(400, "'" + partPath + "' must be an object, not " + typeName(part), partPath);
        const std::string type = requiredString(part, partPath + ".type");
        if (type != "text")
            throw ApiError(400, "'" + partPath + ".type' is '" + type + "': this server reads text parts only",
                           partPath + ".type");
        text += requiredString(part, partPath + ".text");
    }
    return text;
}

std::vector<chat_template::ToolCall> toolCallsOf(const Json& message, const std::string& path)
{
    std::vector<chat_template::ToolCall> calls;
    const auto it = message.find("tool_calls");
    if (it == message.end() || it->is_null())
        return calls;
    if (!it->is_array())
        throw ApiError(400, "'" + path + "' must be an array, not " + typeName(*it), path);
    for (size_t i = 0; i < it->size(); ++i) {
        const Json& call = (*it)[i];
        const std::string callPath = fieldPath(path, i);
        if (!call.is_object())
            throw ApiError(400, "'" + callPath + "' must be an object, not " + typeName(call), callPath);
        const Json& function = requiredField(call, callPath + ".function");
        if (!function.is_object())
            throw ApiError(400, "'" + callPath + ".function' must be an object", callPath + ".function");
        chat_template::ToolCall out;
        out.id = stringField(call, callPath + ".id").value_or("");
        out.name = requiredString(function, callPath + ".function.name");
        const std::string arguments = stringField(function, callPath + ".function.arguments").value_or("{}");
        // Templates index the arguments as a dict; text that is not JSON stays a string.
        try {
            out.arguments = chat_template::parseJson(arguments);
        } catch (const std::exception&) {
            out.arguments = chat_template::Value(arguments);
        }
        calls.push_back(std::move(out));
    }
    return calls;
}

chat_template::ChatMessage messageOf(const Json& message, const std::string& path)
{
    if (!message.is_object())
        throw ApiError(400, "'" + path + "' must be an object, not " + typeName(message), path);
    chat_template::ChatMessage out;
    out.role = requiredString(message, path + ".role");
    if (out.role == "developer")  // the newer name for system; the templates know "system"
        out.role = "system";
    if (out.role != "system" && out.role != "user" && out.role != "assistant" && out.role != "tool")
        throw ApiError(400,
                       "'" + path + ".role' must be system, developer, user, assistant or tool, not '" + out.role + "'",
                       path + ".role");
    out.content = contentOf(message, path + ".content");
    out.toolCalls = toolCallsOf(message, path + ".tool_calls");
    out.name = stringField(message, path + ".name");
    out.toolCallId = stringField(message, path + ".tool_call_id");
    if (!out.content && out.toolCalls.empty())
        throw ApiError(400, "'" + path + ".content' is required", path + ".content");
    // A tool-calling turn's null content is empty text to the template: Qwen 3's tests
    // `'</think>' in message.content`, which fails on none (llama.cpp passes "" for such templates too).
    if (!out.content)
        out.content = std::string();
    return out;
}

}  // namespace

GenerationJob chatJobFromBody(const Json& body, uint32_t contextLength)
{
    GenerationJob job;
    const Json& messages = requiredField(body, "messages");
    if (!messages.is_array())
        throw ApiError(400, "'messages' must be an array, not " + typeName(messages), "messages");
    if (messages.empty())
        throw ApiError(400, "'messages' must not be empty", "messages");
    for (size_t i = 0; i < messages.size(); ++i)
        job.messages.push_back(messageOf(messages[i], fieldPath("messages", i)));
    if (const auto tools = body.find("tools"); tools != body.end() && !tools->is_null()) {
        if (!tools->is_array())
            throw ApiError(400, "'tools' must be an array, not " + typeName(*tools), "tools");
        const auto choice = body.find("tool_choice");
        const bool none = choice != body.end() && *choice == Json("none");
        if (!none && !tools->empty())
            job.tools = chat_template::parseJson(tools->dump());
    }
    job.request = openAiGenerationRequest(body, contextLength);
    const auto top = integerField(body, "top_logprobs", 0, 20);
    if (boolField(body, "logprobs").value_or(false))
        job.topLogprobs = int(top.value_or(0));
    else if (top)
        throw ApiError(400, "'top_logprobs' needs 'logprobs': true", "top_logprobs");
    return job;
}

const char* openAiFinishReason(model::FinishReason reason)
{
    switch (reason) {
    case model::FinishReason::Length:
    case model::FinishReason::ContextFull: return "length";
    default: return "stop";
    }
}

Json openAiUsage(const model::GenerationMetrics& m)
{
    return {{"prompt_tokens", m.promptTokens},
            {"completion_tokens", m.generatedTokens},
            {"total_tokens", m.promptTokens + m.generatedTokens},
            {"prompt_tokens_details", {{"cached_tokens", m.reusedTokens}}}};
}

OpenAiChatFormat::OpenAiChatFormat(std::string model, bool includeUsage, bool logprobs, bool tools)
    : id_(randomId("chatcmpl-")), model_(std::move(model)), created_(std::time(nullptr)), includeUsage_(includeUsage),
      logprobs_(logprobs), tools_(tools)
{}

namespace {

// OpenAI's tool_calls entries; `index` only in stream deltas.
Json toolCallsJson(const std::vector<ParsedToolCall>& calls, bool withIndex)
{
    Json out = Json::array();
    for (size_t i = 0; i < calls.size(); ++i) {
        Json call = {{"id", randomId("call_")},
                     {"type", "function"},
                     {"function", {{"name", calls[i].name}, {"arguments", calls[i].arguments}}}};
        if (withIndex)
            call["index"] = i;
        out.push_back(std::move(call));
    }
    return out;
}

Json bytesOf(const std::string& text)
{
    Json bytes = Json::array();
    for (unsigned char c : text)
        bytes.push_back(int(c));
    return bytes;
}

}  // namespace

Json OpenAiChatFormat::logprobsField(const std::vector<TokenLogprob>& logprobs) const
{
    if (!logprobs_)
        return nullptr;
    Json content = Json::array();
    for (const TokenLogprob& t : logprobs) {
        Json top = Json::array();
        for (const TokenLogprob::Alternative& a : t.top)
            top.push_back({{"token", a.bytes}, {"logprob", a.logprob}, {"bytes", bytesOf(a.bytes)}});
        content.push_back({{"token", t.bytes},
                           {"logprob", t.logprob},
                           {"bytes", bytesOf(t.bytes)},
                           {"top_logprobs", std::move(top)}});
    }
    return {{"content", std::move(content)}, {"refusal", nullptr}};
}

Json OpenAiChatFormat::whole(const std::string& text, const std::vector<TokenLogprob>& logprobs,
                             const model::GenerationMetrics& metrics) const
{
    Json message = {{"role", "assistant"}, {"content", text}};
    std::string finish = openAiFinishReason(metrics.finish);
    if (tools_) {
        ParsedReply reply = parseToolCalls(text);
        if (!reply.calls.empty()) {
            message["content"] = reply.content.empty() ? Json(nullptr) : Json(reply.content);
            message["tool_calls"] = toolCallsJson(reply.calls, false);
            finish = "tool_calls";
        }
    }
    return {{"id", id_},
            {"object", "chat.completion"},
            {"created", created_},
            {"model", model_},
            {"choices", Json::array({{{"index", 0},
                                      {"message", std::move(message)},
                                      {"logprobs", logprobsField(logprobs)},
                                      {"finish_reason", finish}}})},
            {"usage", openAiUsage(metrics)},
            {"timings", timingsOf(metrics)}};
}

Json OpenAiChatFormat::chunk(Json delta, Json finishReason, const std::vector<TokenLogprob>& logprobs) const
{
    Json c = {{"id", id_},
              {"object", "chat.completion.chunk"},
              {"created", created_},
              {"model", model_},
              {"choices", Json::array({{{"index", 0},
                                        {"delta", std::move(delta)},
                                        {"logprobs", logprobs.empty() ? Json(nullptr) : logprobsField(logprobs)},
                                        {"finish_reason", std::move(finishReason)}}})}};
    if (includeUsage_)
        c["usage"] = nullptr;
    return c;
}

std::string OpenAiChatFormat::streamStart(uint32_t)
{
    return sseEvent(chunk({{"role", "assistant"}, {"content", ""}}, nullptr));
}

std::string OpenAiChatFormat::streamText(std::string_view piece, const std::vector<TokenLogprob>& logprobs)
{
    if (tools_) {
        heldText_ += piece;
        return logprobs.empty() ? std::string() : sseEvent(chunk({{"content", ""}}, nullptr, logprobs));
    }
    return sseEvent(chunk({{"content", std::string(piece)}}, nullptr, logprobs));
}

std::string OpenAiChatFormat::streamEnd(const model::GenerationMetrics& metrics)
{
    std::string out;
    std::string finish = openAiFinishReason(metrics.finish);
    if (tools_) {
        const ParsedReply reply = parseToolCalls(heldText_);
        if (!reply.content.empty())
            out += sseEvent(chunk({{"content", reply.content}}, nullptr));
        if (!reply.calls.empty()) {
            out += sseEvent(chunk({{"tool_calls", toolCallsJson(reply.calls, true)}}, nullptr));
            finish = "tool_calls";
        }
    }
    Json last = chunk(Json::object(), finish);
    last["timings"] = timingsOf(metrics);
    out += sseEvent(last);
    if (includeUsage_) {
        Json usage = chunk(Json::object(), nullptr);
        usage["choices"] = Json::array();
        usage["usage"] = openAiUsage(metrics);
        out += sseEvent(usage);
    }
    return out + "data: [DONE]\n\n";
}

}  // namespace strata::server
