#include "strata/model/session.hpp"

#include "strata/core/error.hpp"

#include <algorithm>
#include <string>

namespace strata::model {

namespace {
uint32_t chooseContext(const Hparams& h, uint32_t requested)
{
    if (requested > 0)
        return requested;
    return std::min<uint32_t>(h.contextLength > 0 ? h.contextLength : 4096, 4096);
}
}  // namespace

Session::Session(Model& model, SessionOptions options)
    : model_(model),
      sequence_(model.backend().newSequence(chooseContext(model.hparams(), options.contextLength), options.kv)),
      logits_(model.hparams().vocabSize)
{
}

void Session::clear()
{
    sequence_->truncate(0);
    tokens_.clear();
}

PrefillResult Session::setPrompt(std::span<const int32_t> tokens, const PrefillProgress& progress)
{
    PrefillResult result;
    if (tokens.empty())
        throw Error("the prompt is empty");
    if (tokens.size() > contextLength())
        throw Error("the prompt has " + std::to_string(tokens.size()) + " tokens but the context holds " +
                    std::to_string(contextLength()) + "; shorten it or raise the context length");

    // Longest common prefix, minus one so the last prompt token's logits are computed afresh.
    size_t keep = 0;
    while (keep < tokens_.size() && keep < tokens.size() && tokens_[keep] == tokens[keep])
        ++keep;
    keep = std::min(keep, tokens.size() - 1);
    sequence_->truncate(uint32_t(keep));
    tokens_.resize(keep);
    result.reused = uint32_t(keep);

    const auto start = std::chrono::steady_clock::now();
    const uint32_t total = uint32_t(tokens.size() - keep);
    const uint32_t batch = model_.backend().maxBatch();
    for (size_t at = keep; at < tokens.size();) {
        const size_t n = std::min<size_t>(batch, tokens.size() - at);
        const bool last = at + n == tokens.size();
        model_.backend().forward(*sequence_, tokens.subspan(at, n), last ? std::span<float>(logits_) : std::span<float>());
        tokens_.insert(tokens_.end(), tokens.begin() + long(at), tokens.begin() + long(at + n));
        at += n;
        result.computed += uint32_t(n);
        if (progress && !progress(result.computed, total) && !last) {
            result.cancelled = true;
            break;
        }
    }
    result.elapsed = std::chrono::steady_clock::now() - start;
    return result;
}

void Session::append(int32_t token)
{
    if (remaining() == 0)
        throw Error("the context is full (" + std::to_string(contextLength()) + " tokens)");
    const int32_t one[1] = {token};
    model_.backend().forward(*sequence_, one, logits_);
    tokens_.push_back(token);
}

int32_t Session::sample(Sampler& sampler) const
{
    return sampler.sample(logits_, tokens_);
}

}  // namespace strata::model
