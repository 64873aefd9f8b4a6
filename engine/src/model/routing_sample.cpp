#include "strata/model/routing_sample.hpp"

#include "strata/core/error.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

namespace strata::model {

void runRandomTokens(const ModelDefinition& model, pool::WorkerPool& pool, const RandomTokenRun& run,
                     CpuBackendOptions hooks)
{
    if (run.chunk == 0 || run.window == 0)
        throw Error("a routing run needs chunks and windows of at least one token");
    const uint32_t vocab = model.hparams.vocabSize;
    if (vocab == 0)
        throw Error("the model has no vocabulary to draw tokens from");
    // Within the trained context when the file states one, so positions stay where RoPE was trained.
    const uint32_t window =
        model.hparams.contextLength ? std::min(run.window, model.hparams.contextLength) : run.window;
    hooks.maxBatch = std::min(run.chunk, window);
    auto backend = makeCpuBackend(model, pool, std::move(hooks));
    // Shuffled passes over the vocabulary (every id once per pass), not independent draws: with a
    // small vocabulary (the synthetic files' ~280 ids) each id routes much the same way wherever it
    // stands, and independent draws would add the noise of over- and under-drawn ids to the counts.
    std::mt19937_64 rng(run.seed);
    std::vector<int32_t> pass(vocab);
    size_t nextInPass = vocab;
    const auto id = [&] {
        if (nextInPass == vocab) {
            std::iota(pass.begin(), pass.end(), 0);
            std::shuffle(pass.begin(), pass.end(), rng);
            nextInPass = 0;
        }
        return pass[nextInPass++];
    };
    std::vector<int32_t> tokens;
    for (uint32_t done = 0; done < run.tokens;) {
        auto seq = backend->newSequence(window, KvType::F16);
        for (uint32_t inWindow = 0; inWindow < window && done < run.tokens;) {
            const uint32_t n = std::min({backend->maxBatch(), window - inWindow, run.tokens - done});
            tokens.resize(n);
            for (int32_t& t : tokens)
                t = id();
            backend->forward(*seq, tokens, {});
            inWindow += n;
            done += n;
        }
    }
}

RoutingCounts sampleRouting(const ModelDefinition& model, pool::WorkerPool& pool, const RandomTokenRun& run)
{
    if (model.hparams.experts == 0)
        throw Error("the model has no experts (not a mixture-of-experts model)");
    RoutingCounts counts(model.hparams.layers, model.hparams.experts);
    CpuBackendOptions hooks;
    hooks.onRouting = [&](uint32_t layer, std::span<const int32_t> experts, uint32_t) { counts.add(layer, experts); };
    runRandomTokens(model, pool, run, std::move(hooks));
    return counts;
}

}  // namespace strata::model
