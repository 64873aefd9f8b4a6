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

// A MoE layer's own scratch, piece by piece in the order of cuda_moe_ffn.cpp's MoeFeedForward::pieces
// (not included from there: it needs the CUDA headers); test_cuda_memory checks the two agree.
uint64_t moeScratchBytes(const Hparams& h, uint64_t tokens)
{
    constexpr uint64_t kRoutesPerItem = 8;  // cuda_moe.hpp; an item is four ints
    const uint64_t n = tokens * h.expertsUsed, width = h.expertFeedForward, nEmbd = h.embedding;
    const uint64_t items = std::min(n, (n + kRoutesPerItem - 1) / kRoutesPerItem + std::min<uint64_t>(h.experts, n));
    uint64_t bytes = alignUp(tokens * h.experts * sizeof(float));
    for (uint64_t ints : {n, n, n, n})  // expert, weight (a float), slotOf, slotToken
        bytes += alignUp(ints * 4);
    bytes += alignUp(items * 4 * sizeof(int32_t)) + alignUp(sizeof(int32_t));
    bytes += 2 * alignUp(n * width * sizeof(float)) + alignUp(n * nEmbd * sizeof(float));  // gate, up, down
    bytes += alignUp(n * width) + 2 * alignUp(n * width / 32 * sizeof(float));             // int8 hidden rows
    bytes += alignUp(tokens * nEmbd) + 2 * alignUp(tokens * nEmbd / 32 * sizeof(float));   // int8 router input
    return bytes;
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
    // A MoE model's FFN keeps its rows in its own scratch (moeScratchBytes), as the backend does.
    const uint64_t nTokens = maxBatch, nEmbd = h.embedding, qWidth = h.qDim(), kvWidth = h.kvDim(),
                   ffWidth = h.isMoe() ? 0 : h.feedForward;
    const uint64_t widest = std::max({nEmbd, qWidth, ffWidth});
    uint64_t bytes = 0;
    for (uint64_t floats : {nTokens * nEmbd, nTokens * nEmbd, nTokens * qWidth, nTokens * kvWidth, nTokens * kvWidth,
                            nTokens * qWidth, nTokens * ffWidth, nTokens * ffWidth, uint64_t(h.vocabSize)})
        bytes += alignUp(floats * sizeof(float));
    bytes += alignUp(nTokens * widest) + 2 * alignUp(nTokens * widest / 32 * sizeof(float));  // int8 activations
    bytes += alignUp(nTokens * sizeof(int32_t)) + alignUp(sizeof(int32_t));                   // token ids, start
    bytes += alignUp(kMaxSplitTokens * h.heads * kMaxAttentionSplits * (h.headDim + 2) * sizeof(float));
    return h.isMoe() ? bytes + moeScratchBytes(h, nTokens) : bytes;
}

uint64_t cudaKvCacheBytes(const Hparams& h, uint32_t contextLength)
{
    return 2 * uint64_t(h.layers) * contextLength * h.kvDim() * sizeof(uint16_t);
}

}  // namespace strata::model
