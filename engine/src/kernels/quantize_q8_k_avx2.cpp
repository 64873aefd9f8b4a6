// Q8_K activation rows with AVX2: quantize_q8_k_avx512.cpp's steps (the reference quantizer's
// arithmetic: the signed value of largest magnitude, first one on ties; iscale = -127 / max; round
// to nearest even; at most 127; d = 1 / iscale) 8 lanes at a time, so the bytes equal
// ref::quantizeQ8_K's. As scalar code it was ~2 % of a dense Q4_K pp512 profile with the AVX2 table.
#include "kernels/dot_variants.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

#include <bit>
#include <cstring>

namespace strata::kernels::detail {

namespace {

constexpr int kVectors = kQK_K / 8;

inline __m256 absPs(__m256 v)
{
    return _mm256_and_ps(v, _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)));
}

inline float hmax(__m256 v)
{
    __m128 m = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    m = _mm_max_ps(m, _mm_movehl_ps(m, m));
    m = _mm_max_ss(m, _mm_movehdup_ps(m));
    return _mm_cvtss_f32(m);
}

void quantizeQ8_KAvx2(const float* x, void* dst, int64_t n)
{
    auto* y = static_cast<BlockQ8_K*>(dst);
    for (int64_t b = 0; b < n / kQK_K; ++b, x += kQK_K) {
        __m256 v[kVectors];
        __m256 amaxLanes = _mm256_setzero_ps();
        for (int i = 0; i < kVectors; ++i) {
            v[i] = _mm256_loadu_ps(x + 8 * i);
            amaxLanes = _mm256_max_ps(amaxLanes, absPs(v[i]));
        }
        const float amax = hmax(amaxLanes);
        if (amax == 0) {  // also what the reference does for an all-zero block
            std::memset(&y[b], 0, sizeof(BlockQ8_K));
            continue;
        }
        float max = 0;
        for (int i = 0; i < kVectors; ++i) {
            const int at = _mm256_movemask_ps(_mm256_cmp_ps(absPs(v[i]), _mm256_set1_ps(amax), _CMP_EQ_OQ));
            if (at) {
                max = x[8 * i + std::countr_zero(unsigned(at))];
                break;
            }
        }
        const float iscale = -127.f / max;
        const __m256 scale = _mm256_set1_ps(iscale);
        // The default rounding (MXCSR) is to nearest even. Finite rows stay in [-127, 127]; the lower
        // clamp only catches NaN/inf (converted to INT_MIN), as the AVX-512 version does.
        const auto quant = [&](int i) {
            return _mm256_max_epi32(
                _mm256_min_epi32(_mm256_cvtps_epi32(_mm256_mul_ps(v[i], scale)), _mm256_set1_epi32(127)),
                _mm256_set1_epi32(-127));
        };
        const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        for (int i = 0; i < kVectors; i += 4) {
            const __m256i q0 = quant(i), q1 = quant(i + 1), q2 = quant(i + 2), q3 = quant(i + 3);
            // Per 128-bit half: q0..q3's first (then last) four lanes as bytes; the permute puts
            // each vector's eight bytes back together.
            const __m256i bytes = _mm256_packs_epi16(_mm256_packs_epi32(q0, q1), _mm256_packs_epi32(q2, q3));
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(y[b].qs + 8 * i), _mm256_permutevar8x32_epi32(bytes, order));
            y[b].bsums[i / 2] = int16_t(hsumI32(_mm256_add_epi32(q0, q1)));
            y[b].bsums[i / 2 + 1] = int16_t(hsumI32(_mm256_add_epi32(q2, q3)));
        }
        y[b].d = 1 / iscale;
    }
}

}  // namespace

void fillAvx2Quantize(KernelTable& t)
{
    t.quantizeQ8_K = quantizeQ8_KAvx2;
}

}  // namespace strata::kernels::detail
