#include "strata/model/session.hpp"

#include "strata/core/error.hpp"

#include <algorithm>
#include <string>

namespace strata::model {

namespace {
// A KV cache larger than this many times the file, beyond the floor, means sizes the weights do
// not back (issue 18: 19 MB of crafted weights asked for a 4 GiB cache at the default context).
// Real models stay far below it: Llama 3.2 1B Q4_K_M at 128k tokens of f16 cache is 5.6x its file,
// Qwen2.5 0.5B at 128k about 4x.
constexpr uint64_t kKvPerFileByte = 32;
constexpr uint64_t kKvFloorBytes = 1ull << 30;

uint32_t chooseContext(const Model& model, uint32_t requested, KvType kv)
{
    const Hparams& h = model.hparams();
    const uint32_t context =
        requested > 0 ? requested : std::min<uint32_t>(h.contextLength > 0 ? h.contextLength : 4096, 4096);
    // K and V rows of kvDim values per position and layer: f16, or Q8_0's 34 bytes per 32.
    const uint64_t rowBytes = kv == KvType::F16 ? h.kvDim() * 2 : h.kvDim() / 32 * 34;
    const uint64_t need = 2 * rowBytes * context * h.layers;
    const uint64_t limit = std::max(kKvFloorBytes, kKvPerFileByte * model.file().fileBytes());
    if (need > limit)
        throw Error(model.file().name() + ": a KV cache of " + std::to_string(context) + " tokens needs "
                    + std::to_string(need >> 20) + " MiB, more than the " + std::to_string(limit >> 20)
                    + " MiB this file's size makes plausible; choose a shorter context");
    return context;
}
}  // namespace

Session::Session(Model& model, SessionOptions options)
    : model_(model),
      sequence_(model.backend().newSequence(chooseContext(model, options.contextLength, options.kv), options.kv)),
      logits_(model.hparams().vocabSize)
{}

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
        throw Error("the prompt has " + std::to_string(tokens.size()) + " tokens but the context holds "
                    + std::to_string(contextLength()) + "; shorten it or raise the context length");

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
        model_.backend().forward(*sequence_, tokens.subspan(at, n),
                                 last ? std::span<float>(logits_) : std::span<float>());
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
