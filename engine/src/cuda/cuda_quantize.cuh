// Warp-level int8 quantization of activations, shared by the quantize kernels and the kernels that
// quantize their own output (RMSNorm, SwiGLU), so the rounding is the CPU backend's in every path.
#pragma once

#include "cuda_kernels.hpp"

#include <cuda_fp16.h>

namespace strata::cuda {

__device__ __forceinline__ float warpSum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__device__ __forceinline__ float warpMax(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

__device__ __forceinline__ void load8(const float* p, float (&v)[8])
{
    const float4 a = reinterpret_cast<const float4*>(p)[0], b = reinterpret_cast<const float4*>(p)[1];
    v[0] = a.x, v[1] = a.y, v[2] = a.z, v[3] = a.w, v[4] = b.x, v[5] = b.y, v[6] = b.z, v[7] = b.w;
}

// Q8_0 block `block` (global 32-value index); each lane holds its value. As the CPU backend's
// quantizeActivationsQ8_0: q = round-half-even(x * 127 / amax), scale amax / 127 rounded to f16.
__device__ __forceinline__ void quantizeBlockQ8_0(float v, int64_t block, const Q8Activations& q8)
{
    const int lane = threadIdx.x % 32;
    const float amax = warpMax(fabsf(v));
    const float id = amax != 0.0f ? 127.0f / amax : 0.0f;
    const int qi = max(-127, min(127, __float2int_rn(v * id)));
    q8.q[block * 32 + lane] = int8_t(qi);
    const float sum = warpSum(float(qi));
    if (lane == 0) {
        const float d = __half2float(__float2half_rn(amax / 127.0f));
        q8.scales[block] = d;
        q8.sums[block] = d * sum;
    }
}

// Q8_0 block `block` held by four lanes (lane l % 4 holds values 8 (l % 4) ... + 7): the same bytes
// as quantizeBlockQ8_0.
__device__ __forceinline__ void quantizeBlockQ8_0Quad(const float (&v)[8], int64_t block, const Q8Activations& q8)
{
    const int lane = threadIdx.x % 32;
    float amax = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i)
        amax = fmaxf(amax, fabsf(v[i]));
    amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, 1));
    amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, 2));
    const float id = amax != 0.0f ? 127.0f / amax : 0.0f;
    int sum = 0;
    int8_t* out = q8.q + block * 32 + (lane % 4) * 8;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        const int qi = max(-127, min(127, __float2int_rn(v[i] * id)));
        out[i] = int8_t(qi);
        sum += qi;
    }
    sum += __shfl_xor_sync(0xffffffffu, sum, 1);
    sum += __shfl_xor_sync(0xffffffffu, sum, 2);
    if (lane % 4 == 0) {
        const float d = __half2float(__float2half_rn(amax / 127.0f));
        q8.scales[block] = d;
        q8.sums[block] = d * float(sum);
    }
}

// Q8_K super-block `sb` (global 256-value index); lane l holds values 8l ... 8l+7. As ggml's
// quantize_row_q8_K: the scale comes from the signed value of largest magnitude (the first on
// ties), iscale = -127 / max, q = min(127, round-half-even(iscale * x)), d = 1 / iscale. The
// scale is written once per 32 values, the layout the matrix kernels read.
__device__ __forceinline__ void quantizeSuperBlockQ8_K(const float (&v)[8], int64_t sb, const Q8Activations& q8)
{
    const int lane = threadIdx.x % 32;
    float amax = 0, max = 0;
    int at = 256;
#pragma unroll
    for (int i = 0; i < 8; ++i)
        if (fabsf(v[i]) > amax) {
            amax = fabsf(v[i]);
            max = v[i];
            at = lane * 8 + i;
        }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        const float otherAmax = __shfl_xor_sync(0xffffffffu, amax, o);
        const float otherMax = __shfl_xor_sync(0xffffffffu, max, o);
        const int otherAt = __shfl_xor_sync(0xffffffffu, at, o);
        if (otherAmax > amax || (otherAmax == amax && otherAt < at)) {
            amax = otherAmax;
            max = otherMax;
            at = otherAt;
        }
    }
    const float iscale = amax != 0.0f ? -127.0f / max : 0.0f;
    const float d = amax != 0.0f ? 1.0f / iscale : 0.0f;
    int sum = 0;
    int8_t* out = q8.q + sb * 256 + lane * 8;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        const int qi = min(127, __float2int_rn(iscale * v[i]));
        out[i] = int8_t(qi);
        sum += qi;
    }
    // Lanes 4b ... 4b+3 hold the 32-value block b: add their sums.
    sum += __shfl_xor_sync(0xffffffffu, sum, 1);
    sum += __shfl_xor_sync(0xffffffffu, sum, 2);
    if (lane % 4 == 0) {
        q8.scales[sb * 8 + lane / 4] = d;
        q8.sums[sb * 8 + lane / 4] = d * float(sum);
    }
}

}  // namespace strata::cuda
