// The row-wise steps of a decoder layer on the GPU: RMSNorm, RoPE, KV-cache stores, bias, SwiGLU,
// and fused forms that also quantize their output or store into the cache (one launch each).
#include "cuda_kernels.hpp"
#include "cuda_launch.cuh"
#include "cuda_quantize.cuh"

#include <cuda_fp16.h>

namespace strata::cuda {
namespace {

// One block per row. With `quantize`, the block then rounds its own output to int8 (Q8_0: one warp
// per 32 values; Q8_K: one warp per 256), saving the separate quantize launch.
__global__ void rmsNormKernel(const float* x, const float* weight, float* out, int n, float eps, bool quantize,
                              Q8Format format, Q8Activations q8)
{
    waitForPreviousKernel();
    const float* xr = x + int64_t(blockIdx.x) * n;
    float* o = out + int64_t(blockIdx.x) * n;
    float s = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        s += xr[i] * xr[i];
    __shared__ float partial[32];
    s = warpSum(s);
    if (threadIdx.x % 32 == 0)
        partial[threadIdx.x / 32] = s;
    __syncthreads();
    if (threadIdx.x < 32) {
        s = warpSum(threadIdx.x < blockDim.x / 32 ? partial[threadIdx.x] : 0.0f);
        if (threadIdx.x == 0)
            partial[0] = s;
    }
    __syncthreads();
    const float scale = rsqrtf(partial[0] / float(n) + eps);
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        o[i] = xr[i] * scale * (weight ? weight[i] : 1.0f);
    if (!quantize)
        return;
    __syncthreads();  // the row is written: the warps now read back blocks other threads wrote
    const int warp = threadIdx.x / 32, warps = blockDim.x / 32;
    if (format == Q8Format::Q8_0) {
        for (int b = warp; b < n / 32; b += warps)
            quantizeBlockQ8_0(o[b * 32 + threadIdx.x % 32], (int64_t(blockIdx.x) * n) / 32 + b, q8);
    } else {
        for (int b = warp; b < n / 256; b += warps) {
            float v[8];
            load8(o + b * 256 + (threadIdx.x % 32) * 8, v);
            quantizeSuperBlockQ8_K(v, (int64_t(blockIdx.x) * n) / 256 + b, q8);
        }
    }
}

// cos and sin (times the magnitude factor) of pair i's angle at `pos`, as kernels::rope computes them.
__device__ __forceinline__ void ropeAngle(const RopeDeviceParams& p, float pos, int i, float& c, float& s)
{
    const float extrap = pos * powf(p.thetaScale, float(i));
    const float interp = p.freqScale * extrap;
    float theta = interp;
    if (p.extFactor != 0.0f) {
        const float y = (float(i) - p.corrLow) / fmaxf(0.001f, p.corrHigh - p.corrLow);
        const float rampMix = (1 - fminf(1.0f, fmaxf(0.0f, y))) * p.extFactor;
        theta = interp * (1 - rampMix) + extrap * rampMix;
    }
    sincosf(theta, &s, &c);
    c *= p.attnFactor;
    s *= p.attnFactor;
}

// One block per row of n = 256 k values (n / 8 threads, 8 values each, kept in registers): the sum
// of squares, the scaled row and its int8 rounding in one pass over memory. Warp w holds values
// 256 w ..., a Q8_K super-block; four lanes hold a Q8_0 block. The strided kernel above serves other
// row lengths (per-head norms). On the 8B shape (ncu, H200) the strided one took 6.7 us a call,
// 13 of a layer's 91 us of decode; this one 4.0 us.
__global__ void rmsNormRowKernel(const float* x, const float* weight, float* out, int n, float eps, bool quantize,
                                 Q8Format format, Q8Activations q8)
{
    waitForPreviousKernel();
    const int64_t base = int64_t(blockIdx.x) * n + threadIdx.x * 8;
    float v[8];
    load8(x + base, v);
    float s = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i)
        s += v[i] * v[i];
    __shared__ float partial[32];
    s = warpSum(s);
    if (threadIdx.x % 32 == 0)
        partial[threadIdx.x / 32] = s;
    __syncthreads();
    s = 0;
    for (int w = 0; w < int(blockDim.x / 32); ++w)
        s += partial[w];
    const float scale = rsqrtf(s / float(n) + eps);
    float w8[8];
    if (weight)
        load8(weight + threadIdx.x * 8, w8);
#pragma unroll
    for (int i = 0; i < 8; ++i)
        v[i] = v[i] * scale * (weight ? w8[i] : 1.0f);
    float4* o = reinterpret_cast<float4*>(out + base);
    o[0] = make_float4(v[0], v[1], v[2], v[3]);
    o[1] = make_float4(v[4], v[5], v[6], v[7]);
    if (!quantize)
        return;
    if (format == Q8Format::Q8_K)
        quantizeSuperBlockQ8_K(v, base / 256, q8);
    else
        quantizeBlockQ8_0Quad(v, base / 32, q8);
}

// blockIdx.x: token; blockIdx.y: head (q heads first, then k heads); threadIdx.x: rotated pair.
__global__ void ropeKernel(float* q, int qHeads, int64_t qStride, float* k, int64_t kStride, int headDim,
                           const int32_t* start, RopeDeviceParams p)
{
    waitForPreviousKernel();
    const int t = blockIdx.x, head = blockIdx.y;
    const int pairs = p.nDims / 2;
    float* x =
        head < qHeads ? q + t * qStride + int64_t(head) * headDim : k + t * kStride + int64_t(head - qHeads) * headDim;
    const float pos = float(*start + t);
    for (int i = threadIdx.x; i < pairs; i += blockDim.x) {
        float c, s;
        ropeAngle(p, pos, i, c, s);
        const int a = p.neox ? i : 2 * i, b = p.neox ? i + pairs : 2 * i + 1;
        const float x0 = x[a], x1 = x[b];
        x[a] = x0 * c - x1 * s;
        x[b] = x0 * s + x1 * c;
    }
}

// The RMS norm scale of one head of 64 threads, summed in rmsNormKernel's order (so the two agree
// bit for bit).
__device__ float headNormScale(const float* x, int n, float eps)
{
    __shared__ float partial[2];
    float s = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        s += x[i] * x[i];
    s = warpSum(s);
    if (threadIdx.x % 32 == 0)
        partial[threadIdx.x / 32] = s;
    __syncthreads();
    const float total = warpSum(threadIdx.x % 32 < 2 ? partial[threadIdx.x % 32] : 0.0f);
    return rsqrtf(total / float(n) + eps);
}

// blockIdx.y: q heads (rotated in place), then k heads (rotated into the f16 cache), then v heads
// (copied into the f16 cache); one launch instead of RoPE plus a store. With `norms` (qwen3's per
// head RMS norms of q and k), q and k heads are normalized first: 2 launches a layer fewer, ~4 µs
// each in a decode step.
__global__ void ropeStoreKvKernel(float* q, int qHeads, int64_t qStride, const float* k, const float* v, int kvHeads,
                                  int64_t kvStride, int headDim, const int32_t* start, RopeDeviceParams p,
                                  HeadNorms norms, __half* keys, __half* values)
{
    waitForPreviousKernel();
    const int t = blockIdx.x, head = blockIdx.y;
    const int pos = *start + t;
    if (head >= qHeads + kvHeads) {  // a v head: copy
        const int h = head - qHeads - kvHeads;
        const float* src = v + t * kvStride + int64_t(h) * headDim;
        __half* dst = values + int64_t(pos) * kvHeads * headDim + int64_t(h) * headDim;
        for (int i = threadIdx.x; i < headDim; i += blockDim.x)
            dst[i] = __float2half_rn(src[i]);
        return;
    }
    const bool isQ = head < qHeads;
    const int h = isQ ? head : head - qHeads;
    const float* src = isQ ? q + t * qStride + int64_t(h) * headDim : k + t * kvStride + int64_t(h) * headDim;
    float* qOut = q + t * qStride + int64_t(h) * headDim;
    __half* kOut = keys + int64_t(pos) * kvHeads * headDim + int64_t(h) * headDim;
    const float* normWeight = isQ ? norms.q : norms.k;
    const float scale = normWeight ? headNormScale(src, headDim, norms.eps) : 1.0f;
    // Each thread reads only the values it writes after the norm's barrier: in place is safe.
    const auto value = [&](int i) { return normWeight ? src[i] * scale * normWeight[i] : src[i]; };
    const int pairs = p.nDims / 2;
    for (int i = threadIdx.x; i < pairs; i += blockDim.x) {
        float c, s;
        ropeAngle(p, float(pos), i, c, s);
        const int a = p.neox ? i : 2 * i, b = p.neox ? i + pairs : 2 * i + 1;
        const float x0 = value(a), x1 = value(b);
        const float r0 = x0 * c - x1 * s, r1 = x0 * s + x1 * c;
        if (isQ) {
            qOut[a] = r0;
            qOut[b] = r1;
        } else {
            kOut[a] = __float2half_rn(r0);
            kOut[b] = __float2half_rn(r1);
        }
    }
    // Dimensions past nDims pass through unrotated (q's stay in place unless normalized).
    for (int i = p.nDims + threadIdx.x; i < headDim; i += blockDim.x)
        if (!isQ)
            kOut[i] = __float2half_rn(value(i));
        else if (normWeight)
            qOut[i] = value(i);
}

__global__ void storeKvKernel(const float* k, const float* v, int kvDim, const int32_t* start, __half* keys,
                              __half* values)
{
    waitForPreviousKernel();
    const int t = blockIdx.y;
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= kvDim)
        return;
    const int64_t dst = int64_t(*start + t) * kvDim + i;
    keys[dst] = __float2half_rn(k[int64_t(t) * kvDim + i]);
    values[dst] = __float2half_rn(v[int64_t(t) * kvDim + i]);
}

