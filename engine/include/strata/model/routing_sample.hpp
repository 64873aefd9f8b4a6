// Routing measured by running the model itself: seeded random token ids through a CPU backend of
// the caller's model, so every layer's router sees inputs shaped by the layers before it. Feeds
// `strata-gguf routing` and the router-skew calibration of synthetic models.
#pragma once

#include "strata/model/cpu_backend.hpp"
#include "strata/model/routing_stats.hpp"

#include <cstdint>

namespace strata::model {

struct RandomTokenRun {
    uint32_t tokens = 1000;
    uint64_t seed = 1;
    uint32_t chunk = 128;   // tokens per forward call (prefill chunk)
    uint32_t window = 512;  // a fresh sequence every `window` tokens: bounded attention cost
};

// Runs `run.tokens` ids (seeded shuffled passes over the whole vocabulary) through a CPU backend of its own over
// `model` and `pool`, with `hooks`' observers (its maxBatch is set to the chunk). Throws
// strata::Error for a zero chunk or window.
void runRandomTokens(const ModelDefinition& model, pool::WorkerPool& pool, const RandomTokenRun& run,
                     CpuBackendOptions hooks);

// Selections per layer and expert over such a run. Throws strata::Error for a model without experts.
RoutingCounts sampleRouting(const ModelDefinition& model, pool::WorkerPool& pool, const RandomTokenRun& run);

}  // namespace strata::model
