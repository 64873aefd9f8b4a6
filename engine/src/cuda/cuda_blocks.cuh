// Device-side readers of GGUF weight blocks, one struct per type (layouts as ggml defines them).
//
// Integer types give one 32-weight sub-block as packed int8 (8 ints of 4 bytes) with its scales:
// weight i = (i < 16 ? d0 : d1) * q[i] - m. Q6_K has a scale per 16 weights, hence d0 and d1; the
// K-quants' minimum is m. The float types give 8 consecutive weights as floats.
// Q8_0 (34 B), Q4_0 (18 B) and Q6_K (210 B) blocks are only 2-byte aligned: they are read as the
// aligned 4-byte words around them, joined by funnel shifts. Q4_K (144 B) and Q5_K (176 B) blocks are 16-byte aligned
// and read with 16-byte loads.
#pragma once

#include "strata/gguf/ggml_type.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>

namespace strata::cuda {

struct SubBlock {
    int q[8];
    float d0, d1, m;
};

__device__ __forceinline__ float halfAt(const uint8_t* p)
{
    return __half2float(*reinterpret_cast<const __half*>(p));
}

// Words words starting at a 2-byte aligned address: 4-byte loads of the aligned words around them
// joined by funnel shifts (a last word only when p is not 4-aligned, so nothing past the bytes is
// read). For 32 bytes: 9 loads instead of 16 two-byte ones and their merges; Q8_0 (34 B) and
// Q6_K (210 B) blocks and Q4_0's quants (at 2 mod 4 in an 18 B block) have no better alignment.
template <int Words>
__device__ __forceinline__ void loadWordsFrom2Aligned(const uint8_t* p, int (&out)[Words])
{
    const uintptr_t at = reinterpret_cast<uintptr_t>(p);
    const uint32_t* w = reinterpret_cast<const uint32_t*>(at & ~uintptr_t(3));
    const unsigned shift = unsigned(at & 3) * 8;  // 0 or 16
    uint32_t v[Words + 1];
#pragma unroll
    for (int i = 0; i < Words; ++i)
        v[i] = w[i];
    v[Words] = shift != 0 ? w[Words] : 0u;
#pragma unroll
    for (int i = 0; i < Words; ++i)
        out[i] = int(__funnelshift_r(v[i], v[i + 1], shift));
}

__device__ __forceinline__ void load32From2Aligned(const uint8_t* p, int (&out)[8])
{
    loadWordsFrom2Aligned<8>(p, out);
}

__device__ __forceinline__ void load32From16Aligned(const uint8_t* p, int (&out)[8])
{
    const int4 a = reinterpret_cast<const int4*>(p)[0], b = reinterpret_cast<const int4*>(p)[1];
    out[0] = a.x, out[1] = a.y, out[2] = a.z, out[3] = a.w;
    out[4] = b.x, out[5] = b.y, out[6] = b.z, out[7] = b.w;
}

// ggml's 6-bit scale and minimum of sub-block j of a Q4_K/Q5_K super-block, from its 12 scale
// bytes (4-byte aligned in both types' blocks) read as 3 words. Branch-free: the tensor-core tiles
// issue all of a step's loads before using any, and a branch here would split them apart.
__device__ __forceinline__ void scaleMinK4(int j, const uint8_t* s, int& sc, int& mn)
{
    const uint32_t* w = reinterpret_cast<const uint32_t*>(s);
    const unsigned shift = unsigned(j & 3) * 8;
    const unsigned a = (w[0] >> shift) & 0xFFu, b = (w[1] >> shift) & 0xFFu, c = (w[2] >> shift) & 0xFFu;
    const bool low = j < 4;
    sc = low ? int(a & 63u) : int((c & 0xFu) | ((a >> 6) << 4));
    mn = low ? int(b & 63u) : int((c >> 4) | ((b >> 6) << 4));
}

struct BlockQ8_0 {
    static constexpr int kBytes = 34, kPerBlock = 32;
    __device__ static SubBlock load(const uint8_t* row, int sb)
    {
        const uint8_t* b = row + size_t(sb) * kBytes;
        SubBlock s;
        load32From2Aligned(b + 2, s.q);
        s.d0 = s.d1 = halfAt(b);
        s.m = 0.0f;
        return s;
    }
};

struct BlockQ4_0 {
    static constexpr int kBytes = 18, kPerBlock = 32;
    __device__ static SubBlock load(const uint8_t* row, int sb)
    {
        const uint8_t* b = row + size_t(sb) * kBytes;
        SubBlock s;
        int words[4];
        loadWordsFrom2Aligned<4>(b + 2, words);
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const unsigned w = unsigned(words[i]);
            s.q[i] = int(__vsubss4(w & 0x0F0F0F0Fu, 0x08080808u));
            s.q[i + 4] = int(__vsubss4((w >> 4) & 0x0F0F0F0Fu, 0x08080808u));
        }
        s.d0 = s.d1 = halfAt(b);
        s.m = 0.0f;
        return s;
    }
};

