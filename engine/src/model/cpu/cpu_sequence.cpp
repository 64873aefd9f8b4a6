#include "cpu_sequence.hpp"

#include "strata/core/error.hpp"
#include "strata/kernels/quantize.hpp"

namespace strata::model::cpu {

CpuSequence::CpuSequence(const Hparams& h, uint32_t contextLength, KvType kv)
    : kv_(kv), capacity_(contextLength), kvHeads_(h.kvHeads), kvDim_(uint32_t(h.kvDim()))
{
    if (kv == KvType::Q8_0 && h.headDim % 32 != 0)
        throw Error("a Q8_0 KV cache needs a head size that is a multiple of 32 (this model's is "
                    + std::to_string(h.headDim) + "); use f16");
    rowBytes_ = gguf::rowBytes(*gguf::ggmlTypeTraits(uint32_t(storageType())), kvDim_);
    const size_t total = rowBytes_ * size_t(capacity_) * h.layers;
    keys_.resize(total);
    values_.resize(total);
}

gguf::GgmlType CpuSequence::storageType() const
{
    return kv_ == KvType::F16 ? gguf::GgmlType::F16 : gguf::GgmlType::Q8_0;
}

void CpuSequence::truncate(uint32_t length)
{
    if (length < length_)
        length_ = length;
}

size_t CpuSequence::offset(uint32_t layer, uint32_t pos, uint32_t head) const
{
    return (size_t(layer) * capacity_ + pos) * rowBytes_ + head * headBytes();
}

void CpuSequence::store(uint32_t layer, uint32_t pos, uint32_t count, const float* k, const float* v, size_t stride)
{
    for (uint32_t i = 0; i < count; ++i) {
        const size_t at = offset(layer, pos + i, 0);
        kernels::quantizeRow(storageType(), k + i * stride, keys_.data() + at, kvDim_);
        kernels::quantizeRow(storageType(), v + i * stride, values_.data() + at, kvDim_);
    }
}

void CpuSequence::storeHead(uint32_t layer, uint32_t pos, uint32_t head, const float* k, const float* v)
{
    // A Q8_0 cache's head size is a multiple of its block (checked above), so a head's bytes are
    // whole blocks of the row's.
    const size_t at = offset(layer, pos, head);
    const int64_t headDim = kvDim_ / kvHeads_;
    kernels::quantizeRow(storageType(), k, keys_.data() + at, headDim);
    kernels::quantizeRow(storageType(), v, values_.data() + at, headDim);
}

const std::byte* CpuSequence::key(uint32_t layer, uint32_t pos, uint32_t head) const
{
    return keys_.data() + offset(layer, pos, head);
}

const std::byte* CpuSequence::value(uint32_t layer, uint32_t pos, uint32_t head) const
{
    return values_.data() + offset(layer, pos, head);
}

}  // namespace strata::model::cpu
