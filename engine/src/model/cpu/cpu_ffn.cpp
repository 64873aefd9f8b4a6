#include "cpu_ffn.hpp"

#include "cpu_decode_batches.hpp"
#include "cpu_rows.hpp"

#include "strata/kernels/matmul.hpp"
#include "strata/kernels/ops.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <utility>

namespace strata::model::cpu {

FeedForward::FeedForward(const Hparams& h, uint32_t maxBatch, RoutingObserver onRouting)
    : h_(h), onRouting_(std::move(onRouting))
{
    const size_t routed = size_t(maxBatch) * std::max<uint32_t>(h.expertsUsed, 1);
    const size_t ff = std::max(h.feedForward, h.expertFeedForward);
    gate_.resize(routed * ff);
    up_.resize(routed * ff);
    down_.resize(routed * h.embedding);
    routerLogits_.resize(size_t(maxBatch) * std::max<uint32_t>(h.experts, 1));
    gathered_.resize(routed * h.embedding);
    expertBegin_.resize(h.experts + 1);
    fill_.reserve(h.experts);
    top_.resize(h.expertsUsed);
    chosen_.reserve(routed);
    routes_.reserve(routed);
    targets_.reserve(2 * size_t(h.expertsUsed));
    pairs_.reserve(h.expertsUsed);
    weighted_.reserve(h.expertsUsed);
    if (onRouting_)
        chosenIds_.resize(routed);
}

void FeedForward::dense(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x,
                        uint32_t tokens, float* out)
{
    const int64_t nEmbd = h_.embedding, ffWidth = h_.feedForward;
    xq_.quantize(pool, x, tokens, nEmbd, nEmbd, w.ffnGate.type);
    if (tokens == 1 && xq_.suits(w.ffnUp.type) && gatedBatchSuits(w.ffnDown.type, ffWidth)) {
        // Decode: SwiGLU and the down product's activations inside the gate/up batch.
        const GatedPair pair[] = {{asMatrix(w.ffnGate), asMatrix(w.ffnUp), xq_.row(0), gate_.data(), up_.data()}};
        gatedMatvecBatch(pool, k, pair, ffWidth, hq_, w.ffnDown.type, blockRows_);
        linear(pool, k, hq_, w.ffnDown, out, nEmbd);
        return;
    }
    if (xq_.suits(w.ffnUp.type)) {
        const LinearTarget gateUp[] = {{&w.ffnGate, gate_.data(), size_t(ffWidth)},
                                       {&w.ffnUp, up_.data(), size_t(ffWidth)}};
        linearShared(pool, k, xq_, gateUp);
    } else {
        linear(pool, k, xq_, w.ffnGate, gate_.data(), ffWidth);
        xq_.quantize(pool, x, tokens, nEmbd, nEmbd, w.ffnUp.type);
        linear(pool, k, xq_, w.ffnUp, up_.data(), ffWidth);
    }
    swigluRows(pool, tokens, ffWidth);
    hq_.quantize(pool, gate_.data(), tokens, ffWidth, ffWidth, w.ffnDown.type);
    linear(pool, k, hq_, w.ffnDown, out, nEmbd);
}

void FeedForward::route(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x,
                        uint32_t tokens, uint32_t layer)
{
    const uint32_t nExperts = h_.experts, used = h_.expertsUsed;
    xq_.quantize(pool, x, tokens, h_.embedding, h_.embedding, w.router.type);
    linear(pool, k, xq_, w.router, routerLogits_.data(), nExperts);

    // Member buffers sized for the largest batch: routing runs once per layer and token, and its
    // allocations and sort were 3.1 µs of a 15-thread MoE layer's ~12 µs on the host (session 21).
    chosen_.clear();
    for (uint32_t t = 0; t < tokens; ++t) {
        float* p = routerLogits_.data() + size_t(t) * nExperts;
        kernels::softmax(p, nExperts, 1.0f, nullptr);
        kernels::topK(p, nExperts, used, top_.data());
        float sum = 0.0f;
        for (uint32_t i = 0; i < used; ++i)
            sum += p[top_[i]];
        for (uint32_t i = 0; i < used; ++i) {
            const float weight = h_.normalizeTopK ? p[top_[i]] / sum : p[top_[i]];
            chosen_.push_back({t, uint32_t(top_[i]), i, weight});
        }
    }
    // `chosen_` is still in token and rank order: exactly the observer's layout.
    if (onRouting_ && !chosen_.empty()) {
        for (size_t i = 0; i < chosen_.size(); ++i)
            chosenIds_[i] = int32_t(chosen_[i].expert);
        onRouting_(layer, std::span<const int32_t>(chosenIds_.data(), chosen_.size()), tokens);
    }
    // Group by expert with a counting sort (stable: tokens stay in order within an expert).
    std::fill(expertBegin_.begin(), expertBegin_.end(), 0u);
    for (const Route& r : chosen_)
        ++expertBegin_[r.expert + 1];
    std::partial_sum(expertBegin_.begin(), expertBegin_.end(), expertBegin_.begin());
    routes_.resize(chosen_.size());
    fill_.assign(expertBegin_.begin(), expertBegin_.end() - 1);
    for (const Route& r : chosen_)
        routes_[fill_[r.expert]++] = r;
}

void FeedForward::moe(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x,
                      uint32_t tokens, float* out, uint32_t layer)
{
    route(pool, k, w, x, tokens, layer);
    if (tokens == 1) {
        expertsDecode(pool, k, w, x, out);
        return;
    }
    expertsPrefill(pool, k, w, x);
    sumExperts(pool, tokens, out);
}

void FeedForward::expertsDecode(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w,
                                const float* x, float* out)
{
    // One token: every chosen expert's gate and up rows in one pool batch, then every down row in
    // another; all experts read the same quantized input row.
    const int64_t nEmbd = h_.embedding, ffWidth = h_.expertFeedForward;
    const size_t n = routes_.size();
    xq_.quantize(pool, x, 1, nEmbd, nEmbd, w.gateExps.type);
    if (xq_.suits(w.upExps.type) && gatedBatchSuits(w.downExps.type, ffWidth)) {
        // SwiGLU and the down rows' activations inside the gate/up batch.
        pairs_.clear();
        for (size_t i = 0; i < n; ++i) {
            const uint32_t e = routes_[i].expert;
            pairs_.push_back({asMatrix(w.gateExps.matrix(e)), asMatrix(w.upExps.matrix(e)), xq_.row(0),
                              gate_.data() + i * size_t(ffWidth), up_.data() + i * size_t(ffWidth)});
        }
        gatedMatvecBatch(pool, k, pairs_, ffWidth, hq_, w.downExps.type, blockRows_);
    } else {
        gateUpUnfused(pool, k, w, x);
    }
    // The down rows, and their sum over the experts in top-k order, in one batch.
    weighted_.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const Route& r = routes_[i];
        weighted_[r.rank] = {asMatrix(w.downExps.matrix(r.expert)), hq_.row(int64_t(i)), r.weight,
                             down_.data() + i * size_t(nEmbd)};
    }
    weightedMatvecSum(pool, k, weighted_, nEmbd, out, blockRows_);
}

