// AVX-512 (F/BW/VL/DQ + VNNI) dot products. Compiled with the matching -m flags only (see
// CMakeLists.txt) and called only when the CPU has them. Byte products go through vpdpbusd
// (VNNI, u8 x s8 -> s32) or maddubs followed by vpdpwssd (s16 x s16 -> s32, fused accumulate).
#include "kernels/dot_variants.hpp"
#include "kernels/k_quant_lanes.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

namespace strata::kernels::detail {

namespace {

using gguf::GgmlType;

template <typename T>
const __m256i* v256(const T* p)
{
    return reinterpret_cast<const __m256i*>(p);
}

float dotF32(const void* w, const void* a, int64_t n)
{
    const float* x = static_cast<const float*>(w);
    const float* y = static_cast<const float*>(a);
    __m512 acc[4] = {_mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps()};
    int64_t i = 0;
    for (; i + 64 <= n; i += 64)
        for (int k = 0; k < 4; ++k)
            acc[k] = _mm512_fmadd_ps(_mm512_loadu_ps(x + i + 16 * k), _mm512_loadu_ps(y + i + 16 * k), acc[k]);
    for (; i < n; i += 16) {
        // Masked loads read nothing past the end.
        const __mmask16 m = n - i >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << (n - i)) - 1);
        acc[0] = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, x + i), _mm512_maskz_loadu_ps(m, y + i), acc[0]);
    }
    return _mm512_reduce_add_ps(_mm512_add_ps(_mm512_add_ps(acc[0], acc[1]), _mm512_add_ps(acc[2], acc[3])));
}

inline __m512 loadF16(const uint16_t* p, __mmask16 m)
{
    return _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(m, p));
}

inline __m512 loadBf16(const uint16_t* p, __mmask16 m)
{
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, p)), 16));
}

template <__m512 (*Load)(const uint16_t*, __mmask16)>
float dotHalfType(const void* w, const void* a, int64_t n)
{
    const uint16_t* x = static_cast<const uint16_t*>(w);
    const float* y = static_cast<const float*>(a);
    const __mmask16 all = 0xFFFF;
    __m512 acc[4] = {_mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps()};
    int64_t i = 0;
    for (; i + 64 <= n; i += 64)
        for (int k = 0; k < 4; ++k)
            acc[k] = _mm512_fmadd_ps(Load(x + i + 16 * k, all), _mm512_loadu_ps(y + i + 16 * k), acc[k]);
    for (; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? all : __mmask16((1u << (n - i)) - 1);
        acc[0] = _mm512_fmadd_ps(Load(x + i, m), _mm512_maskz_loadu_ps(m, y + i), acc[0]);
    }
    return _mm512_reduce_add_ps(_mm512_add_ps(_mm512_add_ps(acc[0], acc[1]), _mm512_add_ps(acc[2], acc[3])));
}

// Signed x signed byte dot of 64 bytes as 16 int32 lanes (4 products each) with VNNI:
// |x| as unsigned times y with x's sign.
inline __m512i dotI8x64(__m512i x, __m512i y)
{
    const __m512i ax = _mm512_abs_epi8(x);
    const __m512i sy = _mm512_mask_sub_epi8(y, _mm512_movepi8_mask(x), _mm512_setzero_si512(), y);
    return _mm512_dpbusd_epi32(_mm512_setzero_si512(), ax, sy);
}

inline __m512i join(__m256i lo, __m256i hi)
{
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

inline __m512 scalePair(float lo, float hi)
{
    return _mm512_insertf32x8(_mm512_castps256_ps512(_mm256_set1_ps(lo)), _mm256_set1_ps(hi), 1);
}

// Q8_0 and Q4_0 take two 32-element blocks per 512-bit step: lanes 0..7 one block, 8..15 the next.
template <typename Block, __m256i (*Quants)(const Block&)>
float dotBlocks32(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const Block*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(a);
    const int64_t nb = n / kQK;
    __m512 acc = _mm512_setzero_ps();
    int64_t b = 0;
    for (; b + 2 <= nb; b += 2) {
        prefetchAhead(x + b, sizeof(Block) * 2);
        const __m512i qx = join(Quants(x[b]), Quants(x[b + 1]));
        const __m512i qy = join(_mm256_loadu_si256(v256(y[b].qs)), _mm256_loadu_si256(v256(y[b + 1].qs)));
        const __m512 d =
            scalePair(halfToFloat(x[b].d) * halfToFloat(y[b].d), halfToFloat(x[b + 1].d) * halfToFloat(y[b + 1].d));
        acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(dotI8x64(qx, qy)), d, acc);
    }
    float sum = _mm512_reduce_add_ps(acc);
    if (b < nb) {
        const __m256i qx = Quants(x[b]);
        const __m256i qy = _mm256_loadu_si256(v256(y[b].qs));
        const __m256i p =
            _mm256_dpbusd_epi32(_mm256_setzero_si256(), _mm256_sign_epi8(qx, qx), _mm256_sign_epi8(qy, qx));
        sum += float(hsumI32(p)) * (halfToFloat(x[b].d) * halfToFloat(y[b].d));
    }
    return sum;
}

