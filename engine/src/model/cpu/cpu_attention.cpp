#include "cpu_attention.hpp"

#include "strata/kernels/half.hpp"
#include "strata/kernels/ops.hpp"
#include "strata/kernels/quantize.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace strata::model::cpu {

Attention::Attention(const Hparams& h, unsigned threads)
    : h_(h), scale_(h.attentionScale > 0.0f ? h.attentionScale : 1.0f / std::sqrt(float(h.headDim))), scores_(threads),
      query_(threads), valueRow_(threads), groupScratch_(threads)
{
    for (unsigned i = 0; i < threads; ++i) {
        query_[i].resize(std::max<size_t>(h.headDim * sizeof(float), 64));
        valueRow_[i].resize(h.headDim);
    }
}

void Attention::reserve(uint32_t contextLength)
{
    if (contextLength <= context_)
        return;
    context_ = contextLength;
    for (auto& s : scores_)
        s.resize(contextLength);
}

void Attention::run(pool::WorkerPool& pool, const kernels::KernelTable& k, const CpuSequence& seq, uint32_t layer,
                    uint32_t start, uint32_t tokens, const float* q, size_t qStride, float* out, size_t outStride)
{
    reserve(start + tokens);
    if (seq.storageType() == gguf::GgmlType::F16 && kernels::attentionGroupSupported(h_.headDim)) {
        runGrouped(pool, k, seq, layer, start, tokens, q, qStride, out, outStride);
        return;
    }
    const uint32_t heads = h_.heads;
    pool.run(size_t(tokens) * heads, [&](size_t b, size_t e, unsigned worker) {
        for (size_t item = b; item < e; ++item) {
            const uint32_t t = uint32_t(item / heads), head = uint32_t(item % heads);
            oneHead(k, seq, layer, start + t, head, q + t * qStride + size_t(head) * h_.headDim,
                    out + t * outStride + size_t(head) * h_.headDim, worker);
        }
    });
}

void Attention::runGrouped(pool::WorkerPool& pool, const kernels::KernelTable& k, const CpuSequence& seq,
                           uint32_t layer, uint32_t start, uint32_t tokens, const float* q, size_t qStride, float* out,
                           size_t outStride)
{
    // The queries of one KV head, token-major: (token 0, its query heads), (token 1, ...), cut
    // into groups of kAttentionGroup. Decode gives one group of the GQA heads per KV head.
    const uint32_t dHead = h_.headDim, perKv = h_.heads / h_.kvHeads;
    const size_t queriesPerKv = size_t(tokens) * perKv;
    const size_t groupsPerKv = (queriesPerKv + kernels::kAttentionGroup - 1) / kernels::kAttentionGroup;
    pool.run(size_t(h_.kvHeads) * groupsPerKv, [&](size_t b, size_t e, unsigned worker) {
        for (size_t item = b; item < e; ++item) {
            const uint32_t kvHead = uint32_t(item / groupsPerKv);
            const size_t first = (item % groupsPerKv) * kernels::kAttentionGroup;
            kernels::AttentionGroup group;
            group.count = int(std::min<size_t>(kernels::kAttentionGroup, queriesPerKv - first));
            for (int i = 0; i < group.count; ++i) {
                const size_t qi = first + size_t(i);
                const size_t t = qi / perKv, head = size_t(kvHead) * perKv + qi % perKv;
                group.query[i] = q + t * qStride + head * dHead;
                group.out[i] = out + t * outStride + head * dHead;
                group.keys[i] = int64_t(start + t + 1);  // causal: positions 0 ... start + t
            }
            kernels::attendGroupF16(k, f16Head(seq, layer, kvHead), group, groupScratch_[worker]);
        }
    });
}

kernels::AttentionHead Attention::f16Head(const CpuSequence& seq, uint32_t layer, uint32_t kvHead) const
{
    return {reinterpret_cast<const uint16_t*>(seq.key(layer, 0, kvHead)),
            reinterpret_cast<const uint16_t*>(seq.value(layer, 0, kvHead)), seq.rowBytes() / sizeof(uint16_t),
            h_.headDim, scale_};
}

bool Attention::decodesFused(const CpuSequence& seq) const
{
    // One group per KV head: its rope and store then happen exactly once.
    return seq.storageType() == gguf::GgmlType::F16 && kernels::attentionGroupSupported(h_.headDim)
           && h_.heads / h_.kvHeads <= uint32_t(kernels::kAttentionGroup);
}