__global__ void addToKernel(float* y, const float* x, int64_t n)
{
    waitForPreviousKernel();
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] += x[i];
}

__global__ void addBiasKernel(float* x, const float* bias, int64_t total, int n)
{
    waitForPreviousKernel();
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < total)
        x[i] += bias[i % n];
}

__global__ void swigluKernel(const float* gate, const float* up, float* out, int64_t n)
{
    waitForPreviousKernel();
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n) {
        const float g = gate[i];
        out[i] = g / (1.0f + __expf(-g)) * up[i];
    }
}

// One warp per 32 values (Q8_0) or 256 (Q8_K) of a row of n: h = silu(gate) * up, stored and
// quantized in registers.
__global__ void swigluQuantizeKernel(const float* gate, const float* up, float* out, int64_t groups, Q8Format format,
                                     Q8Activations q8)
{
    waitForPreviousKernel();
    const int64_t g = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
    const int lane = threadIdx.x % 32;
    if (g >= groups)
        return;
    if (format == Q8Format::Q8_0) {
        const int64_t i = g * 32 + lane;
        const float x = gate[i];
        const float h = x / (1.0f + __expf(-x)) * up[i];
        out[i] = h;
        quantizeBlockQ8_0(h, g, q8);
    } else {
        float gv[8], uv[8], h[8];
        load8(gate + g * 256 + lane * 8, gv);
        load8(up + g * 256 + lane * 8, uv);
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            h[i] = gv[i] / (1.0f + __expf(-gv[i])) * uv[i];
            out[g * 256 + lane * 8 + i] = h[i];
        }
        quantizeSuperBlockQ8_K(h, g, q8);
    }
}

