// AVX2+FMA+F16C dot products. Compiled with -mavx2 -mfma -mf16c only (see CMakeLists.txt); called
// only when the CPU has them. Integer sums per block are exact (see dotI8); float scaling follows.
#include "kernels/dot_variants.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

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

inline __m256 loadF16(const uint16_t* p)
{
    return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}

inline __m256 loadBf16(const uint16_t* p)
{
    const __m256i wide = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    return _mm256_castsi256_ps(_mm256_slli_epi32(wide, 16));
}

// The AVX-512 table's float order (dot_avx512.cpp), each 16-float accumulator a pair of ymm: four
// accumulators over steps of 64, the rest 16 at a time (zero-padded) into the first, then
// (acc0 + acc1) + (acc2 + acc3) and its lanes folded (k, k+8), (k, k+4), (k, k+2), (k, k+1). An
// F16 model's logits then do not depend on the table: with 8-float accumulators they moved by
// up to 0.02 in log p on the reference test's 16x-scaled models, its whole tolerance.
template <__m256 (*Load)(const uint16_t*)>
float dotHalfType(const void* w, const void* a, int64_t n)
{
    const uint16_t* x = static_cast<const uint16_t*>(w);
    const float* y = static_cast<const float*>(a);
    __m256 lo[4], hi[4];
    for (int k = 0; k < 4; ++k)
        lo[k] = hi[k] = _mm256_setzero_ps();
    int64_t i = 0;
    for (; i + 64 <= n; i += 64)
        for (int k = 0; k < 4; ++k) {
            lo[k] = _mm256_fmadd_ps(Load(x + i + 16 * k), _mm256_loadu_ps(y + i + 16 * k), lo[k]);
            hi[k] = _mm256_fmadd_ps(Load(x + i + 16 * k + 8), _mm256_loadu_ps(y + i + 16 * k + 8), hi[k]);
        }
    for (; i < n; i += 16) {
        alignas(32) uint16_t xs[16] = {};
        alignas(32) float ys[16] = {};
        const int64_t m = std::min<int64_t>(16, n - i);
        std::memcpy(xs, x + i, size_t(m) * sizeof(uint16_t));
        std::memcpy(ys, y + i, size_t(m) * sizeof(float));
        lo[0] = _mm256_fmadd_ps(Load(xs), _mm256_load_ps(ys), lo[0]);
        hi[0] = _mm256_fmadd_ps(Load(xs + 8), _mm256_load_ps(ys + 8), hi[0]);
    }
    const __m256 sumLo = _mm256_add_ps(_mm256_add_ps(lo[0], lo[1]), _mm256_add_ps(lo[2], lo[3]));
    const __m256 sumHi = _mm256_add_ps(_mm256_add_ps(hi[0], hi[1]), _mm256_add_ps(hi[2], hi[3]));
    return hsum(_mm256_add_ps(sumLo, sumHi));
}

// Float steps in the order of the row-interleaved prefill panel (gemm_q4_k_avx2.cpp): per
// super-block the integer sums of the first and the second 4 quants of every 8 (int32 lane i covers
// quants 4i..4i+3, so even and odd lanes) are scaled and accumulated apart, min term included, and
// added at the end. Prefill and decode then give the same logits bit for bit.
float dotQ4_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ4_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    __m128 acc = _mm_setzero_ps();  // lanes 0, 1: first and second halves
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        prefetchAhead(x + b, sizeof(BlockQ4_K));
        alignas(16) uint8_t sm[16];
        unpackScaleMinK4(x[b].scales, sm);
        // Min term: m_g times its group's two bsums; lanes hold groups (0,1), (2,3), (4,5), (6,7).
        const __m128i bs = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums));
        const __m128i bs2 = _mm_hadd_epi16(bs, _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums + 8)));
        const __m128i mins = _mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(sm + 8)));
        const __m128i min4 = _mm_madd_epi16(bs2, mins);
        const __m128i minSum = _mm_add_epi32(min4, _mm_unpackhi_epi64(min4, min4));

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
        const __m128i sum4 = _mm_add_epi32(_mm256_castsi256_si128(isum), _mm256_extracti128_si256(isum, 1));
        const __m128i halves = _mm_add_epi32(sum4, _mm_unpackhi_epi64(sum4, sum4));
        // The block's value first, then one add: a single-add chain across blocks.
        const __m128 block =
            _mm_fnmadd_ps(_mm_cvtepi32_ps(minSum), _mm_set1_ps(halfToFloat(x[b].dmin) * y[b].d),
                          _mm_mul_ps(_mm_cvtepi32_ps(halves), _mm_set1_ps(halfToFloat(x[b].d) * y[b].d)));
        acc = _mm_add_ps(acc, block);
    }
    return _mm_cvtss_f32(acc) + _mm_cvtss_f32(_mm_movehdup_ps(acc));
}

