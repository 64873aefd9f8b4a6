// Causal self-attention of a batch of tokens against a sequence's KV cache.
#pragma once

#include "cpu_sequence.hpp"
#include "strata/kernels/attention.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/pool/worker_pool.hpp"

#include <vector>

namespace strata::model::cpu {

class Attention {
public:
    Attention(const Hparams& h, unsigned threads);

    // q: `tokens` rows of qDim floats (stride qStride), already normed/roped; tokens sit at
    // positions start ... start + tokens - 1 and their keys/values are already in `seq`.
    // out: `tokens` rows of qDim floats.
    void run(pool::WorkerPool& pool, const kernels::KernelTable& k, const CpuSequence& seq, uint32_t layer,
             uint32_t start, uint32_t tokens, const float* q, size_t qStride, float* out, size_t outStride);

    // Scratch grows with the context; call before run() when the sequence may be longer.
    void reserve(uint32_t contextLength);

private:
    // f16 cache: groups of up to 16 queries of one KV head (kernels::attendGroupF16).
    void runGrouped(pool::WorkerPool& pool, const kernels::KernelTable& k, const CpuSequence& seq, uint32_t layer,
                    uint32_t start, uint32_t tokens, const float* q, size_t qStride, float* out, size_t outStride);
    // Any cache type: one query at a time, a dot product per key.
    void oneHead(const kernels::KernelTable& k, const CpuSequence& seq, uint32_t layer, uint32_t pos, uint32_t head,
                 const float* q, float* out, unsigned worker);

    Hparams h_;
    float scale_;
    uint32_t context_ = 0;
    // Per participating thread: scores over the context, a rounded/quantized query, a value row.
    std::vector<std::vector<float>> scores_;
    std::vector<std::vector<std::byte>> query_;
    std::vector<std::vector<float>> valueRow_;
    std::vector<kernels::AttentionScratch> groupScratch_;
};

}  // namespace strata::model::cpu