__m256i quantsQ8_0(const BlockQ8_0& b)
{
    return _mm256_loadu_si256(v256(b.qs));
}

// Q4_0, two blocks per step, without unpacking to signed bytes: one zmm gets both blocks' 16 bytes
// twice, vpsrlvw shifts the upper copy by 4, and a 128-bit lane shuffle puts each block's low and
// high nibbles side by side. The -8 offset becomes 8 * sum(a), which a second vpdpbusd gives.
float dotQ4_0(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ4_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(a);
    const int64_t nb = n / kQK;
    const __m512i low4 = _mm512_set1_epi8(0x0F), eight = _mm512_set1_epi8(8);
    const __m512i nibbleShift = _mm512_inserti64x4(_mm512_setzero_si512(), _mm256_set1_epi16(4), 1);
    __m512 acc = _mm512_setzero_ps();
    int64_t b = 0;
    for (; b + 2 <= nb; b += 2) {
        prefetchAhead(x + b, sizeof(BlockQ4_0) * 2);
        const __m128i qa = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x[b].qs));
        const __m128i qb = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x[b + 1].qs));
        const __m512i both = _mm512_broadcast_i64x4(_mm256_set_m128i(qb, qa));             // [A B A B]
        const __m512i nib = _mm512_and_si512(_mm512_srlv_epi16(both, nibbleShift), low4);  // [Alo Blo Ahi Bhi]
        const __m512i qx = _mm512_shuffle_i64x2(nib, nib, _MM_SHUFFLE(3, 1, 2, 0));        // [Alo Ahi Blo Bhi]
        const __m512i qy = join(_mm256_loadu_si256(v256(y[b].qs)), _mm256_loadu_si256(v256(y[b + 1].qs)));
        const __m512i sum = _mm512_sub_epi32(_mm512_dpbusd_epi32(_mm512_setzero_si512(), qx, qy),
                                             _mm512_dpbusd_epi32(_mm512_setzero_si512(), eight, qy));
        const __m512 d =
            scalePair(halfToFloat(x[b].d) * halfToFloat(y[b].d), halfToFloat(x[b + 1].d) * halfToFloat(y[b + 1].d));
        acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(sum), d, acc);
    }
    float total = _mm512_reduce_add_ps(acc);
    if (b < nb) {
        const __m256i qx = _mm256_sub_epi8(unpackNibbles(x[b].qs), _mm256_set1_epi8(8));
        const __m256i qy = _mm256_loadu_si256(v256(y[b].qs));
        total += float(hsumI32(dotI8(qx, qy))) * (halfToFloat(x[b].d) * halfToFloat(y[b].d));
    }
    return total;
}