// A K-quant sub-block with its scales as the format stores them, for kernels that keep the
// sub-block scales in integer sums: weight i = d * (i < 16 ? sc0 : sc1) * q[i] - dmin * m.
struct KSubBlock {
    int q[8];
    int sc0, sc1, m;
    float d, dmin;
};

__device__ __forceinline__ SubBlock scaledSubBlock(const KSubBlock& k)
{
    SubBlock s;
#pragma unroll
    for (int i = 0; i < 8; ++i)
        s.q[i] = k.q[i];
    s.d0 = k.d * float(k.sc0);
    s.d1 = k.d * float(k.sc1);
    s.m = k.dmin * float(k.m);
    return s;
}

struct BlockQ4_K {
    static constexpr int kBytes = 144, kPerBlock = 256;
    __device__ static KSubBlock loadInt(const uint8_t* row, int sb)
    {
        const uint8_t* b = row + size_t(sb / 8) * kBytes;
        const int j = sb % 8;
        KSubBlock s;
        load32From16Aligned(b + 16 + 32 * (j / 2), s.q);
        const int shift = (j & 1) * 4;
#pragma unroll
        for (int i = 0; i < 8; ++i)
            s.q[i] = int((unsigned(s.q[i]) >> shift) & 0x0F0F0F0Fu);
        scaleMinK4(j, b + 4, s.sc0, s.m);
        s.sc1 = s.sc0;
        s.d = halfAt(b);
        s.dmin = halfAt(b + 2);
        return s;
    }
    __device__ static SubBlock load(const uint8_t* row, int sb)
    {
        return scaledSubBlock(loadInt(row, sb));
    }
};

struct BlockQ5_K {
    static constexpr int kBytes = 176, kPerBlock = 256;
    __device__ static KSubBlock loadInt(const uint8_t* row, int sb)
    {
        const uint8_t* b = row + size_t(sb / 8) * kBytes;
        const int j = sb % 8;
        KSubBlock s;
        int high[8];
        load32From16Aligned(b + 48 + 32 * (j / 2), s.q);
        load32From16Aligned(b + 16, high);
        const int shift = (j & 1) * 4;
#pragma unroll
        for (int i = 0; i < 8; ++i)
            s.q[i] = int(((unsigned(s.q[i]) >> shift) & 0x0F0F0F0Fu) | (((unsigned(high[i]) >> j) & 0x01010101u) << 4));
        scaleMinK4(j, b + 4, s.sc0, s.m);
        s.sc1 = s.sc0;
        s.d = halfAt(b);
        s.dmin = halfAt(b + 2);
        return s;
    }
    __device__ static SubBlock load(const uint8_t* row, int sb)
    {
        return scaledSubBlock(loadInt(row, sb));
    }
};

