// Q8_0 and Q4_0 weight blocks as unsigned bytes for vpdpbusd, two 32-blocks per 512-bit vector
// (lanes 0..7 the first block, 8..15 the second), shared by the AVX-512 panels (gemm_avx512.cpp)
// and the AMX table's dots (dot_block_sums_avx512.cpp). Include only from files compiled with the
// AVX-512 flags.
#pragma once

#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

namespace strata::kernels::detail {
namespace {  // internal linkage, as simd_common.hpp

inline __m512i join(__m256i lo, __m256i hi)
{
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

inline __m512i load2(const BlockQ8_0& a, const BlockQ8_0& b)
{
    return join(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a.qs)),
                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.qs)));
}

// Weight quants of two 32-blocks as unsigned bytes u = q + offset, with `offset` the value that
// makes them unsigned (vpdpbusd takes u8 x s8). u.y - offset * sum(y) is then q.y, exactly.
struct Q8_0Unsigned {
    static constexpr int kOffset = 128;
    static __m512i quants(const BlockQ8_0& a, const BlockQ8_0& b)
    {
        return _mm512_xor_si512(load2(a, b), _mm512_set1_epi8(char(0x80)));
    }
};
struct Q4_0Unsigned {
    static constexpr int kOffset = 8;
    static __m512i quants(const BlockQ4_0& a, const BlockQ4_0& b)
    {
        // As dotQ4_0: both blocks' 16 bytes twice, the upper copy shifted by 4, lanes reordered so
        // each block's low and high nibbles sit side by side.
        const __m512i nibbleShift = _mm512_inserti64x4(_mm512_setzero_si512(), _mm256_set1_epi16(4), 1);
        const __m128i qa = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a.qs));
        const __m128i qb = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.qs));
        const __m512i both = _mm512_broadcast_i64x4(_mm256_set_m128i(qb, qa));
        const __m512i nib = _mm512_and_si512(_mm512_srlv_epi16(both, nibbleShift), _mm512_set1_epi8(0x0F));
        return _mm512_shuffle_i64x2(nib, nib, _MM_SHUFFLE(3, 1, 2, 0));
    }
};

}  // namespace
}  // namespace strata::kernels::detail
