// Causal self-attention of a batch of tokens against a sequence's KV cache.
#pragma once

#include "cpu_linear.hpp"
#include "cpu_sequence.hpp"
#include "strata/kernels/attention.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/kernels/ops.hpp"
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

    // Decode with an f16 cache, one batch doing the host's steps around attention as well: per KV
    // head, the worker that attends it first ropes its query heads and key head and stores its key
    // and value rows in `seq`, then quantizes its heads' outputs for the output projection (of
    // weight type outWeight) into outQ when they are whole blocks of its format. The same bits as
    // rope, store, run and quantize one after the other, without the workers idling between them.
    // With fewer KV heads than threads, a KV head's queries are split over several items (see
    // queriesPerItem); its key is then roped and stored on the host before the batch.
    struct DecodeStep {
        float* q;  // qDim floats, normed, not yet roped
        float* k;  // kvDim floats, normed, not yet roped
        const float* v;
        const kernels::RopeParams* rope;
        const kernels::RopeAngles* angles;  // of the token's position
    };
    bool decodesFused(const CpuSequence& seq) const;
    // Returns whether outQ now holds the quantized output (else the caller quantizes `out`).
    bool runDecodeFused(pool::WorkerPool& pool, const kernels::KernelTable& k, CpuSequence& seq, uint32_t layer,
                        uint32_t pos, const DecodeStep& in, float* out, QuantizedRows& outQ, gguf::GgmlType outWeight);

    // Scratch grows with the context; call before run() when the sequence may be longer.
    void reserve(uint32_t contextLength);

private:
    // f16 cache: groups of up to 16 queries of one KV head (kernels::attendGroupF16).
    void runGrouped(pool::WorkerPool& pool, const kernels::KernelTable& k, const CpuSequence& seq, uint32_t layer,
                    uint32_t start, uint32_t tokens, const float* q, size_t qStride, float* out, size_t outStride);
    // Query heads per item of runDecodeFused: a KV head's queries split until the batch has an item
    // per thread (the MoE file's 4 KV heads kept 11 of 15 threads idle through ~19 µs of a 195 µs
    // layer, Xeon host), in slices of whole blocks of the output projection's activations.
    uint32_t queriesPerItem(unsigned participants, gguf::GgmlType outWeight) const;
    // One KV head's f16 keys and values of `layer`, every position, as attendGroupF16 reads them.
    kernels::AttentionHead f16Head(const CpuSequence& seq, uint32_t layer, uint32_t kvHead) const;
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
