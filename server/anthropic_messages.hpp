// POST /v1/messages: Anthropic's Messages API read into a GenerationJob, and its reply shapes:
// a "message" object, or the stream message_start, content_block_start, ping, content_block_delta...,
// content_block_stop, message_delta, message_stop.
#pragma once

#include "server/generation_queue.hpp"
#include "server/json_fields.hpp"
#include "server/reply_format.hpp"

namespace strata::server {

// max_tokens is required (as Anthropic requires it); system is a string or text blocks. Content
// blocks: text; tool_use in assistant turns (the template's tool calls); tool_result in user turns
// (the template's "tool" messages). Other blocks (images, documents) are a 400. `tools`
// ({name, description, input_schema}) reach the chat template in OpenAI's function shape, as
// Hugging Face templates expect, unless tool_choice is {"type": "none"}.
GenerationJob messagesJobFromBody(const Json& body);

class AnthropicMessageFormat : public ReplyFormat {
public:
    // `stops`: the request's stop_sequences; with exactly one, a stop names it as stop_sequence.
    // `tools`: the request offered tools; <tool_call> blocks in the reply become tool_use content
    // blocks with stop_reason "tool_use", so a stream holds the text back and sends it, and the
    // calls (content_block_start with the tool_use block, then input_json_delta), at the end.
    AnthropicMessageFormat(std::string model, std::vector<std::string> stops, bool tools = false);
    nlohmann::json whole(const std::string& text, const std::vector<TokenLogprob>& logprobs,
                         const model::GenerationMetrics& metrics) const override;
    std::string streamStart(uint32_t promptTokens) override;
    std::string streamText(std::string_view piece, const std::vector<TokenLogprob>& logprobs) override;
    std::string streamEnd(const model::GenerationMetrics& metrics) override;

private:
    nlohmann::json stopSequence(const model::GenerationMetrics& metrics) const;

    std::string id_;
    std::string model_;
    std::vector<std::string> stops_;
    bool tools_;
    std::string heldText_;  // with tools: the reply so far, parsed at the end
};

// Anthropic's stop_reason: end_turn, max_tokens or stop_sequence.
const char* anthropicStopReason(model::FinishReason reason);

}  // namespace strata::server
