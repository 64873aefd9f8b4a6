// AVX2 + F16C variant of attendGroupF16 (vector lanes become ymm pairs).
#include "kernels/attention_group_impl.hpp"
#include "kernels/dot_variants.hpp"

#include <immintrin.h>

namespace strata::kernels::detail {
namespace {

void convertRowF16c(const uint16_t* src, float* dst, int64_t n)
{
    for (int64_t i = 0; i < n; i += 8)  // n is a multiple of 16
        _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i))));
}

}  // namespace

void fillAvx2Attention(KernelTable& t) { t.attendGroupF16 = attendGroupF16Impl<convertRowF16c>; }

}  // namespace strata::kernels::detail
