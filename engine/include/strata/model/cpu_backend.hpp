// The CPU backend: runs a model's plan with the engine's kernels on a worker pool.
#pragma once

#include "strata/model/backend.hpp"
#include "strata/model/expert_routing.hpp"
#include "strata/pool/worker_pool.hpp"

#include <functional>
#include <memory>
#include <span>

namespace strata::model {

// Called on the forward thread before each MoE layer's router product with the `tokens` rows the
// router reads (the normed FFN input, [tokens][embedding]). The router weights are read after it
// returns, so a caller that owns them may change them here (router-skew calibration does).
using RouterInputObserver = std::function<void(uint32_t layer, std::span<const float> input, uint32_t tokens)>;

struct CpuBackendOptions {
    uint32_t maxBatch = 512;  // tokens per forward() call (prefill chunk)
    // makeCpuBackend refuses a model whose activation scratch (cpuScratchBytes) exceeds this;
    // 0: no limit. Model::open bounds it by the file's size (issue 18).
    uint64_t maxScratchBytes = 0;
    RoutingObserver onRouting;          // each MoE layer's choice of experts (empty: none)
    RouterInputObserver onRouterInput;  // each MoE layer's router input (empty: none)
};

// The bytes of activation scratch the CPU backend allocates for `maxBatch` tokens (the KV cache
// and the context-sized attention scores are the sequence's, not counted here).
uint64_t cpuScratchBytes(const Hparams& h, uint32_t maxBatch);

// `definition` and `pool` must outlive the backend.
std::unique_ptr<Backend> makeCpuBackend(const ModelDefinition& definition, pool::WorkerPool& pool,
                                        CpuBackendOptions options = {});

}  // namespace strata::model
