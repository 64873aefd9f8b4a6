// Small helpers shared by the AVX2 and AVX-512 kernel files. Include only from files compiled with
// at least -mavx2 -mfma -mf16c.
#pragma once

#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace strata::kernels::detail {

inline float hsum(__m256 v)
{
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

inline int hsumI32(__m256i v)
{
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_unpackhi_epi64(s, s));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 1));
    return _mm_cvtsi128_si32(s);
}

inline int hsumI32x4(__m128i s)
{
    s = _mm_add_epi32(s, _mm_unpackhi_epi64(s, s));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 1));
    return _mm_cvtsi128_si32(s);
}

inline float halfToFloat(uint16_t h) { return _cvtsh_ss(h); }

// 32 nibbles of 16 bytes as 32 bytes: low nibbles first (elements 0..15), then high (16..31).
inline __m256i unpackNibbles(const uint8_t* p)
{
    const __m128i raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m256i both = _mm256_set_m128i(_mm_srli_epi16(raw, 4), raw);
    return _mm256_and_si256(both, _mm256_set1_epi8(0x0F));
}

// Sum of products of 32 signed bytes, as 8 int32 lanes (|x| <= 128 and |y| <= 127 keep maddubs exact).
inline __m256i dotI8(__m256i x, __m256i y)
{
    const __m256i ax = _mm256_sign_epi8(x, x);
    const __m256i sy = _mm256_sign_epi8(y, x);
    return _mm256_madd_epi16(_mm256_maddubs_epi16(ax, sy), _mm256_set1_epi16(1));
}

// The 8 scales and 8 mins of a Q4_K/Q5_K block as bytes: scales in [0..7], mins in [8..15].
inline void unpackScaleMinK4(const uint8_t* packed, uint8_t out[16])
{
    uint32_t u[3];
    std::memcpy(u, packed, 12);
    const uint32_t m6 = 0x3f3f3f3f, m4 = 0x0f0f0f0f, top = 0xc0c0c0c0;
    const uint32_t s0 = u[0] & m6;                                   // scales 0..3
    const uint32_t s1 = (u[2] & m4) | ((u[0] & top) >> 2);           // scales 4..7
    const uint32_t n0 = u[1] & m6;                                   // mins 0..3
    const uint32_t n1 = ((u[2] >> 4) & m4) | ((u[1] & top) >> 2);    // mins 4..7
    std::memcpy(out + 0, &s0, 4);
    std::memcpy(out + 4, &s1, 4);
    std::memcpy(out + 8, &n0, 4);
    std::memcpy(out + 12, &n1, 4);
}

}  // namespace strata::kernels::detail
