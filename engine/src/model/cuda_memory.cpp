#include "strata/model/cuda_memory.hpp"

#include "strata/gguf/file.hpp"

#include <algorithm>
#include <initializer_list>

namespace strata::model {

namespace {

// The backend's DeviceArena hands out pieces aligned to 256 bytes.
constexpr uint64_t kAlign = 256;
// Split-K decode attention's statistics and partial outputs: per query head, up to 64 splits of
// headDim + 2 floats for one token (cuda_kernels.hpp: kMaxAttentionSplits, kMaxSplitTokens;
// cuda_attention.cu: attentionSplitFloats). Not included from there: it needs the CUDA headers.
constexpr uint64_t kMaxAttentionSplits = 64;
constexpr uint64_t kMaxSplitTokens = 1;

uint64_t alignUp(uint64_t n)
{
    return (n + kAlign - 1) / kAlign * kAlign;
}

}  // namespace

uint64_t cudaWeightBytes(const gguf::File& file)
{
    uint64_t bytes = 0;
    for (const gguf::TensorInfo& t : file.tensors())
        bytes += alignUp(t.bytes());
    return bytes;
}

uint64_t cudaScratchBytes(const Hparams& h, uint32_t maxBatch)
{
    // In the order carveScratch takes them. Every factor is bounded by HparamLimits: no wrap.
    const uint64_t T = maxBatch, E = h.embedding, Q = h.qDim(), KV = h.kvDim(), F = h.feedForward;
    const uint64_t widest = std::max({E, Q, F});
    uint64_t bytes = 0;
    for (uint64_t floats : {T * E, T * E, T * Q, T * KV, T * KV, T * Q, T * F, T * F, uint64_t(h.vocabSize)})
        bytes += alignUp(floats * sizeof(float));
    bytes += alignUp(T * widest) + 2 * alignUp(T * widest / 32 * sizeof(float));  // int8 activations
    bytes += alignUp(T * sizeof(int32_t)) + alignUp(sizeof(int32_t));             // token ids, start
    bytes += alignUp(kMaxSplitTokens * h.heads * kMaxAttentionSplits * (h.headDim + 2) * sizeof(float));
    return bytes;
}

uint64_t cudaKvCacheBytes(const Hparams& h, uint32_t contextLength)
{
    return 2 * uint64_t(h.layers) * contextLength * h.kvDim() * sizeof(uint16_t);
}

}  // namespace strata::model