unsigned blocksFor(int64_t n, int threads)
{
    return unsigned((n + threads - 1) / threads);
}

// Both entry points pick the kernel by row length alone, so the fused and the plain forms agree.
void launchRmsNorm(const float* x, const float* weight, float* out, int rows, int n, float eps, bool quantize,
                   Q8Format format, const Q8Activations& q8, cudaStream_t stream)
{
    if (n % 256 == 0 && n / 8 <= 1024) {
        launchKernel(rmsNormRowKernel, unsigned(rows), unsigned(n / 8), 0, stream, x, weight, out, n, eps, quantize,
                     format, q8);
        return;
    }
    const int threads = n >= 1024 ? 1024 : (n >= 256 ? 256 : 64);
    launchKernel(rmsNormKernel, unsigned(rows), threads, 0, stream, x, weight, out, n, eps, quantize, format, q8);
}

}  // namespace

void rmsNorm(const float* x, const float* weight, float* out, int rows, int n, float eps, cudaStream_t stream)
{
    launchRmsNorm(x, weight, out, rows, n, eps, false, Q8Format::Q8_0, {}, stream);
}

void rmsNormQuantize(const float* x, const float* weight, float* out, int rows, int n, float eps, Q8Format format,
                     const Q8Activations& q8, cudaStream_t stream)
{
    launchRmsNorm(x, weight, out, rows, n, eps, true, format, q8, stream);
}

