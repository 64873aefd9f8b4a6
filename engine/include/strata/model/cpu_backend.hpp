// The CPU backend: runs a model's plan with the engine's kernels on a worker pool.
#pragma once

#include "strata/model/backend.hpp"
#include "strata/model/expert_routing.hpp"
#include "strata/pool/worker_pool.hpp"

#include <memory>

namespace strata::model {

struct CpuBackendOptions {
    uint32_t maxBatch = 512;  // tokens per forward() call (prefill chunk)
    // makeCpuBackend refuses a model whose activation scratch (cpuScratchBytes) exceeds this;
    // 0: no limit. Model::open bounds it by the file's size (issue 18).
    uint64_t maxScratchBytes = 0;
    RoutingObserver onRouting;  // each MoE layer's choice of experts (empty: none)
};

// The bytes of activation scratch the CPU backend allocates for `maxBatch` tokens (the KV cache
// and the context-sized attention scores are the sequence's, not counted here).
uint64_t cpuScratchBytes(const Hparams& h, uint32_t maxBatch);

// `definition` and `pool` must outlive the backend.
std::unique_ptr<Backend> makeCpuBackend(const ModelDefinition& definition, pool::WorkerPool& pool,
                                        CpuBackendOptions options = {});

}  // namespace strata::model