struct BlockQ6_K {
    static constexpr int kBytes = 210, kPerBlock = 256;
    __device__ static KSubBlock loadInt(const uint8_t* row, int sb)
    {
        const uint8_t* b = row + size_t(sb / 8) * kBytes;
        const int j = sb % 8, half = j / 4, group = j % 4;
        KSubBlock s;
        int high[8];
        load32From2Aligned(b + 64 * half + 32 * (group & 1), s.q);
        load32From2Aligned(b + 128 + 32 * half, high);
        const int nibbleShift = (group >> 1) * 4, highShift = 2 * group;
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            const unsigned q = ((unsigned(s.q[i]) >> nibbleShift) & 0x0F0F0F0Fu)
                               | (((unsigned(high[i]) >> highShift) & 0x03030303u) << 4);
            s.q[i] = int(__vsubss4(q, 0x20202020u));
        }
        const int8_t* scales = reinterpret_cast<const int8_t*>(b + 192) + 8 * half + 2 * group;
        s.sc0 = scales[0];
        s.sc1 = scales[1];
        s.m = 0;
        s.d = halfAt(b + 208);
        s.dmin = 0.0f;
        return s;
    }
    __device__ static SubBlock load(const uint8_t* row, int sb)
    {
        return scaledSubBlock(loadInt(row, sb));
    }
};

// Float weights: 8 consecutive values starting at element 8 * chunk. round() gives an activation
// the precision of the weight type, as ggml converts activations to F16/BF16 for those matrices.
struct RowF32 {
    __device__ static float round(float x) { return x; }
    __device__ static void load(const uint8_t* row, int chunk, float (&w)[8])
    {
        const float4* p = reinterpret_cast<const float4*>(row) + 2 * chunk;
        const float4 a = p[0], b = p[1];
        w[0] = a.x, w[1] = a.y, w[2] = a.z, w[3] = a.w, w[4] = b.x, w[5] = b.y, w[6] = b.z, w[7] = b.w;
    }
};

struct RowF16 {
    __device__ static float round(float x) { return __half2float(__float2half_rn(x)); }
    __device__ static void load(const uint8_t* row, int chunk, float (&w)[8])
    {
        const uint4 v = reinterpret_cast<const uint4*>(row)[chunk];
        const __half2* h = reinterpret_cast<const __half2*>(&v);
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const float2 f = __half22float2(h[i]);
            w[2 * i] = f.x, w[2 * i + 1] = f.y;
        }
    }
};

struct RowBF16 {
    __device__ static float round(float x) { return __bfloat162float(__float2bfloat16_rn(x)); }
    __device__ static void load(const uint8_t* row, int chunk, float (&w)[8])
    {
        const uint4 v = reinterpret_cast<const uint4*>(row)[chunk];
        const unsigned u[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            w[2 * i] = __uint_as_float(u[i] << 16);
            w[2 * i + 1] = __uint_as_float(u[i] & 0xFFFF0000u);
        }
    }
};

// Calls fn(BlockType{}) or fn(RowType{}) for the weight type; false when it has no reader.
template <class IntFn, class FloatFn>
bool dispatchType(gguf::GgmlType type, IntFn&& onInt, FloatFn&& onFloat)
{
    switch (type) {
    case gguf::GgmlType::Q8_0: onInt(BlockQ8_0{}); return true;
    case gguf::GgmlType::Q4_0: onInt(BlockQ4_0{}); return true;
    case gguf::GgmlType::Q4_K: onInt(BlockQ4_K{}); return true;
    case gguf::GgmlType::Q5_K: onInt(BlockQ5_K{}); return true;
    case gguf::GgmlType::Q6_K: onInt(BlockQ6_K{}); return true;
    case gguf::GgmlType::F32: onFloat(RowF32{}); return true;
    case gguf::GgmlType::F16: onFloat(RowF16{}); return true;
    case gguf::GgmlType::BF16: onFloat(RowBF16{}); return true;
    default: return false;
    }
}

}  // namespace strata::cuda
