// One conversation's state on a loaded model: the tokens in its context, their KV cache, and the
// logits of the last one. Token-level; the text layer (tokenizer, chat template) sits on top.
//
//   Session s(model, {.contextLength = 4096});
//   s.setPrompt(ids, progress);            // only what differs from the last prompt is prefilled
//   while (...) { int32_t t = s.sample(sampler); s.append(t); }
#pragma once

#include "strata/model/model.hpp"
#include "strata/model/sampler.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace strata::model {

struct SessionOptions {
    uint32_t contextLength = 0;  // 0: the model's trained context, capped at 4096
    KvType kv = KvType::F16;
};

// Called after each prefill chunk with (tokens done, tokens to do). Return false to cancel.
using PrefillProgress = std::function<bool(uint32_t done, uint32_t total)>;

struct PrefillResult {
    uint32_t reused = 0;    // tokens kept from the previous prompt (prefix reuse)
    uint32_t computed = 0;  // tokens prefilled now
    bool cancelled = false;
    std::chrono::duration<double> elapsed{0};
    double tokensPerSecond() const { return elapsed.count() > 0 ? computed / elapsed.count() : 0.0; }
};

class Session {
public:
    Session(Model& model, SessionOptions options = {});

    // Makes the context hold exactly `tokens`. Keeps the longest common prefix with what it holds
    // (at least one token is always recomputed, so logits() belong to the last prompt token).
    // Throws strata::Error when the prompt does not fit the context.
    PrefillResult setPrompt(std::span<const int32_t> tokens, const PrefillProgress& progress = {});

    // Appends one token (a sampled one, usually) and computes the logits after it.
    void append(int32_t token);
    int32_t sample(Sampler& sampler) const;

    std::span<const float> logits() const { return logits_; }
    const std::vector<int32_t>& tokens() const { return tokens_; }
    uint32_t contextLength() const { return sequence_->capacity(); }
    uint32_t remaining() const { return contextLength() - uint32_t(tokens_.size()); }
    void clear();

private:
    Model& model_;
    std::unique_ptr<Sequence> sequence_;
    std::vector<int32_t> tokens_;
    std::vector<float> logits_;
};

}  // namespace strata::model
