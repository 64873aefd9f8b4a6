// POST /v1/completions: OpenAI's legacy text completion. The prompt is a string or token ids (one
// prompt per request), tokenized as strata-cli -p does, so greedy output matches the CLI's.
#pragma once

#include "server/generation_queue.hpp"
#include "server/json_fields.hpp"
#include "server/reply_format.hpp"

namespace strata::server {

GenerationJob completionJobFromBody(const Json& body, uint32_t contextLength);

class OpenAiCompletionFormat : public ReplyFormat {
public:
    // logprobs: each token's logprob and its alternatives go in the legacy `logprobs` object.
    OpenAiCompletionFormat(std::string model, bool includeUsage, bool logprobs);
    nlohmann::json whole(const std::string& text, const std::vector<TokenLogprob>& logprobs,
                         const model::GenerationMetrics& metrics) const override;
    std::string streamStart(uint32_t promptTokens) override;
    std::string streamText(std::string_view piece, const std::vector<TokenLogprob>& logprobs) override;
    std::string streamEnd(const model::GenerationMetrics& metrics) override;

private:
    nlohmann::json chunk(const std::string& text, nlohmann::json finishReason, nlohmann::json logprobs = nullptr) const;
    nlohmann::json legacyLogprobs(const std::vector<TokenLogprob>& logprobs, size_t& offset) const;

    std::string id_;
    std::string model_;
    long long created_;
    bool includeUsage_;
    bool logprobs_;
    size_t streamOffset_ = 0;  // byte offset of the next streamed token in the completion
};

}  // namespace strata::server
