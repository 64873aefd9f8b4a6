// The baseline (any x86-64 / other CPU) variant of attendGroupF16 and its dispatch.
#include "kernels/attention_group_impl.hpp"
#include "kernels/dot_variants.hpp"
#include "strata/core/error.hpp"

namespace strata::kernels {

namespace detail {
namespace {

void convertRowScalar(const uint16_t* src, float* dst, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        dst[i] = fp16ToFp32(src[i]);
}

void roundRowScalar(float* x, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        x[i] = fp16ToFp32(fp32ToFp16(x[i]));
}

}  // namespace

void fillScalarAttention(KernelTable& t)
{
    t.attendGroupF16 = attendGroupF16Impl<Floats4, convertRowScalar, roundRowScalar>;
}

}  // namespace detail

bool attentionGroupSupported(int64_t headDim)
{
    return headDim > 0 && headDim % kAttentionGroup == 0 && headDim <= kMaxAttentionHeadDim;
}

void attendGroupF16(const KernelTable& k, const AttentionHead& head, const AttentionGroup& group,
                    AttentionScratch& scratch)
{
    if (!attentionGroupSupported(head.headDim) || group.count < 1 || group.count > kAttentionGroup)
        throw Error("kernels: attention group needs 1..16 queries and a head size that is a multiple of 16");
    k.attendGroupF16(k, head, group, scratch);
}

}  // namespace strata::kernels
