// Causal attention over the f16 KV cache, one block per (query head, token). Each of the block's
// warps walks every kWarps-th key with an online softmax (running max, running sum, running
// weighted sum of values), then the warps' partial results are merged. Each lane holds headDim/32
// consecutive dimensions, so a key or value row is one coalesced read by the warp.
// As ggml's f16 path does, the query is rounded to f16 before q.k.
// Not yet: splitting one long context over several blocks (flash-decoding); decode launches only
// heads blocks, which is enough for the contexts measured so far.
#include "cuda_kernels.hpp"
#include "strata/core/error.hpp"

#include <cuda_fp16.h>

#include <string>

namespace strata::cuda {
namespace {

constexpr int kWarps = 4;

template <int PerLane>
__global__ void attentionKernel(const float* q, int heads, int kvHeads, const __half* keys, const __half* values,
                                const int32_t* start, float scale, float* out)
{
    constexpr int D = PerLane * 32;
    const int head = blockIdx.x, t = blockIdx.y;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int kvHead = head / (heads / kvHeads);
    const int64_t kvDim = int64_t(kvHeads) * D;
    const int keysSeen = *start + t + 1;

    float qv[PerLane];
    const float* qr = q + (int64_t(t) * heads + head) * D + lane * PerLane;
#pragma unroll
    for (int i = 0; i < PerLane; ++i)
        qv[i] = __half2float(__float2half_rn(qr[i]));

    float m = -INFINITY, l = 0.0f, acc[PerLane] = {};
    for (int j = warp; j < keysSeen; j += kWarps) {
        const __half* kr = keys + j * kvDim + int64_t(kvHead) * D + lane * PerLane;
        float s = 0;
#pragma unroll
        for (int i = 0; i < PerLane; ++i)
            s += qv[i] * __half2float(kr[i]);
#pragma unroll
        for (int off = 16; off > 0; off >>= 1)
            s += __shfl_xor_sync(0xffffffffu, s, off);
        s *= scale;
        const float mNew = fmaxf(m, s);
        const float correction = __expf(m - mNew), p = __expf(s - mNew);
        l = l * correction + p;
        const __half* vr = values + j * kvDim + int64_t(kvHead) * D + lane * PerLane;
#pragma unroll
        for (int i = 0; i < PerLane; ++i)
            acc[i] = acc[i] * correction + p * __half2float(vr[i]);
        m = mNew;
    }

    __shared__ float warpMax[kWarps], warpSum[kWarps];
    __shared__ float warpAcc[kWarps][D];
    if (lane == 0) {
        warpMax[warp] = m;
        warpSum[warp] = l;
    }
#pragma unroll
    for (int i = 0; i < PerLane; ++i)
        warpAcc[warp][lane * PerLane + i] = acc[i];
    __syncthreads();
    float mAll = -INFINITY;
#pragma unroll
    for (int w = 0; w < kWarps; ++w)
        mAll = fmaxf(mAll, warpMax[w]);
    float weights[kWarps], total = 0;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) {
        weights[w] = warpMax[w] == -INFINITY ? 0.0f : __expf(warpMax[w] - mAll);  // a warp that saw no key
        total += weights[w] * warpSum[w];
    }
    float* o = out + (int64_t(t) * heads + head) * D;
    for (int d = threadIdx.x; d < D; d += blockDim.x) {
        float v = 0;
#pragma unroll
        for (int w = 0; w < kWarps; ++w)
            v += weights[w] * warpAcc[w][d];
        o[d] = v / total;
    }
}

}  // namespace

void attention(const float* q, int tokens, int heads, int kvHeads, int headDim, const uint16_t* keyCache,
               const uint16_t* valueCache, const int32_t* start, float scale, float* out, cudaStream_t stream)
{
    const dim3 grid{static_cast<unsigned>(heads), static_cast<unsigned>(tokens)};
    const auto* k = reinterpret_cast<const __half*>(keyCache);
    const auto* v = reinterpret_cast<const __half*>(valueCache);
    switch (headDim) {
    case 64: attentionKernel<2><<<grid, 32 * kWarps, 0, stream>>>(q, heads, kvHeads, k, v, start, scale, out); break;
    case 128: attentionKernel<4><<<grid, 32 * kWarps, 0, stream>>>(q, heads, kvHeads, k, v, start, scale, out); break;
    case 256: attentionKernel<8><<<grid, 32 * kWarps, 0, stream>>>(q, heads, kvHeads, k, v, start, scale, out); break;
    default: throw Error("CUDA: attention supports head sizes 64, 128 and 256, not " + std::to_string(headDim));
    }
}

}  // namespace strata::cuda
