// AVX2+FMA+F16C dot products. Compiled with -mavx2 -mfma -mf16c only (see CMakeLists.txt); called
// only when the CPU has them. Integer sums per block are exact (see dotI8); float scaling follows.
#include "kernels/dot_variants.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

namespace strata::kernels::detail {

namespace {

using gguf::GgmlType;

// Remainder elements (n not a multiple of the vector width) for the float types.
template <typename Convert>
float tailDot(const float* y, int64_t from, int64_t n, Convert convert)
{
    float s = 0;
    for (int64_t i = from; i < n; ++i)
        s += convert(i) * y[i];
    return s;
}

float dotF32(const void* w, const void* a, int64_t n)
{
    const float* x = static_cast<const float*>(w);
    const float* y = static_cast<const float*>(a);
    __m256 acc[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
    int64_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int k = 0; k < 4; ++k)
            acc[k] = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 8 * k), _mm256_loadu_ps(y + i + 8 * k), acc[k]);
    for (; i + 8 <= n; i += 8)
        acc[0] = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i), acc[0]);
    const __m256 sum = _mm256_add_ps(_mm256_add_ps(acc[0], acc[1]), _mm256_add_ps(acc[2], acc[3]));
    return hsum(sum) + tailDot(y, i, n, [x](int64_t k) { return x[k]; });
}

inline __m256 loadF16(const uint16_t* p) { return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))); }

inline __m256 loadBf16(const uint16_t* p)
{
    const __m256i wide = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    return _mm256_castsi256_ps(_mm256_slli_epi32(wide, 16));
}

template <__m256 (*Load)(const uint16_t*), float (*Scalar)(uint16_t)>
float dotHalfType(const void* w, const void* a, int64_t n)
{
    const uint16_t* x = static_cast<const uint16_t*>(w);
    const float* y = static_cast<const float*>(a);
    __m256 acc[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
    int64_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int k = 0; k < 4; ++k)
            acc[k] = _mm256_fmadd_ps(Load(x + i + 8 * k), _mm256_loadu_ps(y + i + 8 * k), acc[k]);
    for (; i + 8 <= n; i += 8)
        acc[0] = _mm256_fmadd_ps(Load(x + i), _mm256_loadu_ps(y + i), acc[0]);
    const __m256 sum = _mm256_add_ps(_mm256_add_ps(acc[0], acc[1]), _mm256_add_ps(acc[2], acc[3]));
    return hsum(sum) + tailDot(y, i, n, [x](int64_t k) { return Scalar(x[k]); });
}

float bf16Scalar(uint16_t h)
{
    uint32_t bits = uint32_t(h) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

float dotQ8_0(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ8_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(a);
    __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
    const int64_t nb = n / kQK;
    int64_t b = 0;
    // Two blocks per step on independent accumulators to hide the FMA latency.
    for (; b + 2 <= nb; b += 2) {
        for (int k = 0; k < 2; ++k) {
            const __m256i qx = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[b + k].qs));
            const __m256i qy = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[b + k].qs));
            const __m256 d = _mm256_set1_ps(halfToFloat(x[b + k].d) * halfToFloat(y[b + k].d));
            __m256& acc = k == 0 ? acc0 : acc1;
            acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(dotI8(qx, qy)), d, acc);
        }
    }
    for (; b < nb; ++b) {
        const __m256i qx = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[b].qs));
        const __m256i qy = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[b].qs));
        const __m256 d = _mm256_set1_ps(halfToFloat(x[b].d) * halfToFloat(y[b].d));
        acc0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(dotI8(qx, qy)), d, acc0);
    }
    return hsum(_mm256_add_ps(acc0, acc1));
}

float dotQ4_0(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ4_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(a);
    __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
    const __m256i eight = _mm256_set1_epi8(8);
    const int64_t nb = n / kQK;
    for (int64_t b = 0; b < nb; ++b) {
        const __m256i qx = _mm256_sub_epi8(unpackNibbles(x[b].qs), eight);
        const __m256i qy = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[b].qs));
        const __m256 d = _mm256_set1_ps(halfToFloat(x[b].d) * halfToFloat(y[b].d));
        __m256& acc = (b & 1) ? acc1 : acc0;
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(dotI8(qx, qy)), d, acc);
    }
    return hsum(_mm256_add_ps(acc0, acc1));
}

