#include "cpu_expert_misses.hpp"

#include "strata/core/error.hpp"
#include "strata/kernels/matmul.hpp"
#include "strata/kernels/ops.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <numeric>
#include <string>

namespace strata::model::cpu {

namespace {

// How long workers stay awake for the down batch after gate/up at most. The host's work in between
// takes microseconds, but it may first have to be woken from the gate/up batch's completion wait
// (on the loaded 2-core dev box 500 µs re-woke the worker in half the layers, 2 ms in none); this
// only bounds the spin if the host is descheduled or the layer fails.
constexpr std::chrono::microseconds kDownFollowsWithin{2000};

}  // namespace

ExpertMisses::ExpertMisses(const Hparams& h, uint32_t maxBatch) : h_(h)
{
    const size_t routes = size_t(maxBatch) * h.expertsUsed;
    gathered_.resize(routes * h.embedding);
    gate_.resize(routes * h.expertFeedForward);
    up_.resize(routes * h.expertFeedForward);
    down_.resize(routes * h.embedding);
    expertBegin_.resize(size_t(h.experts) + 1);
    targets_.reserve(2 * routes);
}

void ExpertMisses::run(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x,
                       uint32_t tokens, std::span<const ExpertRoute> routes, float* out)
{
    const int64_t nEmbd = h_.embedding;
    std::memset(out, 0, size_t(tokens) * size_t(nEmbd) * sizeof(float));
    if (routes.empty())
        return;
    if (routes.size() > size_t(tokens) * h_.expertsUsed)
        throw Error("internal: " + std::to_string(routes.size()) + " expert routes for " + std::to_string(tokens)
                    + " tokens");
    routes_.assign(routes.begin(), routes.end());
    for (const ExpertRoute& r : routes_)
        if (r.token >= tokens || r.expert >= h_.experts)
            throw Error("internal: an expert route outside the layer's tokens or experts");
    std::stable_sort(routes_.begin(), routes_.end(),
                     [](const ExpertRoute& a, const ExpertRoute& b) { return a.expert < b.expert; });
    std::fill(expertBegin_.begin(), expertBegin_.end(), 0u);
    for (const ExpertRoute& r : routes_)
        ++expertBegin_[r.expert + 1];
    std::partial_sum(expertBegin_.begin(), expertBegin_.end(), expertBegin_.begin());

    if (tokens == 1)
        decode(pool, k, w, x);
    else
        batch(pool, k, w, x);
    for (size_t i = 0; i < routes_.size(); ++i) {
        float* o = out + size_t(routes_[i].token) * size_t(nEmbd);
        const float* d = down_.data() + i * size_t(nEmbd);
        const float wgt = routes_[i].weight;
        for (int64_t c = 0; c < nEmbd; ++c)
            o[c] += wgt * d[c];
    }
}

// One token: every missed expert's gate and up rows in one pool batch, then every down row in another,
// as the CPU backend's decode does (few, short products: each batch end costs a thread's wait).
void ExpertMisses::decode(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x)
{
    const int64_t nEmbd = h_.embedding, ffWidth = h_.expertFeedForward;
    const size_t n = routes_.size();
    const auto addTargets = [&](const Weight& stack, int64_t rows, const QuantizedRows& in, bool perRoute, float* dst) {
        for (size_t i = 0; i < n; ++i)
            targets_.push_back({asMatrix(stack.matrix(routes_[i].expert)), rows, in.row(perRoute ? int64_t(i) : 0),
                                dst + i * size_t(rows)});
    };
    xq_.quantize(pool, x, 1, nEmbd, nEmbd, w.gateExps.type);
    targets_.clear();
    addTargets(w.gateExps, ffWidth, xq_, false, gate_.data());
    addTargets(w.upExps, ffWidth, xq_, false, up_.data());  // the CUDA backend requires gate and up of one type
    // Between the two batches the host only applies SwiGLU to n rows and quantizes them (µs).
    pool::RunOptions gateUp;
    if (keepWorkers_)
        gateUp.followedWithin = kDownFollowsWithin;
    matvecBatch(pool, k, targets_, gateUp);
    kernels::swiglu(gate_.data(), up_.data(), gate_.data(), int64_t(n) * ffWidth);
    hq_.quantize(pool, gate_.data(), int64_t(n), ffWidth, ffWidth, w.downExps.type);
    targets_.clear();
    addTargets(w.downExps, nEmbd, hq_, true, down_.data());
    matvecBatch(pool, k, targets_);
}

// Several tokens: each expert's routes are gathered into contiguous rows, and the pool splits
// (expert, tile of rows) items, so every weight tile is read once per expert and batch.
void ExpertMisses::batch(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x)
{
    const int64_t nEmbd = h_.embedding, ffWidth = h_.expertFeedForward;
    const size_t n = routes_.size();
    for (size_t i = 0; i < n; ++i)
        std::memcpy(gathered_.data() + i * size_t(nEmbd), x + size_t(routes_[i].token) * size_t(nEmbd),
                    size_t(nEmbd) * sizeof(float));
    xq_.quantize(pool, gathered_.data(), int64_t(n), nEmbd, nEmbd, w.gateExps.type);
    std::vector<uint32_t> active;
    for (uint32_t e = 0; e < h_.experts; ++e)
        if (expertBegin_[e + 1] > expertBegin_[e])
            active.push_back(e);
    const auto products = [&](const Weight& stack, const QuantizedRows& in, float* dst, int64_t rows) {
        const int64_t tile = kernels::kGemmTileRows;
        const size_t tiles = size_t((rows + tile - 1) / tile);
        pool.run(active.size() * tiles, [&](size_t b, size_t e, unsigned) {
            for (size_t item = b; item < e; ++item) {
                const uint32_t ex = active[item / tiles];
                const int64_t r0 = int64_t(item % tiles) * tile, r1 = std::min(rows, r0 + tile);
                const uint32_t first = expertBegin_[ex], count = expertBegin_[ex + 1] - first;
                kernels::matmul(k, asMatrix(stack.matrix(ex)), r0, r1, in.row(first), in.rowBytes(), count,
                                dst + size_t(first) * size_t(rows), size_t(rows));
            }
        });
    };
    products(w.gateExps, xq_, gate_.data(), ffWidth);
    products(w.upExps, xq_, up_.data(), ffWidth);
    kernels::swiglu(gate_.data(), up_.data(), gate_.data(), int64_t(n) * ffWidth);
    hq_.quantize(pool, gate_.data(), int64_t(n), ffWidth, ffWidth, w.downExps.type);
    products(w.downExps, hq_, down_.data(), nEmbd);
}

}  // namespace strata::model::cpu
