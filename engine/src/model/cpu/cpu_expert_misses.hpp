// The hybrid MoE backend's CPU half: the routes whose experts are not in VRAM, computed on the worker
// pool while the GPU computes the resident ones. The routing itself was done on the GPU; this only
// runs the chosen experts' SwiGLU FFNs and adds them up in the router's weights.
#pragma once

#include "cpu_linear.hpp"
#include "strata/model/hparams.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace strata::model::cpu {

// One (token, expert) pair of a layer's routing that the CPU computes.
struct ExpertRoute {
    uint32_t token;
    uint32_t expert;
    float weight;  // the router's weight for it (already renormalised when the model says so)
};

class ExpertMisses {
public:
    ExpertMisses(const Hparams& h, uint32_t maxBatch);

    // out[t] = sum over routes of token t of weight * down(silu(gate . x[t]) * up . x[t]), for
    // `tokens` rows of x (FFN-normed) and of out (overwritten; zero rows for tokens without a route).
    void run(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x,
             uint32_t tokens, std::span<const ExpertRoute> routes, float* out);

    // On (the hybrid's wake-ahead, whose pool parks its workers after every batch): one token's
    // gate/up batch tells the pool that the down batch follows (pool::RunOptions::followedWithin),
    // so the workers stay awake between the two instead of being woken again on the critical path.
    void keepWorkersBetweenBatches(bool on) { keepWorkers_ = on; }

private:
    void decode(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x);
    void batch(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x);

    Hparams h_;
    bool keepWorkers_ = false;
    std::vector<ExpertRoute> routes_;    // grouped by expert
    std::vector<uint32_t> expertBegin_;  // routes_[expertBegin_[e] .. expertBegin_[e+1]) use expert e
    QuantizedRows xq_, hq_;
    std::vector<float> gathered_, gate_, up_, down_;
    std::vector<MatvecTarget> targets_;
};

}  // namespace strata::model::cpu