void ropeStoreKv(float* q, int qHeads, int64_t qStride, const float* k, const float* v, int kvHeads, int64_t kvStride,
                 int headDim, int tokens, const int32_t* start, const RopeDeviceParams& p, uint16_t* keyCache,
                 uint16_t* valueCache, cudaStream_t stream, const HeadNorms& norms)
{
    const dim3 grid{static_cast<unsigned>(tokens), static_cast<unsigned>(qHeads + 2 * kvHeads)};
    // 64 threads: headNormScale's two warps, and rmsNorm's block for a 128-wide head.
    launchKernel(ropeStoreKvKernel, grid, 64, 0, stream, q, qHeads, qStride, k, v, kvHeads, kvStride, headDim, start, p,
                 norms, reinterpret_cast<__half*>(keyCache), reinterpret_cast<__half*>(valueCache));
}

void swigluQuantize(const float* gate, const float* up, float* out, int rows, int64_t n, Q8Format format,
                    const Q8Activations& q8, cudaStream_t stream)
{
    const int64_t groups = int64_t(rows) * n / (format == Q8Format::Q8_K ? 256 : 32);
    launchKernel(swigluQuantizeKernel, blocksFor(groups * 32, 256), 256, 0, stream, gate, up, out, groups, format, q8);
}

void rope(float* q, int qHeads, int64_t qStride, float* k, int kHeads, int64_t kStride, int headDim, int tokens,
          const int32_t* start, const RopeDeviceParams& p, cudaStream_t stream)
{
    const dim3 grid(unsigned(tokens), unsigned(qHeads + kHeads));
    launchKernel(ropeKernel, grid, 64, 0, stream, q, qHeads, qStride, k, kStride, headDim, start, p);
}

void storeKv(const float* k, const float* v, int tokens, int kvDim, const int32_t* start, uint16_t* keyCache,
             uint16_t* valueCache, cudaStream_t stream)
{
    const dim3 grid(blocksFor(kvDim, 256), unsigned(tokens));
    launchKernel(storeKvKernel, grid, 256, 0, stream, k, v, kvDim, start, reinterpret_cast<__half*>(keyCache),
                 reinterpret_cast<__half*>(valueCache));
}

void addTo(float* y, const float* x, int64_t n, cudaStream_t stream)
{
    launchKernel(addToKernel, blocksFor(n, 256), 256, 0, stream, y, x, n);
}

void addBias(float* x, const float* bias, int rows, int n, cudaStream_t stream)
{
    const int64_t total = int64_t(rows) * n;
    launchKernel(addBiasKernel, blocksFor(total, 256), 256, 0, stream, x, bias, total, n);
}

void swiglu(const float* gate, const float* up, float* out, int64_t n, cudaStream_t stream)
{
    launchKernel(swigluKernel, blocksFor(n, 256), 256, 0, stream, gate, up, out, n);
}

}  // namespace strata::cuda