// Even and odd int32 lanes of v summed: lane 0 = sum of lanes 0, 2, 4, ..., lane 1 = of 1, 3, 5, ...
inline __m128i sumEvenOddLanes(__m512i v)
{
    const __m256i v8 = _mm256_add_epi32(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    const __m128i v4 = _mm_add_epi32(_mm256_castsi256_si128(v8), _mm256_extracti128_si256(v8, 1));
    return _mm_add_epi32(v4, _mm_unpackhi_epi64(v4, v4));
}

// Float steps in the order of the row-interleaved prefill panel (gemm_q4_k_avx512.cpp), so prefill
// and decode give the same logits bit for bit: per super-block, the integer sums of the first and
// second 4 quants of every 8 (the panel's two lanes per row) are each scaled and accumulated on
// their own, min term included; the two accumulators are added at the end.
float dotQ4_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ4_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    // One 32-byte load feeds both halves of a zmm: the low half keeps the low nibbles, the high
    // half is shifted right by 4 (vpsrlvw), giving groups 2j and 2j+1 in Q8_K's element order.
    const __m512i nibbleShift = _mm512_inserti64x4(_mm512_setzero_si512(), _mm256_set1_epi16(4), 1);
    const __m512i pair[4] = {_mm512_load_si512(kPair[0]), _mm512_load_si512(kPair[1]), _mm512_load_si512(kPair[2]),
                             _mm512_load_si512(kPair[3])};
    __m128 acc = _mm_setzero_ps();  // lanes 0, 1: first and second halves of each 8 quants
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        const __m128i sm = unpackScaleMinK4Vec(x[b].scales);
        const __m512i sc = _mm512_castsi128_si512(_mm_cvtepu8_epi16(sm));
        // Min term: m_g times the sum of its group's two bsums; lanes 0..3 hold groups (0,1),
        // (2,3), (4,5), (6,7), i.e. alternately first and second halves like the quant lanes.
        const __m128i bs = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums));
        const __m128i bs2 = _mm_hadd_epi16(bs, _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums + 8)));
        const __m128i mins = _mm_cvtepu8_epi16(_mm_unpackhi_epi64(sm, sm));
        const __m128i min4 = _mm_madd_epi16(bs2, mins);
        const __m128i minSum = _mm_add_epi32(min4, _mm_unpackhi_epi64(min4, min4));

        // int32 lane i of each 64-quant step covers quants 4i..4i+3: even lanes are first halves.
        __m512i isum = _mm512_setzero_si512();
        const uint8_t* q = x[b].qs;
        const int8_t* q8 = y[b].qs;
        for (int j = 0; j < 4; ++j) {
            const __m512i raw = _mm512_broadcast_i64x4(_mm256_loadu_si256(v256(q + 32 * j)));
            const __m512i qx = _mm512_and_si512(_mm512_srlv_epi16(raw, nibbleShift), low4);
            const __m512i p = _mm512_maddubs_epi16(qx, _mm512_loadu_si512(q8 + 64 * j));
            isum = _mm512_dpwssd_epi32(isum, p, _mm512_permutexvar_epi16(pair[j], sc));
        }
        // The block's value first, then one add: a single-add chain across blocks.
        const __m128 block = _mm_fnmadd_ps(
            _mm_cvtepi32_ps(minSum), _mm_set1_ps(halfToFloat(x[b].dmin) * y[b].d),
            _mm_mul_ps(_mm_cvtepi32_ps(sumEvenOddLanes(isum)), _mm_set1_ps(halfToFloat(x[b].d) * y[b].d)));
        acc = _mm_add_ps(acc, block);
    }
    return _mm_cvtss_f32(acc) + _mm_cvtss_f32(_mm_movehdup_ps(acc));
}

float dotQ5_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ5_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    // As Q4_K, plus the fifth bits: qh bit 2j belongs to group 2j (low half), bit 2j+1 to 2j+1.
    const __m512i nibbleShift = _mm512_inserti64x4(_mm512_setzero_si512(), _mm256_set1_epi16(4), 1);
    const __m512i pair[4] = {_mm512_load_si512(kPair[0]), _mm512_load_si512(kPair[1]), _mm512_load_si512(kPair[2]),
                             _mm512_load_si512(kPair[3])};
    const __m512i one = _mm512_set1_epi8(1);
    __m512i qhShift[4];
    for (int j = 0; j < 4; ++j)
        qhShift[j] = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_set1_epi16(int16_t(2 * j))),
                                        _mm256_set1_epi16(int16_t(2 * j + 1)), 1);
    __m512 acc = _mm512_setzero_ps();
    __m128 minAcc = _mm_setzero_ps();
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        prefetchAhead(x + b, sizeof(BlockQ5_K));
        alignas(16) uint8_t sm[16];
        unpackScaleMinK4(x[b].scales, sm);
        const __m512i sc =
            _mm512_castsi128_si512(_mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(sm))));
        // Min term: m_j times the sum of its group's two bsums, kept as 4 float lanes until the end.
        const __m128i bs = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums));
        const __m128i bs2 = _mm_hadd_epi16(bs, _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums + 8)));
        const __m128i mins = _mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(sm + 8)));
        minAcc = _mm_fmadd_ps(_mm_cvtepi32_ps(_mm_madd_epi16(bs2, mins)), _mm_set1_ps(y[b].d * halfToFloat(x[b].dmin)),
                              minAcc);

        const __m512i qh = _mm512_broadcast_i64x4(_mm256_loadu_si256(v256(x[b].qh)));
        __m512i isum0 = _mm512_setzero_si512(), isum1 = _mm512_setzero_si512();
        const uint8_t* q = x[b].qs;
        const int8_t* q8 = y[b].qs;
        for (int j = 0; j < 4; ++j) {
            const __m512i raw = _mm512_broadcast_i64x4(_mm256_loadu_si256(v256(q + 32 * j)));
            const __m512i high = _mm512_and_si512(_mm512_srlv_epi16(qh, qhShift[j]), one);
            const __m512i qx = _mm512_or_si512(_mm512_and_si512(_mm512_srlv_epi16(raw, nibbleShift), low4),
                                               _mm512_slli_epi16(high, 4));
            const __m512i p = _mm512_maddubs_epi16(qx, _mm512_loadu_si512(q8 + 64 * j));
            const __m512i s = _mm512_permutexvar_epi16(pair[j], sc);
            if (j % 2 == 0)
                isum0 = _mm512_dpwssd_epi32(isum0, p, s);
            else
                isum1 = _mm512_dpwssd_epi32(isum1, p, s);
        }
        acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(_mm512_add_epi32(isum0, isum1)),
                              _mm512_set1_ps(y[b].d * halfToFloat(x[b].d)), acc);
    }
    __m128 m = _mm_add_ps(minAcc, _mm_movehl_ps(minAcc, minAcc));
    m = _mm_add_ss(m, _mm_movehdup_ps(m));
    return _mm512_reduce_add_ps(acc) - _mm_cvtss_f32(m);
}

