// POST /v1/messages: Anthropic's Messages API read into a GenerationJob, and its reply shapes:
// a "message" object, or the stream message_start, content_block_start, ping, content_block_delta...,
// content_block_stop, message_delta, message_stop.
#pragma once

#include "server/generation_queue.hpp"
#include "server/json_fields.hpp"
#include "server/reply_format.hpp"

namespace strata::server {

// max_tokens is required (as Anthropic requires it); system is a string or text blocks; content
// blocks other than text are a 400 for now.
GenerationJob messagesJobFromBody(const Json& body);

class AnthropicMessageFormat : public ReplyFormat {
public:
    // `stops`: the request's stop_sequences; with exactly one, a stop names it as stop_sequence.
    AnthropicMessageFormat(std::string model, std::vector<std::string> stops);
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
    uint32_t promptTokens_ = 0;
};

// Anthropic's stop_reason: end_turn, max_tokens or stop_sequence.
const char* anthropicStopReason(model::FinishReason reason);

}  // namespace strata::server
