// AVX2+FMA versions of the f32 row ops that show up in profiles: rmsNorm, softmax, silu, swiglu.
// Compiled with -mavx2 -mfma -mf16c only.
#include <math.h>  // expf/sqrtf: C functions, so this file instantiates no shared C++ inline wrappers

#include "kernels/dot_variants.hpp"
#include "kernels/simd_common.hpp"

namespace strata::kernels::detail {

namespace {

// e^x for 8 floats: 2^n * e^r with n = round(x / ln2) and |r| <= ln2/2, e^r by a degree-6
// polynomial (Taylor coefficients). Relative error about 2e-7 over the clamped range; x below
// -87.3 gives 0, above 88.7 gives +inf, NaN stays NaN.
inline __m256 exp8(__m256 x)
{
    const __m256 log2e = _mm256_set1_ps(1.44269504088896341f);
    const __m256 ln2hi = _mm256_set1_ps(0.693359375f), ln2lo = _mm256_set1_ps(-2.12194440e-4f);
    const __m256 xc = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(-87.3f)), _mm256_set1_ps(88.7f));
    const __m256 n = _mm256_round_ps(_mm256_mul_ps(xc, log2e), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_fnmadd_ps(n, ln2hi, xc);
    r = _mm256_fnmadd_ps(n, ln2lo, r);
    __m256 p = _mm256_set1_ps(1.0f / 720);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 120));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 24));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 6));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(0.5f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
    // 2^n built in two halves so n = 128 (x near 88.7) does not overflow the exponent field.
    const __m256i ni = _mm256_cvtps_epi32(n);
    const __m256i half = _mm256_srai_epi32(ni, 1);
    const __m256 s1 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(half, _mm256_set1_epi32(127)), 23));
    const __m256 s2 = _mm256_castsi256_ps(
        _mm256_slli_epi32(_mm256_add_epi32(_mm256_sub_epi32(ni, half), _mm256_set1_epi32(127)), 23));
    __m256 result = _mm256_mul_ps(_mm256_mul_ps(p, s1), s2);
    // Outside the range: exact 0 / inf; NaN passes through.
    result = _mm256_blendv_ps(result, _mm256_setzero_ps(), _mm256_cmp_ps(x, _mm256_set1_ps(-87.3f), _CMP_LT_OQ));
    result = _mm256_blendv_ps(result, _mm256_set1_ps(HUGE_VALF), _mm256_cmp_ps(x, _mm256_set1_ps(88.7f), _CMP_GT_OQ));
    return _mm256_blendv_ps(result, x, _mm256_cmp_ps(x, x, _CMP_UNORD_Q));
}

inline __m256 silu8(__m256 x)
{
    const __m256 e = exp8(_mm256_sub_ps(_mm256_setzero_ps(), x));
    return _mm256_div_ps(x, _mm256_add_ps(_mm256_set1_ps(1.0f), e));
}

void rmsNorm(const float* x, const float* weight, float* out, int64_t n, float eps)
{
    __m256 acc = _mm256_setzero_ps();
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256 v = _mm256_loadu_ps(x + i);
        acc = _mm256_fmadd_ps(v, v, acc);
    }
    float sum = hsum(acc);
    for (int64_t k = i; k < n; ++k)
        sum += x[k] * x[k];
    const float inv = 1.0f / sqrtf(sum / float(n) + eps);
    const __m256 vinv = _mm256_set1_ps(inv);
    for (i = 0; i + 8 <= n; i += 8) {
        __m256 v = _mm256_mul_ps(_mm256_loadu_ps(x + i), vinv);
        if (weight)
            v = _mm256_mul_ps(v, _mm256_loadu_ps(weight + i));
        _mm256_storeu_ps(out + i, v);
    }
    for (; i < n; ++i)
        out[i] = x[i] * inv * (weight ? weight[i] : 1.0f);
}

void softmax(float* x, int64_t n, float scale, const float* mask)
{
    const float negInf = -HUGE_VALF;
    float max = negInf;
    for (int64_t i = 0; i < n; ++i) {
        x[i] = x[i] * scale + (mask ? mask[i] : 0.0f);
        max = x[i] > max ? x[i] : max;  // not std::max: no shared template instance in an AVX2 file
    }
    if (max == negInf) {
        for (int64_t i = 0; i < n; ++i)
            x[i] = 0.0f;
        return;
    }
    const __m256 vmax = _mm256_set1_ps(max);
    __m256 acc = _mm256_setzero_ps();
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256 e = exp8(_mm256_sub_ps(_mm256_loadu_ps(x + i), vmax));
        _mm256_storeu_ps(x + i, e);
        acc = _mm256_add_ps(acc, e);
    }
    float sum = hsum(acc);
    for (; i < n; ++i) {
        x[i] = expf(x[i] - max);
        sum += x[i];
    }
    const __m256 inv = _mm256_set1_ps(1.0f / sum);
    for (i = 0; i + 8 <= n; i += 8)
        _mm256_storeu_ps(x + i, _mm256_mul_ps(_mm256_loadu_ps(x + i), inv));
    for (; i < n; ++i)
        x[i] *= 1.0f / sum;
}

void silu(const float* x, float* out, int64_t n)
{
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(out + i, silu8(_mm256_loadu_ps(x + i)));
    for (; i < n; ++i)
        out[i] = x[i] / (1.0f + expf(-x[i]));
}

void swiglu(const float* gate, const float* up, float* out, int64_t n)
{
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(out + i, _mm256_mul_ps(silu8(_mm256_loadu_ps(gate + i)), _mm256_loadu_ps(up + i)));
    for (; i < n; ++i)
        out[i] = gate[i] / (1.0f + expf(-gate[i])) * up[i];
}

}  // namespace

void fillAvx2Ops(KernelTable& t)
{
    t.rmsNorm = rmsNorm;
    t.softmax = softmax;
    t.silu = silu;
    t.swiglu = swiglu;
}

}  // namespace strata::kernels::detail
