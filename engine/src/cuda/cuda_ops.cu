// The row-wise steps of a decoder layer on the GPU: RMSNorm, RoPE, KV-cache stores, bias, SwiGLU.
#include "cuda_kernels.hpp"

#include <cuda_fp16.h>

namespace strata::cuda {
namespace {

__global__ void rmsNormKernel(const float* x, const float* weight, float* out, int n, float eps)
{
    const float* xr = x + int64_t(blockIdx.x) * n;
    float* o = out + int64_t(blockIdx.x) * n;
    float s = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        s += xr[i] * xr[i];
    __shared__ float partial[32];
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        s += __shfl_xor_sync(0xffffffffu, s, off);
    if (threadIdx.x % 32 == 0)
        partial[threadIdx.x / 32] = s;
    __syncthreads();
    if (threadIdx.x < 32) {
        s = threadIdx.x < blockDim.x / 32 ? partial[threadIdx.x] : 0.0f;
#pragma unroll
        for (int off = 16; off > 0; off >>= 1)
            s += __shfl_xor_sync(0xffffffffu, s, off);
        if (threadIdx.x == 0)
            partial[0] = s;
    }
    __syncthreads();
    const float scale = rsqrtf(partial[0] / float(n) + eps);
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        o[i] = xr[i] * scale * (weight ? weight[i] : 1.0f);
}

// blockIdx.x: token; blockIdx.y: head (q heads first, then k heads); threadIdx.x: rotated pair.
__global__ void ropeKernel(float* q, int qHeads, int64_t qStride, float* k, int64_t kStride, int headDim,
                           const int32_t* start, RopeDeviceParams p)
{
    const int t = blockIdx.x, head = blockIdx.y;
    const int pairs = p.nDims / 2;
    float* x = head < qHeads ? q + t * qStride + int64_t(head) * headDim : k + t * kStride + int64_t(head - qHeads) * headDim;
    const float pos = float(*start + t);
    for (int i = threadIdx.x; i < pairs; i += blockDim.x) {
        const float extrap = pos * powf(p.thetaScale, float(i));
        const float interp = p.freqScale * extrap;
        float theta = interp;
        if (p.extFactor != 0.0f) {
            const float y = (float(i) - p.corrLow) / fmaxf(0.001f, p.corrHigh - p.corrLow);
            const float rampMix = (1 - fminf(1.0f, fmaxf(0.0f, y))) * p.extFactor;
            theta = interp * (1 - rampMix) + extrap * rampMix;
        }
        float s, c;
        sincosf(theta, &s, &c);
        c *= p.attnFactor;
        s *= p.attnFactor;
        const int a = p.neox ? i : 2 * i, b = p.neox ? i + pairs : 2 * i + 1;
        const float x0 = x[a], x1 = x[b];
        x[a] = x0 * c - x1 * s;
        x[b] = x0 * s + x1 * c;
    }
}

__global__ void storeKvKernel(const float* k, const float* v, int kvDim, const int32_t* start, __half* keys,
                              __half* values)
{
    const int t = blockIdx.y;
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= kvDim)
        return;
    const int64_t dst = int64_t(*start + t) * kvDim + i;
    keys[dst] = __float2half_rn(k[int64_t(t) * kvDim + i]);
    values[dst] = __float2half_rn(v[int64_t(t) * kvDim + i]);
}

__global__ void addBiasKernel(float* x, const float* bias, int64_t total, int n)
{
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < total)
        x[i] += bias[i % n];
}

__global__ void swigluKernel(const float* gate, const float* up, float* out, int64_t n)
{
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n) {
        const float g = gate[i];
        out[i] = g / (1.0f + __expf(-g)) * up[i];
    }
}

unsigned blocksFor(int64_t n, int threads)
{
    return unsigned((n + threads - 1) / threads);
}

}  // namespace

void rmsNorm(const float* x, const float* weight, float* out, int rows, int n, float eps, cudaStream_t stream)
{
    const int threads = n >= 1024 ? 1024 : (n >= 256 ? 256 : 64);
    rmsNormKernel<<<unsigned(rows), threads, 0, stream>>>(x, weight, out, n, eps);
}

void rope(float* q, int qHeads, int64_t qStride, float* k, int kHeads, int64_t kStride, int headDim, int tokens,
          const int32_t* start, const RopeDeviceParams& p, cudaStream_t stream)
{
    const dim3 grid(unsigned(tokens), unsigned(qHeads + kHeads));
    ropeKernel<<<grid, 64, 0, stream>>>(q, qHeads, qStride, k, kStride, headDim, start, p);
}

void storeKv(const float* k, const float* v, int tokens, int kvDim, const int32_t* start, uint16_t* keyCache,
             uint16_t* valueCache, cudaStream_t stream)
{
    const dim3 grid(blocksFor(kvDim, 256), unsigned(tokens));
    storeKvKernel<<<grid, 256, 0, stream>>>(k, v, kvDim, start, reinterpret_cast<__half*>(keyCache),
                                            reinterpret_cast<__half*>(valueCache));
}

void addBias(float* x, const float* bias, int rows, int n, cudaStream_t stream)
{
    const int64_t total = int64_t(rows) * n;
    addBiasKernel<<<blocksFor(total, 256), 256, 0, stream>>>(x, bias, total, n);
}

void swiglu(const float* gate, const float* up, float* out, int64_t n, cudaStream_t stream)
{
    swigluKernel<<<blocksFor(n, 256), 256, 0, stream>>>(gate, up, out, n);
}

}  // namespace strata::cuda
