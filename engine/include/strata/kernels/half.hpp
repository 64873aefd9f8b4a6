// IEEE binary16 and bfloat16 <-> f32 conversions, bit-exact with ggml's (round to nearest even,
// NaN stays NaN and becomes quiet; subnormals are kept, not flushed).
#pragma once

#include <bit>
#include <cstdint>

namespace strata::kernels {

inline float fp16ToFp32(uint16_t h)
{
    const uint32_t sign = uint32_t(h & 0x8000u) << 16;
    const uint32_t exponent = (h >> 10) & 0x1fu;
    const uint32_t mantissa = h & 0x3ffu;
    if (exponent == 0) {
        // Zero or subnormal: mantissa * 2^-24 is exact in f32.
        const float magnitude = float(mantissa) * 5.9604644775390625e-8f;
        return std::bit_cast<float>(sign | std::bit_cast<uint32_t>(magnitude));
    }
    if (exponent == 31)
        return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
    return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

inline uint16_t fp32ToFp16(float f)
{
    uint32_t x = std::bit_cast<uint32_t>(f);
    const uint16_t sign = uint16_t((x >> 16) & 0x8000u);
    x &= 0x7fffffffu;
    if (x >= 0x7f800000u)  // inf, or NaN made quiet with its top mantissa bits kept
        return uint16_t(sign | (x > 0x7f800000u ? 0x7e00u | ((x >> 13) & 0x3ffu) : 0x7c00u));
    if (x >= 0x477ff000u)  // >= 65520 rounds past the largest half (65504)
        return uint16_t(sign | 0x7c00u);
    if (x < 0x38800000u) {
        // Below 2^-14 the half is subnormal (unit 2^-24). Adding 0.5f puts the value where f32's
        // unit is also 2^-24, so the FPU does the round-to-nearest-even for us.
        const float shifted = std::bit_cast<float>(x) + 0.5f;
        return uint16_t(sign | (std::bit_cast<uint32_t>(shifted) - 0x3f000000u));
    }
    // Normal: rebias the exponent (127 -> 15) and round the 13 dropped bits to nearest even.
    x += 0xc8000fffu + ((x >> 13) & 1u);
    return uint16_t(sign | (x >> 13));
}

inline float bf16ToFp32(uint16_t h)
{
    return std::bit_cast<float>(uint32_t(h) << 16);
}

inline uint16_t fp32ToBf16(float f)
{
    const uint32_t x = std::bit_cast<uint32_t>(f);
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return uint16_t((x >> 16) | 0x40u);  // quiet NaN
    return uint16_t((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

}  // namespace strata::kernels