void FeedForward::gateUpUnfused(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w,
                                const float* x)
{
    const int64_t nEmbd = h_.embedding, ffWidth = h_.expertFeedForward;
    const size_t n = routes_.size();
    const auto addTargets = [&](const Weight& stack, float* dst) {
        for (size_t i = 0; i < n; ++i)
            targets_.push_back(
                {asMatrix(stack.matrix(routes_[i].expert)), ffWidth, xq_.row(0), dst + i * size_t(ffWidth)});
    };
    const bool shared = xq_.suits(w.upExps.type);
    targets_.clear();
    addTargets(w.gateExps, gate_.data());
    if (shared)
        addTargets(w.upExps, up_.data());
    matvecBatch(pool, k, targets_);
    if (!shared) {
        xq_.quantize(pool, x, 1, nEmbd, nEmbd, w.upExps.type);
        targets_.clear();
        addTargets(w.upExps, up_.data());
        matvecBatch(pool, k, targets_);
    }
    swigluRows(pool, n, ffWidth);
    hq_.quantize(pool, gate_.data(), int64_t(n), ffWidth, ffWidth, w.downExps.type);
}

void FeedForward::expertsPrefill(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w,
                                 const float* x)
{
    const int64_t nEmbd = h_.embedding, ffWidth = h_.expertFeedForward;
    const size_t n = routes_.size();

    // Gather each route's input row so every expert sees its tokens contiguously.
    forEachRow(pool, n, size_t(nEmbd), [&](size_t i) {
        std::memcpy(gathered_.data() + i * nEmbd, x + size_t(routes_[i].token) * nEmbd, nEmbd * sizeof(float));
    });
    xq_.quantize(pool, gathered_.data(), int64_t(n), nEmbd, nEmbd, w.gateExps.type);

    // One pool batch per stack (gate, up, down) over the active experts' tiles.
    std::vector<uint32_t> active;
    for (uint32_t e = 0; e < h_.experts; ++e)
        if (expertBegin_[e + 1] > expertBegin_[e])
            active.push_back(e);
    // Items are (expert, tile of kGemmTileRows rows) pairs, so matmul gets whole tiles.
    auto expertRows = [&](const Weight& stack, const QuantizedRows& in, float* dst, int64_t rowsPerExpert) {
        const int64_t tile = kernels::kGemmTileRows;
        const size_t groups = size_t((rowsPerExpert + tile - 1) / tile);
        pool.run(active.size() * groups, [&](size_t b, size_t e, unsigned) {
            for (size_t item = b; item < e;) {
                const size_t a = item / groups;
                const size_t g0 = item % groups, g1 = std::min(groups, g0 + (e - item));
                const int64_t r0 = int64_t(g0) * tile, r1 = std::min<int64_t>(rowsPerExpert, int64_t(g1) * tile);
                const uint32_t ex = active[a];
                const uint32_t first = expertBegin_[ex], count = expertBegin_[ex + 1] - first;
                const kernels::WeightMatrix m = asMatrix(stack.matrix(ex));
                kernels::matmul(k, m, r0, r1, in.row(first), in.rowBytes(), count,
                                dst + size_t(first) * size_t(rowsPerExpert), size_t(rowsPerExpert));
                item += g1 - g0;
            }
        });
    };
    expertRows(w.gateExps, xq_, gate_.data(), ffWidth);
    if (!xq_.suits(w.upExps.type))
        xq_.quantize(pool, gathered_.data(), int64_t(n), nEmbd, nEmbd, w.upExps.type);
    expertRows(w.upExps, xq_, up_.data(), ffWidth);
    swigluRows(pool, n, ffWidth);
    hq_.quantize(pool, gate_.data(), int64_t(n), ffWidth, ffWidth, w.downExps.type);
    expertRows(w.downExps, hq_, down_.data(), nEmbd);
}

