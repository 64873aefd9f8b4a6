#include "server/anthropic_messages.hpp"

#include "server/openai_sampling.hpp"

namespace strata::server {

namespace {

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
        if (!block.is_object())
            throw ApiError(400, "'" + blockPath + "' must be an object, not " + typeName(block), blockPath);
        const std::string type = requiredString(block, blockPath + ".type");
        if (type != "text")
            throw ApiError(400, "'" + blockPath + ".type' is '" + type + "': this server reads text blocks only",
                           blockPath + ".type");
        text += requiredString(block, blockPath + ".text");
    }
    return text;
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
    for (size_t i = 0; i < messages.size(); ++i) {
        const std::string path = fieldPath("messages", i);
        if (!messages[i].is_object())
            throw ApiError(400, "'" + path + "' must be an object, not " + typeName(messages[i]), path);
        const std::string role = requiredString(messages[i], path + ".role");
        if (role != "user" && role != "assistant")
            throw ApiError(400, "'" + path + ".role' must be user or assistant, not '" + role + "'", path + ".role");
        job.messages.push_back(
            {.role = role, .content = textOf(requiredField(messages[i], path + ".content"), path + ".content")});
    }
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

AnthropicMessageFormat::AnthropicMessageFormat(std::string model, std::vector<std::string> stops)
    : id_(randomId("msg_")), model_(std::move(model)), stops_(std::move(stops))
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
    return {{"id", id_},
            {"type", "message"},
            {"role", "assistant"},
            {"model", model_},
            {"content", Json::array({{{"type", "text"}, {"text", text}}})},
            {"stop_reason", anthropicStopReason(metrics.finish)},
            {"stop_sequence", stopSequence(metrics)},
            {"usage", {{"input_tokens", metrics.promptTokens}, {"output_tokens", metrics.generatedTokens}}}};
}

std::string AnthropicMessageFormat::streamStart(uint32_t promptTokens)
{
    promptTokens_ = promptTokens;
    const Json message = {{"id", id_},
                          {"type", "message"},
                          {"role", "assistant"},
                          {"model", model_},
                          {"content", Json::array()},
                          {"stop_reason", nullptr},
                          {"stop_sequence", nullptr},
                          {"usage", {{"input_tokens", promptTokens}, {"output_tokens", 0}}}};
    return sseEvent({{"type", "message_start"}, {"message", message}}, "message_start")
           + sseEvent(
               {{"type", "content_block_start"}, {"index", 0}, {"content_block", {{"type", "text"}, {"text", ""}}}},
               "content_block_start")
           + sseEvent({{"type", "ping"}}, "ping");
}

std::string AnthropicMessageFormat::streamText(std::string_view piece, const std::vector<TokenLogprob>&)
{
    return sseEvent({{"type", "content_block_delta"},
                     {"index", 0},
                     {"delta", {{"type", "text_delta"}, {"text", std::string(piece)}}}},
                    "content_block_delta");
}

std::string AnthropicMessageFormat::streamEnd(const model::GenerationMetrics& metrics)
{
    return sseEvent({{"type", "content_block_stop"}, {"index", 0}}, "content_block_stop")
           + sseEvent(
               {{"type", "message_delta"},
                {"delta",
                 {{"stop_reason", anthropicStopReason(metrics.finish)}, {"stop_sequence", stopSequence(metrics)}}},
                {"usage", {{"output_tokens", metrics.generatedTokens}}}},
               "message_delta")
           + sseEvent({{"type", "message_stop"}}, "message_stop");
}

}  // namespace strata::server
