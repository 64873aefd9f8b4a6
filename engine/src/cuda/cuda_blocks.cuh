// Device-side readers of GGUF weight blocks, one struct per type (layouts as ggml defines them).
//
// Integer types give a quarter of a 32-weight sub-block (8 weights) as packed int8 with its scale
// and, for the K-quants, its minimum. The float types give 8 consecutive weights as floats.
// Q8_0 (34 B), Q4_0 (18 B) and Q6_K (210 B) blocks are only 2-byte aligned: they are read in
// 16-bit pieces. Q4_K (144 B) and Q5_K (176 B) blocks are 16-byte aligned and read with 16-byte loads.
#pragma once

#include "strata/gguf/ggml_type.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>

namespace strata::cuda {

// 8 weights of a 32-weight sub-block: weight i of part p (element 8p + i) = d * q[i / 4].byte(i % 4) - m.
struct Part {
    int q[2];
    float d, m;
};

__device__ __forceinline__ float halfAt(const uint8_t* p)
{
    return __half2float(*reinterpret_cast<const __half*>(p));
}

__device__ __forceinline__ int int32From2Aligned(const uint8_t* p)
{
    const uint16_t* u = reinterpret_cast<const uint16_t*>(p);
    return int(uint32_t(u[0]) | (uint32_t(u[1]) << 16));
}

__device__ __forceinline__ void load8From2Aligned(const uint8_t* p, int (&out)[2])
{
    out[0] = int32From2Aligned(p);
    out[1] = int32From2Aligned(p + 4);
}

__device__ __forceinline__ void load8From8Aligned(const uint8_t* p, int (&out)[2])
{
    const int2 v = *reinterpret_cast<const int2*>(p);
    out[0] = v.x, out[1] = v.y;
}

// ggml's 6-bit scale and minimum of sub-block j of a Q4_K/Q5_K super-block.
__device__ __forceinline__ void scaleMinK4(int j, const uint8_t* s, int& sc, int& mn)
{
    if (j < 4) {
        sc = s[j] & 63;
        mn = s[j + 4] & 63;
    } else {
        sc = (s[j + 4] & 0xF) | ((s[j - 4] >> 6) << 4);
        mn = (s[j + 4] >> 4) | ((s[j] >> 6) << 4);
    }
}

// Each reader: part p (0..3) of sub-block sb of a row. The four lanes that read the parts of one
// sub-block read neighbouring bytes, so a warp's load touches few cache lines.
struct BlockQ8_0 {
    static constexpr int kBytes = 34, kPerBlock = 32;
    __device__ static Part load(const uint8_t* row, int sb, int p)
    {
        const uint8_t* b = row + size_t(sb) * kBytes;
        Part r;
        load8From2Aligned(b + 2 + 8 * p, r.q);
        r.d = halfAt(b);
        r.m = 0.0f;
        return r;
    }
};

struct BlockQ4_0 {
    static constexpr int kBytes = 18, kPerBlock = 32;
    __device__ static Part load(const uint8_t* row, int sb, int p)
    {
        // Elements 0-15 are the low nibbles of bytes 0-15, elements 16-31 the high ones.
        const uint8_t* b = row + size_t(sb) * kBytes;
        Part r;
        load8From2Aligned(b + 2 + 8 * (p & 1), r.q);
        const int shift = (p >> 1) * 4;
#pragma unroll
        for (int i = 0; i < 2; ++i)
            r.q[i] = int(__vsubss4((unsigned(r.q[i]) >> shift) & 0x0F0F0F0Fu, 0x08080808u));
        r.d = halfAt(b);
        r.m = 0.0f;
        return r;
    }
};

struct BlockQ4_K {
    static constexpr int kBytes = 144, kPerBlock = 256;
    __device__ static Part load(const uint8_t* row, int sb, int p)
    {
        const uint8_t* b = row + size_t(sb / 8) * kBytes;
        const int j = sb % 8;
        Part r;
        load8From8Aligned(b + 16 + 32 * (j / 2) + 8 * p, r.q);
        const int shift = (j & 1) * 4;
#pragma unroll
        for (int i = 0; i < 2; ++i)
            r.q[i] = int((unsigned(r.q[i]) >> shift) & 0x0F0F0F0Fu);
        int sc, mn;
        scaleMinK4(j, b + 4, sc, mn);
        r.d = halfAt(b) * float(sc);
        r.m = halfAt(b + 2) * float(mn);
        return r;
    }
};

struct BlockQ5_K {
    static constexpr int kBytes = 176, kPerBlock = 256;
    __device__ static Part load(const uint8_t* row, int sb, int p)
    {
        const uint8_t* b = row + size_t(sb / 8) * kBytes;
        const int j = sb % 8;
        Part r;
        int high[2];
        load8From8Aligned(b + 48 + 32 * (j / 2) + 8 * p, r.q);
        load8From8Aligned(b + 16 + 8 * p, high);
        const int shift = (j & 1) * 4;
#pragma unroll
        for (int i = 0; i < 2; ++i)
            r.q[i] = int(((unsigned(r.q[i]) >> shift) & 0x0F0F0F0Fu) | (((unsigned(high[i]) >> j) & 0x01010101u) << 4));
        int sc, mn;
        scaleMinK4(j, b + 4, sc, mn);
        r.d = halfAt(b) * float(sc);
        r.m = halfAt(b + 2) * float(mn);
        return r;
    }
};

struct BlockQ6_K {
    static constexpr int kBytes = 210, kPerBlock = 256;
    __device__ static Part load(const uint8_t* row, int sb, int p)
    {
        const uint8_t* b = row + size_t(sb / 8) * kBytes;
        const int j = sb % 8, half = j / 4, group = j % 4;
        Part r;
        int high[2];
        load8From2Aligned(b + 64 * half + 32 * (group & 1) + 8 * p, r.q);
        load8From2Aligned(b + 128 + 32 * half + 8 * p, high);
        const int nibbleShift = (group >> 1) * 4, highShift = 2 * group;
#pragma unroll
        for (int i = 0; i < 2; ++i) {
            const unsigned q = ((unsigned(r.q[i]) >> nibbleShift) & 0x0F0F0F0Fu) |
                               (((unsigned(high[i]) >> highShift) & 0x03030303u) << 4);
            r.q[i] = int(__vsubss4(q, 0x20202020u));
        }
        // One scale per 16 weights: parts 0-1 share the first, parts 2-3 the second.
        const int8_t* scales = reinterpret_cast<const int8_t*>(b + 192) + 8 * half + 2 * group;
        r.d = halfAt(b + 208) * float(scales[p >> 1]);
        r.m = 0.0f;
        return r;
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