void FeedForward::swigluRows(pool::WorkerPool& pool, size_t rows, int64_t width)
{
    forEachRow(pool, rows, size_t(width), [&](size_t r) {
        float* gate = gate_.data() + r * size_t(width);
        kernels::swiglu(gate, up_.data() + r * size_t(width), gate, width);
    });
}

void FeedForward::sumExperts(pool::WorkerPool& pool, uint32_t tokens, float* out)
{
    // Weighted sum per token, in top-k order as ggml adds them (same rounding).
    const int64_t nEmbd = h_.embedding;
    const size_t n = routes_.size();
    const uint32_t used = h_.expertsUsed;
    std::vector<size_t> byRank(size_t(tokens) * used);
    for (size_t i = 0; i < n; ++i)
        byRank[size_t(routes_[i].token) * used + routes_[i].rank] = i;
    forEachRow(pool, tokens, size_t(nEmbd) * used, [&](size_t t) {
        float* o = out + t * size_t(nEmbd);
        std::memset(o, 0, size_t(nEmbd) * sizeof(float));
        for (uint32_t r = 0; r < used; ++r) {
            const size_t i = byRank[t * used + r];
            addWeighted(o, down_.data() + i * nEmbd, routes_[i].weight, nEmbd);
        }
    });
}

}  // namespace strata::model::cpu