float dotQ4_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ4_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    __m256 acc = _mm256_setzero_ps();
    float minSum = 0;
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        alignas(16) uint8_t sm[16];
        unpackScaleMinK4(x[b].scales, sm);
        // Min term: sum over groups of m_j * (bsums of its two 16-element halves).
        const __m128i bs = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums));
        const __m128i bs2 = _mm_hadd_epi16(bs, _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums + 8)));
        const __m128i mins = _mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(sm + 8)));
        const int minInt = hsumI32x4(_mm_madd_epi16(bs2, mins));

        __m256i isum = _mm256_setzero_si256();
        const uint8_t* q = x[b].qs;
        const int8_t* q8 = y[b].qs;
        for (int j = 0; j < 4; ++j, q += 32, q8 += 64) {
            const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
            const __m256i lo = _mm256_and_si256(raw, low4);
            const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(raw, 4), low4);
            const __m256i p0 = _mm256_maddubs_epi16(lo, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q8)));
            const __m256i p1 = _mm256_maddubs_epi16(hi, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q8 + 32)));
            isum = _mm256_add_epi32(isum, _mm256_madd_epi16(p0, _mm256_set1_epi16(sm[2 * j])));
            isum = _mm256_add_epi32(isum, _mm256_madd_epi16(p1, _mm256_set1_epi16(sm[2 * j + 1])));
        }
        const float d = y[b].d * halfToFloat(x[b].d);
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(isum), _mm256_set1_ps(d), acc);
        minSum += y[b].d * halfToFloat(x[b].dmin) * float(minInt);
    }
    return hsum(acc) - minSum;
}

float dotQ6_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ6_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i two = _mm256_set1_epi8(0x03);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        // The -32 bias contributes -32 * sum_g sc_g * bsum_g: take it from bsums, not per element.
        const __m256i sc16 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x[b].scales)));
        const __m256i bsums = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[b].bsums));
        const int bias = 32 * hsumI32(_mm256_madd_epi16(sc16, bsums));

        __m256i isum = _mm256_setzero_si256();
        for (int half = 0; half < 2; ++half) {
            const uint8_t* ql = x[b].ql + 64 * half;
            const __m256i qh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[b].qh + 32 * half));
            const __m256i l0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql));
            const __m256i l1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql + 32));
            const __m256i q[4] = {
                _mm256_or_si256(_mm256_and_si256(l0, low4), _mm256_slli_epi16(_mm256_and_si256(qh, two), 4)),
                _mm256_or_si256(_mm256_and_si256(l1, low4),
                                _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 2), two), 4)),
                _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(l0, 4), low4),
                                _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 4), two), 4)),
                _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(l1, 4), low4),
                                _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 6), two), 4)),
            };
            const int8_t* sc = x[b].scales + 8 * half;
            const int8_t* q8 = y[b].qs + 128 * half;
            for (int k = 0; k < 4; ++k) {
                const __m256i p = _mm256_maddubs_epi16(q[k], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q8 + 32 * k)));
                const __m256i s = _mm256_set_m128i(_mm_set1_epi16(sc[2 * k + 1]), _mm_set1_epi16(sc[2 * k]));
                isum = _mm256_add_epi32(isum, _mm256_madd_epi16(p, s));
            }
        }
        isum = _mm256_sub_epi32(isum, _mm256_setr_epi32(bias, 0, 0, 0, 0, 0, 0, 0));
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(isum), _mm256_set1_ps(y[b].d * halfToFloat(x[b].d)), acc);
    }
    return hsum(acc);
}

}  // namespace

void fillAvx2Dots(KernelTable& t)
{
    const auto set = [&t](GgmlType type, DotFn fn) {
        t.dot[size_t(type)] = fn;
        t.dotIsa[size_t(type)] = Isa::Avx2;
    };
    set(GgmlType::F32, dotF32);
    set(GgmlType::F16, dotHalfType<loadF16, halfToFloat>);
    set(GgmlType::BF16, dotHalfType<loadBf16, bf16Scalar>);
    set(GgmlType::Q8_0, dotQ8_0);
    set(GgmlType::Q4_0, dotQ4_0);
    set(GgmlType::Q4_K, dotQ4_K);
    set(GgmlType::Q6_K, dotQ6_K);
}

}  // namespace strata::kernels::detail
