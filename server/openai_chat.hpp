// POST /v1/chat/completions: OpenAI's chat request read into a GenerationJob, and its reply
// shapes (chat.completion, and chat.completion.chunk events ending with "data: [DONE]").
#pragma once

#include "server/generation_queue.hpp"
#include "server/json_fields.hpp"
#include "server/reply_format.hpp"

namespace strata::server {

// Text-only messages (a string, or an array of {"type": "text"} parts), assistant tool_calls, tool
// results, and `tools` passed to the chat template (unless tool_choice is "none").
GenerationJob chatJobFromBody(const Json& body, uint32_t contextLength);

class OpenAiChatFormat : public ReplyFormat {
public:
    // `includeUsage`: stream_options.include_usage, a last chunk with the usage and no choices.
    // `logprobs`: the request asked for them; choices carry {"content": [...]} instead of null.
    // `tools`: the request offered tools; <tool_call> blocks in the reply become tool_calls, so a
    // stream holds the text back and sends it, and the calls, at the end.
    OpenAiChatFormat(std::string model, bool includeUsage, bool logprobs, bool tools);
    nlohmann::json whole(const std::string& text, const std::vector<TokenLogprob>& logprobs,
                         const model::GenerationMetrics& metrics) const override;
    std::string streamStart(uint32_t promptTokens) override;
    std::string streamText(std::string_view piece, const std::vector<TokenLogprob>& logprobs) override;
    std::string streamEnd(const model::GenerationMetrics& metrics) override;

private:
    nlohmann::json chunk(nlohmann::json delta, nlohmann::json finishReason,
                         const std::vector<TokenLogprob>& logprobs = {}) const;
    nlohmann::json logprobsField(const std::vector<TokenLogprob>& logprobs) const;

    std::string id_;
    std::string model_;
    long long created_;
    bool includeUsage_;
    bool logprobs_;
    bool tools_;
    std::string heldText_;  // with tools: the reply so far, parsed at the end
};

// OpenAI's finish_reason for the engine's: "stop" or "length".
const char* openAiFinishReason(model::FinishReason reason);
nlohmann::json openAiUsage(const model::GenerationMetrics& metrics);

}  // namespace strata::server
