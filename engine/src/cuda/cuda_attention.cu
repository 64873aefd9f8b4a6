// Causal attention over the f16 KV cache, one block per (query head, token), in two passes as ggml's
// non-flash path computes it: the softmax's maximum and sum, then the values weighted by the
// probabilities rounded to f16 (so results agree with the CPU backend's). Each warp takes rounds
// of 32 keys (round r of warp w: keys 32 (w + kWarps r) ...) and every lane scores one key, so a
// warp keeps 32 independent loads in flight instead of waiting a memory round trip per key. The
// second pass scores the keys again (the K rows are read twice; fine for the contexts measured).
// As ggml's f16 path does, the query is rounded to f16 before q.k.
// Not yet: splitting one long context over several blocks (flash-decoding); decode launches only
// heads blocks, which is enough for the contexts measured so far.
#include "cuda_kernels.hpp"
#include "strata/core/error.hpp"

#include <cuda_fp16.h>

#include <cmath>
#include <string>

namespace strata::cuda {
namespace {

constexpr int kWarps = 4;

__device__ __forceinline__ float warpSumAll(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__device__ __forceinline__ float warpMaxAll(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

template <int D>
__global__ void attentionKernel(const float* q, int heads, int kvHeads, const __half* keys, const __half* values,
                                const int32_t* start, float scale, float* out)
{
    constexpr int PerLane = D / 32;
    const int head = blockIdx.x, t = blockIdx.y;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int kvHead = head / (heads / kvHeads);
    const int64_t kvDim = int64_t(kvHeads) * D;
    const int keysSeen = *start + t + 1;

    __shared__ float query[D];
    const float* qr = q + (int64_t(t) * heads + head) * D;
    for (int i = threadIdx.x; i < D; i += blockDim.x)
        query[i] = __half2float(__float2half_rn(qr[i]));
    __syncthreads();

    // Lane `lane`'s key of the round starting at `first`: its score, or -inf past the causal end.
    // Each lane reads its whole key row with 16-byte loads: 32 independent loads per warp.
    const auto score = [&](int first) {
        const int j = first + lane;
        if (j >= keysSeen)
            return -INFINITY;
        const uint4* kr = reinterpret_cast<const uint4*>(keys + j * kvDim + int64_t(kvHead) * D);
        float dot = 0;
#pragma unroll
        for (int c = 0; c < D / 8; ++c) {
            const uint4 raw = kr[c];
            const __half2* h = reinterpret_cast<const __half2*>(&raw);
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                const float2 f = __half22float2(h[i]);
                dot += f.x * query[8 * c + 2 * i] + f.y * query[8 * c + 2 * i + 1];
            }
        }
        return dot * scale;
    };

    // Pass 1: the softmax's maximum and sum (online, per warp, then over the warps).
    float m = -INFINITY, l = 0.0f;
    for (int first = warp * 32; first < keysSeen; first += kWarps * 32) {
        const float s = score(first);
        const float mNew = fmaxf(m, warpMaxAll(s));  // key `first` is always seen: finite
        l = l * expf(m - mNew) + warpSumAll(expf(s - mNew));
        m = mNew;
    }
    __shared__ float warpMax[kWarps], warpSum[kWarps];
    if (lane == 0) {
        warpMax[warp] = m;
        warpSum[warp] = l;
    }
    __syncthreads();
    float mAll = -INFINITY, total = 0;
#pragma unroll
    for (int w = 0; w < kWarps; ++w)
        mAll = fmaxf(mAll, warpMax[w]);
#pragma unroll
    for (int w = 0; w < kWarps; ++w)
        total += warpMax[w] == -INFINITY ? 0.0f : warpSum[w] * expf(warpMax[w] - mAll);  // a warp may see no key

    // Pass 2: probabilities rounded to f16 before the weighted sum of values, as ggml's f16 path
    // (and the CPU backend) does; each lane sums PerLane dimensions of every key of a round.
    float acc[PerLane] = {};
    for (int first = warp * 32; first < keysSeen; first += kWarps * 32) {
        const float s = score(first);
        const float p = __half2float(__float2half_rn(expf(s - mAll) / total));
        const int count = min(32, keysSeen - first);
        const __half* vr = values + int64_t(first) * kvDim + int64_t(kvHead) * D + lane * PerLane;
#pragma unroll 8
        for (int k = 0; k < count; ++k) {
            const float pk = __shfl_sync(0xffffffffu, p, k);
#pragma unroll
            for (int i = 0; i < PerLane; ++i)
                acc[i] += pk * __half2float(vr[k * kvDim + i]);
        }
    }
    __shared__ float warpAcc[kWarps][D];
#pragma unroll
    for (int i = 0; i < PerLane; ++i)
        warpAcc[warp][lane * PerLane + i] = acc[i];
    __syncthreads();
    float* o = out + (int64_t(t) * heads + head) * D;
    for (int d = threadIdx.x; d < D; d += blockDim.x) {
        float v = 0;
#pragma unroll
        for (int w = 0; w < kWarps; ++w)
            v += warpAcc[w][d];
        o[d] = v;
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
    case 64: attentionKernel<64><<<grid, 32 * kWarps, 0, stream>>>(q, heads, kvHeads, k, v, start, scale, out); break;
    case 128: attentionKernel<128><<<grid, 32 * kWarps, 0, stream>>>(q, heads, kvHeads, k, v, start, scale, out); break;
    case 256: attentionKernel<256><<<grid, 32 * kWarps, 0, stream>>>(q, heads, kvHeads, k, v, start, scale, out); break;
    default: throw Error("CUDA: attention supports head sizes 64, 128 and 256, not " + std::to_string(headDim));
    }
}

}  // namespace strata::cuda