uint32_t Attention::queriesPerItem(unsigned participants, gguf::GgmlType outWeight) const
{
    const uint32_t perKv = h_.heads / h_.kvHeads;
    uint32_t best = perKv;
    for (uint32_t s = perKv; s >= 1; --s) {
        if (perKv % s != 0 || !QuantizedRows::sliceAligned(outWeight, int64_t(s) * h_.headDim))
            continue;
        best = s;
        if (size_t(h_.kvHeads) * (perKv / s) >= participants)
            break;
    }
    return best;
}

bool Attention::runDecodeFused(pool::WorkerPool& pool, const kernels::KernelTable& k, CpuSequence& seq, uint32_t layer,
                               uint32_t pos, const DecodeStep& in, float* out, QuantizedRows& outQ,
                               gguf::GgmlType outWeight)
{
    reserve(pos + 1);
    const uint32_t dHead = h_.headDim, perKv = h_.heads / h_.kvHeads;
    const size_t headsWidth = size_t(perKv) * dHead;
    const bool quantizes = QuantizedRows::sliceAligned(outWeight, int64_t(headsWidth));
    if (quantizes)
        outQ.prepare(1, int64_t(h_.heads) * dHead, outWeight);
    const uint32_t split = queriesPerItem(pool.workerCount() + 1, outWeight), itemsPerKv = perKv / split;
    const size_t itemWidth = size_t(split) * dHead;
    if (itemsPerKv > 1) {  // several items attend each KV head: its key row must be there first
        kernels::ropeWith(in.k, dHead, h_.kvHeads, *in.angles, *in.rope);
        for (uint32_t kvHead = 0; kvHead < h_.kvHeads; ++kvHead)
            seq.storeHead(layer, pos, kvHead, in.k + size_t(kvHead) * dHead, in.v + size_t(kvHead) * dHead);
    }
    pool.run(size_t(h_.kvHeads) * itemsPerKv, [&](size_t b, size_t e, unsigned worker) {
        for (size_t item = b; item < e; ++item) {
            const size_t kvHead = item / itemsPerKv, first = kvHead * headsWidth + (item % itemsPerKv) * itemWidth;
            float* q = in.q + first;
            kernels::ropeWith(q, dHead, split, *in.angles, *in.rope);
            if (itemsPerKv == 1) {
                float* key = in.k + kvHead * dHead;
                kernels::ropeWith(key, dHead, 1, *in.angles, *in.rope);
                seq.storeHead(layer, pos, uint32_t(kvHead), key, in.v + kvHead * dHead);
            }
            kernels::AttentionGroup group;
            group.count = int(split);
            for (uint32_t i = 0; i < split; ++i) {
                group.query[i] = q + size_t(i) * dHead;
                group.out[i] = out + first + size_t(i) * dHead;
                group.keys[i] = int64_t(pos) + 1;
            }
            kernels::attendGroupF16(k, f16Head(seq, layer, uint32_t(kvHead)), group, groupScratch_[worker]);
            if (quantizes)
                outQ.quantizeSlice(0, int64_t(first), out + first, int64_t(itemWidth), outWeight);
        }
    });
    return quantizes;
}

void Attention::oneHead(const kernels::KernelTable& k, const CpuSequence& seq, uint32_t layer, uint32_t pos,
                        uint32_t head, const float* q, float* out, unsigned worker)
{
    const uint32_t dHead = h_.headDim;
    const uint32_t kvHead = head / (h_.heads / h_.kvHeads);
    const uint32_t n = pos + 1;  // causal: positions 0 ... pos
    float* scores = scores_[worker].data();
    const gguf::GgmlType kvType = seq.storageType();

    // Scores q . k. Like ggml, the query takes the cache's format first: rounded to f16 for an
    // f16 cache (ggml converts src1 to the f16 vec_dot type), quantized to Q8_0 for a Q8_0 one.
    void* query = query_[worker].data();
    kernels::quantizeActivations(kvType, q, query, dHead);
    const kernels::DotFn dot = k.dotFor(kvType);
    for (uint32_t j = 0; j < n; ++j)
        scores[j] = dot(seq.key(layer, j, kvHead), query, dHead);

    kernels::softmax(scores, n, scale_, nullptr);

    // Weighted sum of values; probabilities rounded to f16 as ggml does for an f16 V.
    std::memset(out, 0, dHead * sizeof(float));
    float* v = valueRow_[worker].data();
    for (uint32_t j = 0; j < n; ++j) {
        const float p = kvType == gguf::GgmlType::F16 ? kernels::fp16ToFp32(kernels::fp32ToFp16(scores[j])) : scores[j];
        kernels::dequantizeRow(kvType, seq.value(layer, j, kvHead), v, dHead);
        for (uint32_t d = 0; d < dHead; ++d)
            out[d] += p * v[d];
    }
}

}  // namespace strata::model::cpu