// One Q6_K super-block's exact integer sum of scale * quant * activation, in 16 int32 lanes.
inline __m512i q6KLaneSums(const BlockQ6_K& x, const BlockQ8_K& y)
{
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i two = _mm512_set1_epi8(0x03);
    const __m256i sc16 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x.scales)));
    const __m256i bsums = _mm256_loadu_si256(v256(y.bsums));
    const __m512i sc = _mm512_castsi256_si512(sc16);
    // The quants' offset of 32 times the bsums, subtracted in the integer lanes: exact.
    __m512i isum = _mm512_zextsi256_si512(
        _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_slli_epi32(_mm256_madd_epi16(sc16, bsums), 5)));
    for (int half = 0; half < 2; ++half) {
        // ql's 64 bytes hold elements 0..63 (low nibbles) and 64..127 (high nibbles) of this half.
        const __m512i ql = _mm512_loadu_si512(x.ql + 64 * half);
        const __m256i qh = _mm256_loadu_si256(v256(x.qh + 32 * half));
        const __m512i hA = join(qh, _mm256_srli_epi16(qh, 2));
        const __m512i hB = join(_mm256_srli_epi16(qh, 4), _mm256_srli_epi16(qh, 6));
        const __m512i qA = _mm512_or_si512(_mm512_and_si512(ql, low4), _mm512_slli_epi16(_mm512_and_si512(hA, two), 4));
        const __m512i qB = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi16(ql, 4), low4),
                                           _mm512_slli_epi16(_mm512_and_si512(hB, two), 4));
        const int8_t* q8 = y.qs + 128 * half;
        const __m512i pA = _mm512_maddubs_epi16(qA, _mm512_loadu_si512(q8));
        const __m512i pB = _mm512_maddubs_epi16(qB, _mm512_loadu_si512(q8 + 64));
        const __m512i sA = _mm512_permutexvar_epi16(_mm512_load_si512(kSpread[2 * half]), sc);
        const __m512i sB = _mm512_permutexvar_epi16(_mm512_load_si512(kSpread[2 * half + 1]), sc);
        isum = _mm512_dpwssd_epi32(isum, pA, sA);
        isum = _mm512_dpwssd_epi32(isum, pB, sB);
    }
    return isum;
}

float dotQ6_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ6_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    __m512 acc = _mm512_setzero_ps();
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        prefetchAhead(x + b, sizeof(BlockQ6_K));
        const __m512i isum = q6KLaneSums(x[b], y[b]);
        const float d = y[b].d * halfToFloat(x[b].d);
        acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(isum), _mm512_set1_ps(d), acc);
    }
    return _mm512_reduce_add_ps(acc);
}

}  // namespace

float dotQ6_KWholeSums(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ6_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    __m128 acc = _mm_setzero_ps();
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        prefetchAhead(x + b, sizeof(BlockQ6_K));
        const int32_t isum = _mm512_reduce_add_epi32(q6KLaneSums(x[b], y[b]));
        const float d = y[b].d * halfToFloat(x[b].d);
        acc = _mm_fmadd_ss(_mm_cvtsi32_ss(_mm_setzero_ps(), isum), _mm_set_ss(d), acc);
    }
    return _mm_cvtss_f32(acc);
}

void fillAvx512Dots(KernelTable& t)
{
    const auto set = [&t](GgmlType type, DotFn fn) {
        t.dot[size_t(type)] = fn;
        t.dotIsa[size_t(type)] = Isa::Avx512;
    };
    set(GgmlType::F32, dotF32);
    set(GgmlType::F16, dotHalfType<loadF16>);
    set(GgmlType::BF16, dotHalfType<loadBf16>);
    set(GgmlType::Q8_0, dotBlocks32<BlockQ8_0, quantsQ8_0>);
    set(GgmlType::Q4_0, dotQ4_0);
    set(GgmlType::Q4_K, dotQ4_K);
    set(GgmlType::Q6_K, dotQ6_K);
    set(GgmlType::Q5_K, dotQ5_K);
}

}  // namespace strata::kernels::detail
