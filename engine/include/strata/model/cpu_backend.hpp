// The CPU backend: runs a model's plan with the engine's kernels on a worker pool.
#pragma once

#include "strata/model/backend.hpp"
#include "strata/pool/worker_pool.hpp"

#include <memory>

namespace strata::model {

struct CpuBackendOptions {
    uint32_t maxBatch = 512;  // tokens per forward() call (prefill chunk)
};

// `definition` and `pool` must outlive the backend.
std::unique_ptr<Backend> makeCpuBackend(const ModelDefinition& definition, pool::WorkerPool& pool,
                                        CpuBackendOptions options = {});

}  // namespace strata::model
