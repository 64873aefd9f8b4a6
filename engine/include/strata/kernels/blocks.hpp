// ggml's quantization blocks, byte for byte (see ggml-common.h for the originals). Halves are stored
// as raw uint16_t bit patterns. Blocks are packed: GGUF tensors put them back to back.
#pragma once

#include <cstdint>

namespace strata::kernels {

inline constexpr int kQK = 32;     // elements per block of the "legacy" types (Q4_0 .. Q8_1)
inline constexpr int kQK_K = 256;  // elements per K-quant super-block

struct BlockQ4_0 {
    uint16_t d;
    uint8_t qs[kQK / 2];  // element j in the low nibble of byte j, element j+16 in the high one
};
struct BlockQ4_1 {
    uint16_t d, m;  // value = q*d + m
    uint8_t qs[kQK / 2];
};
struct BlockQ5_0 {
    uint16_t d;
    uint8_t qh[4];  // fifth bit of element j in bit j (little-endian uint32)
    uint8_t qs[kQK / 2];
};
struct BlockQ5_1 {
    uint16_t d, m;
    uint8_t qh[4];
    uint8_t qs[kQK / 2];
};
struct BlockQ8_0 {
    uint16_t d;
    int8_t qs[kQK];
};
struct BlockQ8_1 {
    uint16_t d, s;  // s = d * sum(qs): lets Q4_1/Q5_1 dots add the min term without a second pass
    int8_t qs[kQK];
};
struct BlockQ2_K {
    uint8_t scales[kQK_K / 16];  // low nibble scale, high nibble min, per 16 elements
    uint8_t qs[kQK_K / 4];
    uint16_t d, dmin;
};
struct BlockQ3_K {
    uint8_t hmask[kQK_K / 8];
    uint8_t qs[kQK_K / 4];
    uint8_t scales[12];  // 16 six-bit scales
    uint16_t d;
};
struct BlockQ4_K {
    uint16_t d, dmin;
    uint8_t scales[12];  // 8 six-bit scales and 8 six-bit mins (see scaleMinK4)
    uint8_t qs[kQK_K / 2];
};
struct BlockQ5_K {
    uint16_t d, dmin;
    uint8_t scales[12];
    uint8_t qh[kQK_K / 8];
    uint8_t qs[kQK_K / 2];
};
struct BlockQ6_K {
    uint8_t ql[kQK_K / 2];
    uint8_t qh[kQK_K / 4];
    int8_t scales[kQK_K / 16];
    uint16_t d;
};
struct BlockQ8_K {
    float d;
    int8_t qs[kQK_K];
    int16_t bsums[kQK_K / 16];  // sums of qs per 16: the K-quant dots take their min term from these
};

static_assert(sizeof(BlockQ4_0) == 18 && sizeof(BlockQ4_1) == 20 && sizeof(BlockQ5_0) == 22 && sizeof(BlockQ5_1) == 24
              && sizeof(BlockQ8_0) == 34 && sizeof(BlockQ8_1) == 36);
static_assert(sizeof(BlockQ2_K) == 84 && sizeof(BlockQ3_K) == 110 && sizeof(BlockQ4_K) == 144
              && sizeof(BlockQ5_K) == 176 && sizeof(BlockQ6_K) == 210 && sizeof(BlockQ8_K) == 292);

// Scale j (0..7) and min j of a Q4_K/Q5_K block, unpacked from their 6-bit packing: the first four
// sit in the low 6 bits of bytes 0..3 / 4..7, the last four are split over bytes 8..11 (low 4 bits)
// and the top 2 bits of bytes 0..7.
inline void scaleMinK4(int j, const uint8_t* q, uint8_t& scale, uint8_t& min)
{
    if (j < 4) {
        scale = q[j] & 63;
        min = q[j + 4] & 63;
    } else {
        scale = uint8_t((q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4));
        min = uint8_t((q[j + 4] >> 4) | ((q[j] >> 6) << 4));
    }
}

// The 16 six-bit scales of a Q3_K block, each with its +32 bias removed.
inline void unpackQ3KScales(const uint8_t* packed, int8_t out[16])
{
    for (int j = 0; j < 16; ++j) {
        const int low = j < 8 ? (packed[j] & 0xF) : (packed[j - 8] >> 4);
        const int high = (packed[8 + j % 4] >> (2 * (j / 4))) & 3;
        out[j] = int8_t((low | (high << 4)) - 32);
    }
}

}  // namespace strata::kernels
