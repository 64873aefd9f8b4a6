// quantizeRow / dequantizeRow: pick the reference (de)quantizer for a GgmlType.
#include "strata/kernels/quantize.hpp"

#include <cstring>
#include <string>

#include "kernels/reference.hpp"
#include "strata/core/error.hpp"

namespace strata::kernels {

using gguf::GgmlType;

namespace {

void checkLength(GgmlType type, int64_t n)
{
    const auto traits = gguf::ggmlTypeTraits(uint32_t(type));
    if (!traits)
        throw Error("kernels: unknown tensor type " + std::to_string(uint32_t(type)));
    if (n < 0 || n % traits->blockElements != 0)
        throw Error("kernels: row of " + std::to_string(n) + " elements is not a whole number of "
                    + std::string(traits->name) + " blocks (" + std::to_string(traits->blockElements) + ")");
}

template <typename Block>
const Block* as(const void* p)
{
    return static_cast<const Block*>(p);
}
template <typename Block>
Block* as(void* p)
{
    return static_cast<Block*>(p);
}

}  // namespace

bool canQuantize(GgmlType type)
{
    switch (type) {
    case GgmlType::F32:
    case GgmlType::F16:
    case GgmlType::BF16:
    case GgmlType::Q4_0:
    case GgmlType::Q4_1:
    case GgmlType::Q5_0:
    case GgmlType::Q5_1:
    case GgmlType::Q8_0:
    case GgmlType::Q8_1:
    case GgmlType::Q2_K:
    case GgmlType::Q3_K:
    case GgmlType::Q4_K:
    case GgmlType::Q5_K:
    case GgmlType::Q6_K:
    case GgmlType::Q8_K: return true;
    default: return false;
    }
}

bool canDequantize(GgmlType type)
{
    return canQuantize(type);
}

void quantizeRow(GgmlType type, const float* src, void* dst, int64_t n)
{
    checkLength(type, n);
    switch (type) {
    case GgmlType::F32: std::memcpy(dst, src, size_t(n) * sizeof(float)); return;
    case GgmlType::F16: ref::quantizeF16(src, as<uint16_t>(dst), n); return;
    case GgmlType::BF16: ref::quantizeBf16(src, as<uint16_t>(dst), n); return;
    case GgmlType::Q4_0: ref::quantizeQ4_0(src, as<BlockQ4_0>(dst), n); return;
    case GgmlType::Q4_1: ref::quantizeQ4_1(src, as<BlockQ4_1>(dst), n); return;
    case GgmlType::Q5_0: ref::quantizeQ5_0(src, as<BlockQ5_0>(dst), n); return;
    case GgmlType::Q5_1: ref::quantizeQ5_1(src, as<BlockQ5_1>(dst), n); return;
    case GgmlType::Q8_0: ref::quantizeQ8_0(src, as<BlockQ8_0>(dst), n); return;
    case GgmlType::Q8_1: ref::quantizeQ8_1(src, as<BlockQ8_1>(dst), n); return;
    case GgmlType::Q2_K: ref::quantizeQ2_K(src, as<BlockQ2_K>(dst), n); return;
    case GgmlType::Q3_K: ref::quantizeQ3_K(src, as<BlockQ3_K>(dst), n); return;
    case GgmlType::Q4_K: ref::quantizeQ4_K(src, as<BlockQ4_K>(dst), n); return;
    case GgmlType::Q5_K: ref::quantizeQ5_K(src, as<BlockQ5_K>(dst), n); return;
    case GgmlType::Q6_K: ref::quantizeQ6_K(src, as<BlockQ6_K>(dst), n); return;
    case GgmlType::Q8_K: ref::quantizeQ8_K(src, as<BlockQ8_K>(dst), n); return;
    default: break;
    }
    throw Error("kernels: cannot quantize to " + std::string(gguf::ggmlTypeTraits(uint32_t(type))->name));
}

void dequantizeRow(GgmlType type, const void* src, float* dst, int64_t n)
{
    checkLength(type, n);
    switch (type) {
    case GgmlType::F32: std::memcpy(dst, src, size_t(n) * sizeof(float)); return;
    case GgmlType::F16: ref::dequantizeF16(as<uint16_t>(src), dst, n); return;
    case GgmlType::BF16: ref::dequantizeBf16(as<uint16_t>(src), dst, n); return;
    case GgmlType::Q4_0: ref::dequantizeQ4_0(as<BlockQ4_0>(src), dst, n); return;
    case GgmlType::Q4_1: ref::dequantizeQ4_1(as<BlockQ4_1>(src), dst, n); return;
    case GgmlType::Q5_0: ref::dequantizeQ5_0(as<BlockQ5_0>(src), dst, n); return;
    case GgmlType::Q5_1: ref::dequantizeQ5_1(as<BlockQ5_1>(src), dst, n); return;
    case GgmlType::Q8_0: ref::dequantizeQ8_0(as<BlockQ8_0>(src), dst, n); return;
    case GgmlType::Q8_1: ref::dequantizeQ8_1(as<BlockQ8_1>(src), dst, n); return;
    case GgmlType::Q2_K: ref::dequantizeQ2_K(as<BlockQ2_K>(src), dst, n); return;
    case GgmlType::Q3_K: ref::dequantizeQ3_K(as<BlockQ3_K>(src), dst, n); return;
    case GgmlType::Q4_K: ref::dequantizeQ4_K(as<BlockQ4_K>(src), dst, n); return;
    case GgmlType::Q5_K: ref::dequantizeQ5_K(as<BlockQ5_K>(src), dst, n); return;
    case GgmlType::Q6_K: ref::dequantizeQ6_K(as<BlockQ6_K>(src), dst, n); return;
    case GgmlType::Q8_K: ref::dequantizeQ8_K(as<BlockQ8_K>(src), dst, n); return;
    default: break;
    }
    throw Error("kernels: cannot dequantize " + std::string(gguf::ggmlTypeTraits(uint32_t(type))->name));
}

}  // namespace strata::kernels
