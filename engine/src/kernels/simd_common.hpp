// Small helpers shared by the AVX2 and AVX-512 kernel files. Include only from files compiled with
// at least -mavx2 -mfma -mf16c.
#pragma once

#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace strata::kernels::detail {
// Internal linkage on purpose: each ISA's file gets its own copy compiled with its own flags. As
// ordinary inline functions the linker would keep one copy for all, maybe an AVX-512 one called
// from the AVX2 path.
namespace {

// Decode reads rows one after the other, so a fixed distance ahead of the current block is the
// rest of this row and then the next one. Software prefetch keeps enough lines in flight where
// the hardware prefetchers alone do not (measured: Intel Xeon guests, where these one-row kernels
// read at ~50-60 % of the memory rate without it, 85-96 % with it; neutral on AMD Zen 5).
// Prefetches past a mapping never fault.
inline void prefetchAhead(const void* block, size_t bytes)
{
    constexpr size_t kAhead = 4096;  // 2, 4 and 8 KiB tried there: 4 KiB read fastest
    for (size_t o = 0; o < bytes; o += 64)
        _mm_prefetch(static_cast<const char*>(block) + kAhead + o, _MM_HINT_T0);
}

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

inline float halfToFloat(uint16_t h)
{
    return _cvtsh_ss(h);
}

// 32 nibbles of 16 bytes as 32 bytes: low nibbles first (elements 0..15), then high (16..31).
inline __m256i unpackNibbles(const uint8_t* p)
{
    const __m128i raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m256i both = _mm256_set_m128i(_mm_srli_epi16(raw, 4), raw);
    return _mm256_and_si256(both, _mm256_set1_epi8(0x0F));
}

// 32 bits to 32 bytes: byte j is 0xFF where bit j is set, else 0.
inline __m256i bitsToBytes(uint32_t bits)
{
    // Replicate source byte j/8 into lane j, then test bit j%8 of it: OR-ing every other bit in
    // makes the byte all-ones exactly when the tested bit was set.
    const __m256i spread =
        _mm256_shuffle_epi8(_mm256_set1_epi32(int(bits)), _mm256_set_epi64x(0x0303030303030303, 0x0202020202020202,
                                                                            0x0101010101010101, 0x0000000000000000));
    const __m256i othersSet = _mm256_or_si256(spread, _mm256_set1_epi64x(0x7fbfdfeff7fbfdfe));
    return _mm256_cmpeq_epi8(othersSet, _mm256_set1_epi64x(-1));
}

// Sum of products of 32 unsigned bytes (u <= 63) with 32 signed bytes, as 8 int32 lanes.
inline __m256i dotU8I8(__m256i u, __m256i s)
{
    return _mm256_madd_epi16(_mm256_maddubs_epi16(u, s), _mm256_set1_epi16(1));
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
    const uint32_t s0 = u[0] & m6;                                 // scales 0..3
    const uint32_t s1 = (u[2] & m4) | ((u[0] & top) >> 2);         // scales 4..7
    const uint32_t n0 = u[1] & m6;                                 // mins 0..3
    const uint32_t n1 = ((u[2] >> 4) & m4) | ((u[1] & top) >> 2);  // mins 4..7
    std::memcpy(out + 0, &s0, 4);
    std::memcpy(out + 4, &s1, 4);
    std::memcpy(out + 8, &n0, 4);
    std::memcpy(out + 12, &n1, 4);
}

// unpackScaleMinK4 in registers: bytes 0..7 the scales, 8..15 the mins. Reads 16 bytes from
// `packed` (the 12 scale bytes and the next 4, which in a Q4_K/Q5_K block are quants).
inline __m128i unpackScaleMinK4Vec(const uint8_t* packed)
{
    const __m128i u = _mm_loadu_si128(reinterpret_cast<const __m128i*>(packed));  // u0 u1 u2 (x)
    // Low bits: [u0 & 0x3f.., u2 & 0x0f.., u1 & 0x3f.., (u2 >> 4) & 0x0f..].
    const __m128i low =
        _mm_and_si128(_mm_srlv_epi32(_mm_shuffle_epi32(u, _MM_SHUFFLE(2, 1, 2, 0)), _mm_setr_epi32(0, 0, 0, 4)),
                      _mm_setr_epi32(0x3f3f3f3f, 0x0f0f0f0f, 0x3f3f3f3f, 0x0f0f0f0f));
    // Top two bits of scales/mins 4..7 from the top of u0/u1: [0, (u0 >> 2) & 0x30.., 0, (u1 >> 2) & 0x30..].
    const __m128i top = _mm_and_si128(_mm_srli_epi32(_mm_shuffle_epi32(u, _MM_SHUFFLE(1, 1, 0, 0)), 2),
                                      _mm_setr_epi32(0, 0x30303030, 0, 0x30303030));
    return _mm_or_si128(low, top);
}

// The 16 six-bit Q3_K scales, still biased by +32, as bytes, four at a time with 32-bit masks:
// low nibbles come from bytes 0..7 (low then high nibble), the top 2 bits from bytes 8..11.
inline __m128i unpackQ3KScalesBiased(const uint8_t* packed)
{
    uint32_t u[3];
    std::memcpy(u, packed, 12);
    const uint32_t m4 = 0x0f0f0f0f, m2 = 0x03030303;
    const uint32_t out[4] = {
        (u[0] & m4) | ((u[2] & m2) << 4),
        (u[1] & m4) | (((u[2] >> 2) & m2) << 4),
        ((u[0] >> 4) & m4) | (((u[2] >> 4) & m2) << 4),
        ((u[1] >> 4) & m4) | (((u[2] >> 6) & m2) << 4),
    };
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(out));
}

}  // namespace
}  // namespace strata::kernels::detail
