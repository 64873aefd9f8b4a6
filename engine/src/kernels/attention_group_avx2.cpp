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

void roundRowF16c(float* x, int64_t n)
{
    constexpr int kRound = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(x + i, _mm256_cvtph_ps(_mm256_cvtps_ph(_mm256_loadu_ps(x + i), kRound)));
    for (; i < n; ++i)
        x[i] = _cvtsh_ss(_cvtss_sh(x[i], kRound));
}

}  // namespace

void fillAvx2Attention(KernelTable& t)
{
    t.attendGroupF16 = attendGroupF16Impl<Floats8, convertRowF16c, roundRowF16c>;
}

}  // namespace strata::kernels::detail