float dotQ6_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ6_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i two = _mm256_set1_epi8(0x03);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        prefetchAhead(x + b, sizeof(BlockQ6_K));
        // The -32 bias contributes -32 * sum_g sc_g * bsum_g: take it from bsums, not per element,
        // spread over the lanes as the prefill panel (gemm_avx2.cpp) does, so both give the same lanes.
        const __m256i sc16 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x[b].scales)));
        const __m256i bsums = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[b].bsums));
        __m256i isum = _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_slli_epi32(_mm256_madd_epi16(sc16, bsums), 5));
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
                const __m256i p =
                    _mm256_maddubs_epi16(q[k], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q8 + 32 * k)));
                const __m256i s = _mm256_set_m128i(_mm_set1_epi16(sc[2 * k + 1]), _mm_set1_epi16(sc[2 * k]));
                isum = _mm256_add_epi32(isum, _mm256_madd_epi16(p, s));
            }
        }
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(isum), _mm256_set1_ps(y[b].d * halfToFloat(x[b].d)), acc);
    }
    return hsum(acc);
}

uint32_t load32(const uint8_t* p)
{
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

inline __m256i loadQ8(const int8_t* p)
{
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

float dotQ4_1(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ4_1*>(w);
    const auto* y = static_cast<const BlockQ8_1*>(a);
    __m256 acc = _mm256_setzero_ps();
    float mins = 0;
    for (int64_t b = 0; b < n / kQK; ++b) {
        const __m256i p = dotU8I8(unpackNibbles(x[b].qs), loadQ8(y[b].qs));
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(p), _mm256_set1_ps(halfToFloat(x[b].d) * halfToFloat(y[b].d)), acc);
        mins += halfToFloat(x[b].m) * halfToFloat(y[b].s);
    }
    return hsum(acc) + mins;
}

// Q5_0: nibbles plus the fifth bit, minus 16, as signed bytes.
float dotQ5_0(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ5_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(a);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t b = 0; b < n / kQK; ++b) {
        // (nibble | bit4) - 16 == nibble - (bit4 ? 0 : 16)
        const __m256i missing = _mm256_andnot_si256(bitsToBytes(load32(x[b].qh)), _mm256_set1_epi8(0x10));
        const __m256i q = _mm256_sub_epi8(unpackNibbles(x[b].qs), missing);
        const __m256 d = _mm256_set1_ps(halfToFloat(x[b].d) * halfToFloat(y[b].d));
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(dotI8(q, loadQ8(y[b].qs))), d, acc);
    }
    return hsum(acc);
}

float dotQ5_1(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ5_1*>(w);
    const auto* y = static_cast<const BlockQ8_1*>(a);
    __m256 acc = _mm256_setzero_ps();
    float mins = 0;
    for (int64_t b = 0; b < n / kQK; ++b) {
        const __m256i high = _mm256_and_si256(bitsToBytes(load32(x[b].qh)), _mm256_set1_epi8(0x10));
        const __m256i q = _mm256_or_si256(unpackNibbles(x[b].qs), high);
        const __m256i p = dotU8I8(q, loadQ8(y[b].qs));
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(p), _mm256_set1_ps(halfToFloat(x[b].d) * halfToFloat(y[b].d)), acc);
        mins += halfToFloat(x[b].m) * halfToFloat(y[b].s);
    }
    return hsum(acc) + mins;
}

