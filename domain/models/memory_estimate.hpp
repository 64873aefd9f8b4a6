// How much RAM a model needs at a given context length: the weights, the KV cache and an allowance
// for the runtime; and how much VRAM it needs on a GPU: what the CUDA backend allocates
// (strata/model/cuda_memory.hpp). An estimate for choosing, not a promise.
#pragma once

#include "domain/models/model_entry.hpp"
#include "strata/model/backend.hpp"

namespace strata::domain::models {

// The allowance for compute buffers, logits and the runtime itself on top of weights and KV cache.
// A stated round figure, not a measurement: the engine will replace it with its own accounting.
inline constexpr qint64 kRuntimeOverheadBytes = 256LL << 20;

// A size that does not fit in 64 bits (a hostile header) is the largest qint64.
struct MemoryEstimate {
    qint64 weightsBytes = 0;
    qint64 kvCacheBytes = 0;  // -1 when the model lacks the fields to compute it
    qint64 overheadBytes = kRuntimeOverheadBytes;
    qint64 totalBytes = 0;

    // On a GPU (-1 each when the engine cannot read the model's sizes): the weights in the CUDA
    // backend's layout, an f16 KV cache (the GPU keeps no q8_0 cache yet, whatever kvType says),
    // and the activations of one prefill batch. The driver's own context comes on top and is not
    // counted against the VRAM budget either.
    qint64 vramWeightsBytes = -1;
    qint64 vramKvCacheBytes = -1;
    qint64 vramScratchBytes = -1;
    qint64 vramTotalBytes = -1;
};

// K and V for every layer and position: ctx * sum over layers(kv_heads) * (key_length + value_length)
// * bytes per element (f16: 2, q8_0: 34 bytes per block of 32).
// `batchSize`: the prefill chunk (EnginePreferences::batchSize; 0: automatic), which sizes the GPU's scratch.
MemoryEstimate estimateMemory(const ModelEntry& model, qint64 contextLength, model::KvType kvType, int batchSize = 0);

}  // namespace strata::domain::models
