// Q8_K activation rows with AVX-512: the reference quantizer's arithmetic (the signed value of
// largest magnitude, first one on ties; iscale = -127 / max; round to nearest even; at most 127;
// d = 1 / iscale), 16 lanes at a time. Every step is exact or one IEEE operation, so the bytes
// equal ref::quantizeQ8_K's; it was ~4 % of a Q4_K prefill as scalar code.
#include "kernels/dot_variants.hpp"
#include "strata/kernels/blocks.hpp"

#include <bit>
#include <cstring>
#include <immintrin.h>

namespace strata::kernels::detail {

namespace {

constexpr int kVectors = kQK_K / 16;

void quantizeQ8_KAvx512(const float* x, void* dst, int64_t n)
{
    auto* y = static_cast<BlockQ8_K*>(dst);
    for (int64_t b = 0; b < n / kQK_K; ++b, x += kQK_K) {
        __m512 v[kVectors];
        __m512 amaxLanes = _mm512_setzero_ps();
        for (int i = 0; i < kVectors; ++i) {
            v[i] = _mm512_loadu_ps(x + 16 * i);
            amaxLanes = _mm512_max_ps(amaxLanes, _mm512_abs_ps(v[i]));
        }
        const float amax = _mm512_reduce_max_ps(amaxLanes);
        if (amax == 0) {  // also what the reference does for an all-zero block
            std::memset(&y[b], 0, sizeof(BlockQ8_K));
            continue;
        }
        float max = 0;
        for (int i = 0; i < kVectors; ++i) {
            const __mmask16 at = _mm512_cmp_ps_mask(_mm512_abs_ps(v[i]), _mm512_set1_ps(amax), _CMP_EQ_OQ);
            if (at) {
                max = x[16 * i + std::countr_zero(unsigned(at))];
                break;
            }
        }
        const float iscale = -127.f / max;
        const __m512 scale = _mm512_set1_ps(iscale);
        for (int i = 0; i < kVectors; ++i) {
            // Finite rows stay in [-127, 127]; the lower clamp only catches NaN/inf (converted to
            // INT_MIN), whose block sum would otherwise overflow (issue 18's model fuzzer).
            const __m512i q = _mm512_max_epi32(
                _mm512_min_epi32(
                    _mm512_cvt_roundps_epi32(_mm512_mul_ps(v[i], scale), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC),
                    _mm512_set1_epi32(127)),
                _mm512_set1_epi32(-127));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(y[b].qs + 16 * i), _mm512_cvtepi32_epi8(q));
            y[b].bsums[i] = int16_t(_mm512_reduce_add_epi32(q));
        }
        y[b].d = 1 / iscale;
    }
}

}  // namespace

void fillAvx512Quantize(KernelTable& t)
{
    t.quantizeQ8_K = quantizeQ8_KAvx512;
}

}  // namespace strata::kernels::detail
