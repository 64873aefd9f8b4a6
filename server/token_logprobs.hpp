// Log-probabilities of generated tokens for OpenAI's `logprobs` / `top_logprobs`: the model's own
// distribution (log-softmax of the logits, before penalties and temperature), as OpenAI reports it.
#pragma once

#include "strata/tokenizer/tokenizer.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace strata::server {

struct TokenLogprob {
    std::string bytes;  // the token's text as bytes (may be part of a UTF-8 character)
    float logprob = 0;
    struct Alternative {
        std::string bytes;
        float logprob = 0;
    };
    std::vector<Alternative> top;  // the `top` most likely tokens, most likely first
};

// O(vocabulary) per token: one pass for the normaliser, one for the top entries (top <= 20).
TokenLogprob tokenLogprob(const tokenizer::Tokenizer& tokenizer, int32_t token, std::span<const float> logits, int top);

}  // namespace strata::server
