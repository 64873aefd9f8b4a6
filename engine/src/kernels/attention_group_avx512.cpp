// AVX-512 variant of attendGroupF16 (one zmm per 16 queries).
#include "kernels/attention_group_impl.hpp"
#include "kernels/dot_variants.hpp"

#include <immintrin.h>

namespace strata::kernels::detail {
namespace {

void convertRowAvx512(const uint16_t* src, float* dst, int64_t n)
{
    for (int64_t i = 0; i < n; i += 16)  // n is a multiple of 16
        _mm512_storeu_ps(dst + i, _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i))));
}

void roundRowAvx512(float* x, int64_t n)
{
    constexpr int kRound = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
    int64_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm512_storeu_ps(x + i, _mm512_cvtph_ps(_mm512_cvtps_ph(_mm512_loadu_ps(x + i), kRound)));
    if (i < n) {
        const __mmask16 tail = __mmask16((1u << (n - i)) - 1);
        _mm512_mask_storeu_ps(x + i, tail,
                              _mm512_cvtph_ps(_mm512_cvtps_ph(_mm512_maskz_loadu_ps(tail, x + i), kRound)));
    }
}

}  // namespace

void fillAvx512Attention(KernelTable& t)
{
    t.attendGroupF16 = attendGroupF16Impl<Floats16, convertRowAvx512, roundRowAvx512>;
}

}  // namespace strata::kernels::detail