// Two 16-element groups' int16 scales side by side, matching maddubs' lane order for 32 bytes.
inline __m256i groupScales(int lo, int hi)
{
    return _mm256_set_m128i(_mm_set1_epi16(int16_t(hi)), _mm_set1_epi16(int16_t(lo)));
}

float dotQ2_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ2_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    const __m256i three = _mm256_set1_epi8(3);
    __m256 acc = _mm256_setzero_ps();
    float minSum = 0;
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        prefetchAhead(x + b, sizeof(BlockQ2_K));
        const __m128i sc8 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x[b].scales));
        const __m256i mins16 = _mm256_cvtepu8_epi16(_mm_and_si128(_mm_srli_epi16(sc8, 4), _mm_set1_epi8(0x0F)));
        const __m256i bsums = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[b].bsums));
        const int minInt = hsumI32(_mm256_madd_epi16(mins16, bsums));
        __m256i isum = _mm256_setzero_si256();
        int g = 0;
        for (int half = 0; half < 2; ++half) {
            const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[b].qs + 32 * half));
            for (int shift = 0; shift < 4; ++shift, g += 2) {
                const __m256i q = _mm256_and_si256(_mm256_srl_epi16(raw, _mm_cvtsi32_si128(2 * shift)), three);
                const __m256i p = _mm256_maddubs_epi16(q, loadQ8(y[b].qs + 16 * g));
                isum = _mm256_add_epi32(
                    isum, _mm256_madd_epi16(p, groupScales(x[b].scales[g] & 0xF, x[b].scales[g + 1] & 0xF)));
            }
        }
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(isum), _mm256_set1_ps(y[b].d * halfToFloat(x[b].d)), acc);
        minSum += y[b].d * halfToFloat(x[b].dmin) * float(minInt);
    }
    return hsum(acc) - minSum;
}

// pshufb masks: int16 scale 2k of a lane's 8 into the low 128 bits (all 8 words), 2k+1 into the high.
// Plain bytes, not __m256i globals: those would run AVX2 code at static initialisation on any CPU.
alignas(32) constexpr int8_t kPairShuffle[4][32] = {
    {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3},
    {4, 5, 4, 5, 4, 5, 4, 5, 4, 5, 4, 5, 4, 5, 4, 5, 6, 7, 6, 7, 6, 7, 6, 7, 6, 7, 6, 7, 6, 7, 6, 7},
    {8, 9, 8, 9, 8, 9, 8, 9, 8, 9, 8, 9, 8, 9, 8, 9, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11},
    {12, 13, 12, 13, 12, 13, 12, 13, 12, 13, 12, 13, 12, 13, 12, 13,
     14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15},
};

// Q3_K: q = low2 + 4*hbit - 4; the -4 goes through bsums like Q6_K's -32.
float dotQ3_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ3_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    const __m256i three = _mm256_set1_epi8(3), one = _mm256_set1_epi8(1);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        prefetchAhead(x + b, sizeof(BlockQ3_K));
        const __m128i sc8 = _mm_sub_epi8(unpackQ3KScalesBiased(x[b].scales), _mm_set1_epi8(32));
        const __m256i sc16 = _mm256_cvtepi8_epi16(sc8);
        // Each half's 8 scales in both 128-bit lanes, for the per-pair byte shuffles below.
        const __m256i scHalf[2] = {_mm256_broadcastsi128_si256(_mm256_castsi256_si128(sc16)),
                                   _mm256_broadcastsi128_si256(_mm256_extracti128_si256(sc16, 1))};
        const __m256i bsums = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[b].bsums));
        const int bias = 4 * hsumI32(_mm256_madd_epi16(sc16, bsums));
        const __m256i hmask = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[b].hmask));
        __m256i isum = _mm256_setzero_si256();
        int g = 0;
        for (int half = 0; half < 2; ++half) {
            const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[b].qs + 32 * half));
            for (int shift = 0; shift < 4; ++shift, g += 2) {
                const __m256i low = _mm256_and_si256(_mm256_srl_epi16(raw, _mm_cvtsi32_si128(2 * shift)), three);
                const __m256i hbit =
                    _mm256_and_si256(_mm256_srl_epi16(hmask, _mm_cvtsi32_si128(4 * half + shift)), one);
                const __m256i q = _mm256_or_si256(low, _mm256_slli_epi16(hbit, 2));
                const __m256i p = _mm256_maddubs_epi16(q, loadQ8(y[b].qs + 16 * g));
                isum = _mm256_add_epi32(
                    isum, _mm256_madd_epi16(
                              p, _mm256_shuffle_epi8(scHalf[half], _mm256_load_si256(reinterpret_cast<const __m256i*>(
                                                                       kPairShuffle[shift])))));
            }
        }
        isum = _mm256_sub_epi32(isum, _mm256_setr_epi32(bias, 0, 0, 0, 0, 0, 0, 0));
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(isum), _mm256_set1_ps(y[b].d * halfToFloat(x[b].d)), acc);
    }
    return hsum(acc);
}

float dotQ5_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ5_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    const __m256i low4 = _mm256_set1_epi8(0x0F), one = _mm256_set1_epi8(1);
    __m256 acc = _mm256_setzero_ps();
    float minSum = 0;
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        prefetchAhead(x + b, sizeof(BlockQ5_K));
        alignas(16) uint8_t sm[16];
        unpackScaleMinK4(x[b].scales, sm);
        const __m128i bs = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums));
        const __m128i bs2 = _mm_hadd_epi16(bs, _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums + 8)));
        const __m128i mins = _mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(sm + 8)));
        const int minInt = hsumI32x4(_mm_madd_epi16(bs2, mins));
        const __m256i qh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[b].qh));
        __m256i isum = _mm256_setzero_si256();
        const uint8_t* q = x[b].qs;
        const int8_t* q8 = y[b].qs;
        for (int j = 0; j < 4; ++j, q += 32, q8 += 64) {
            const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
            const __m256i h0 = _mm256_and_si256(_mm256_srl_epi16(qh, _mm_cvtsi32_si128(2 * j)), one);
            const __m256i h1 = _mm256_and_si256(_mm256_srl_epi16(qh, _mm_cvtsi32_si128(2 * j + 1)), one);
            const __m256i lo = _mm256_or_si256(_mm256_and_si256(raw, low4), _mm256_slli_epi16(h0, 4));
            const __m256i hi =
                _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(raw, 4), low4), _mm256_slli_epi16(h1, 4));
            const __m256i p0 = _mm256_maddubs_epi16(lo, loadQ8(q8));
            const __m256i p1 = _mm256_maddubs_epi16(hi, loadQ8(q8 + 32));
            isum = _mm256_add_epi32(isum, _mm256_madd_epi16(p0, _mm256_set1_epi16(sm[2 * j])));
            isum = _mm256_add_epi32(isum, _mm256_madd_epi16(p1, _mm256_set1_epi16(sm[2 * j + 1])));
        }
        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(isum), _mm256_set1_ps(y[b].d * halfToFloat(x[b].d)), acc);
        // An explicit fused step, as the prefill panel (gemm_avx2.cpp) takes it: equal bit for bit.
        minSum = std::fma(y[b].d * halfToFloat(x[b].dmin), float(minInt), minSum);
    }
    return hsum(acc) - minSum;
}

}  // namespace

void fillAvx2Dots(KernelTable& t)
{
    const auto set = [&t](GgmlType type, DotFn fn) {
        t.dot[size_t(type)] = fn;
        t.dotIsa[size_t(type)] = Isa::Avx2;
    };
    set(GgmlType::F32, dotF32);
    set(GgmlType::F16, dotHalfType<loadF16>);
    set(GgmlType::BF16, dotHalfType<loadBf16>);
    set(GgmlType::Q4_K, dotQ4_K);
    set(GgmlType::Q6_K, dotQ6_K);
    set(GgmlType::Q4_1, dotQ4_1);
    set(GgmlType::Q5_0, dotQ5_0);
    set(GgmlType::Q5_1, dotQ5_1);
    set(GgmlType::Q2_K, dotQ2_K);
    set(GgmlType::Q3_K, dotQ3_K);
    set(GgmlType::Q5_K, dotQ5_K);
}

}  // namespace strata::kernels::detail
