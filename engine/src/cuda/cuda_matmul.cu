// Matrix products over weights in their GGUF layouts: one warp per weight row, each lane a strided
// share of the row's 32-weight sub-blocks (integer types: 8 dp4a against int8 activations) or 8-weight
// chunks (float types: one 16-byte load of f16/bf16). A pass serves up to kTokensPerPass tokens, so
// prefill reads each weight row once per 8 tokens instead of once per token.
#include "cuda_blocks.cuh"
#include "cuda_check.hpp"
#include "cuda_kernels.hpp"

namespace strata::cuda {
namespace {

constexpr int kWarpsPerBlock = 4;
constexpr int kTokensPerPass = 8;

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

// One warp per block of 32 values: scale = max|x| / 127, q = round(x / scale).
__global__ void quantizeQ8Kernel(const float* x, int64_t blocks, int8_t* q, float* scales, float* sums)
{
    const int64_t block = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
    const int lane = threadIdx.x % 32;
    if (block >= blocks)
        return;
    const float v = x[block * 32 + lane];
    const float amax = warpMax(fabsf(v));
    const float d = amax / 127.0f;
    const int qi = d == 0.0f ? 0 : __float2int_rn(v / d);
    q[block * 32 + lane] = int8_t(qi);
    const float sum = warpSum(float(qi));
    if (lane == 0) {
        scales[block] = d;
        sums[block] = d * sum;
    }
}

template <int N>
__device__ __forceinline__ void storeRow(const float (&acc)[N], int t0, int tokens, int64_t row, float* y,
                                         int64_t ldy, bool accumulate)
{
    const int lane = threadIdx.x % 32;
#pragma unroll
    for (int t = 0; t < N; ++t) {
        const float s = warpSum(acc[t]);
        if (lane == 0 && t0 + t < tokens) {
            float* out = y + int64_t(t0 + t) * ldy + row;
            *out = accumulate ? *out + s : s;
        }
    }
}

template <class Block, int N>
__global__ void matmulQ8Kernel(const uint8_t* w, size_t rowStride, int64_t rows, int64_t cols, const int8_t* xq,
                               const float* xd, const float* xs, int tokens, float* y, int64_t ldy, bool accumulate)
{
    const int64_t row = int64_t(blockIdx.x) * kWarpsPerBlock + threadIdx.x / 32;
    if (row >= rows)
        return;
    const int lane = threadIdx.x % 32;
    const int t0 = blockIdx.y * N;
    const int sbCount = int(cols / 32);
    const uint8_t* r = w + size_t(row) * rowStride;
    float acc[N] = {};
    for (int sb = lane; sb < sbCount; sb += 32) {
        const SubBlock s = Block::load(r, sb);
#pragma unroll
        for (int t = 0; t < N; ++t) {
            if (t0 + t >= tokens)
                break;
            const int64_t base = int64_t(t0 + t) * cols + int64_t(sb) * 32;
            const int4* x4 = reinterpret_cast<const int4*>(xq + base);
            const int4 a = x4[0], b = x4[1];
            int lo = __dp4a(s.q[0], a.x, 0);
            lo = __dp4a(s.q[1], a.y, lo);
            lo = __dp4a(s.q[2], a.z, lo);
            lo = __dp4a(s.q[3], a.w, lo);
            int hi = __dp4a(s.q[4], b.x, 0);
            hi = __dp4a(s.q[5], b.y, hi);
            hi = __dp4a(s.q[6], b.z, hi);
            hi = __dp4a(s.q[7], b.w, hi);
            const int64_t blk = base / 32;
            acc[t] += xd[blk] * (s.d0 * float(lo) + s.d1 * float(hi)) - s.m * xs[blk];
        }
    }
    storeRow(acc, t0, tokens, row, y, ldy, accumulate);
}

template <class Row, int N>
__global__ void matmulF32Kernel(const uint8_t* w, size_t rowStride, int64_t rows, int64_t cols, const float* x,
                                int tokens, float* y, int64_t ldy, bool accumulate)
{
    const int64_t row = int64_t(blockIdx.x) * kWarpsPerBlock + threadIdx.x / 32;
    if (row >= rows)
        return;
    const int lane = threadIdx.x % 32;
    const int t0 = blockIdx.y * N;
    const int chunks = int(cols / 8);
    const uint8_t* r = w + size_t(row) * rowStride;
    float acc[N] = {};
    for (int c = lane; c < chunks; c += 32) {
        float wv[8];
        Row::load(r, c, wv);
#pragma unroll
        for (int t = 0; t < N; ++t) {
            if (t0 + t >= tokens)
                break;
            const float4* x4 = reinterpret_cast<const float4*>(x + int64_t(t0 + t) * cols) + 2 * c;
            const float4 a = x4[0], b = x4[1];
            acc[t] += wv[0] * a.x + wv[1] * a.y + wv[2] * a.z + wv[3] * a.w + wv[4] * b.x + wv[5] * b.y +
                      wv[6] * b.z + wv[7] * b.w;
        }
    }
    storeRow(acc, t0, tokens, row, y, ldy, accumulate);
}

template <class Block>
__global__ void embedQ8Kernel(const uint8_t* table, size_t rowStride, int64_t cols, const int32_t* ids, float* out)
{
    const int t = blockIdx.y;
    const int sb = blockIdx.x * blockDim.x + threadIdx.x;
    if (sb >= cols / 32)
        return;
    const SubBlock s = Block::load(table + size_t(ids[t]) * rowStride, sb);
    float* o = out + int64_t(t) * cols + int64_t(sb) * 32;
#pragma unroll
    for (int i = 0; i < 32; ++i) {
        const int q = int(int8_t(unsigned(s.q[i / 4]) >> (8 * (i % 4))));
        o[i] = (i < 16 ? s.d0 : s.d1) * float(q) - s.m;
    }
}

template <class Row>
__global__ void embedF32Kernel(const uint8_t* table, size_t rowStride, int64_t cols, const int32_t* ids, float* out)
{
    const int t = blockIdx.y;
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols / 8)
        return;
    float wv[8];
    Row::load(table + size_t(ids[t]) * rowStride, c, wv);
#pragma unroll
    for (int i = 0; i < 8; ++i)
        out[int64_t(t) * cols + int64_t(c) * 8 + i] = wv[i];
}

__global__ void readKernel(const uint4* p, size_t n, unsigned* sink)
{
    unsigned x = 0;
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
        const uint4 v = p[i];
        x ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if (x == 0x9e3779b9u)  // practically never: keeps the loads from being optimised away
        *sink = x;
}

}  // namespace

bool usesQ8Activations(gguf::GgmlType type)
{
    return type != gguf::GgmlType::F32 && type != gguf::GgmlType::F16 && type != gguf::GgmlType::BF16;
}

bool cudaSupportsType(gguf::GgmlType type)
{
    return dispatchType(type, [](auto) {}, [](auto) {});
}

int64_t columnMultiple(gguf::GgmlType type)
{
    return type == gguf::GgmlType::Q4_K || type == gguf::GgmlType::Q5_K || type == gguf::GgmlType::Q6_K ? 256 : 32;
}

void quantizeQ8(const float* x, int rows, int64_t cols, Q8Activations q8, cudaStream_t stream)
{
    const int64_t blocks = int64_t(rows) * (cols / 32);
    const int threads = 256;
    quantizeQ8Kernel<<<unsigned((blocks * 32 + threads - 1) / threads), threads, 0, stream>>>(x, blocks, q8.q, q8.scales,
                                                                                              q8.sums);
}

void matmul(const DeviceMatrix& w, const float* x, const Q8Activations& q8, int tokens, float* y, int64_t ldy,
            bool accumulate, cudaStream_t stream)
{
    const auto* data = reinterpret_cast<const uint8_t*>(w.data);
    const unsigned rowBlocks = unsigned((w.rows + kWarpsPerBlock - 1) / kWarpsPerBlock);
    const int threads = 32 * kWarpsPerBlock;
    // Decode (one token) gets its own instantiation: no dead accumulators, no token loop.
    const bool one = tokens == 1;
    const dim3 grid(rowBlocks, one ? 1u : unsigned((tokens + kTokensPerPass - 1) / kTokensPerPass));
    const bool known = dispatchType(
        w.type,
        [&](auto block) {
            using B = decltype(block);
            if (one)
                matmulQ8Kernel<B, 1><<<grid, threads, 0, stream>>>(data, w.rowStride, w.rows, w.cols, q8.q, q8.scales,
                                                                   q8.sums, tokens, y, ldy, accumulate);
            else
                matmulQ8Kernel<B, kTokensPerPass><<<grid, threads, 0, stream>>>(
                    data, w.rowStride, w.rows, w.cols, q8.q, q8.scales, q8.sums, tokens, y, ldy, accumulate);
        },
        [&](auto rowType) {
            using R = decltype(rowType);
            if (one)
                matmulF32Kernel<R, 1><<<grid, threads, 0, stream>>>(data, w.rowStride, w.rows, w.cols, x, tokens, y,
                                                                    ldy, accumulate);
            else
                matmulF32Kernel<R, kTokensPerPass><<<grid, threads, 0, stream>>>(data, w.rowStride, w.rows, w.cols, x,
                                                                                 tokens, y, ldy, accumulate);
        });
    if (!known)
        throw Error("CUDA: no matrix kernel for weight type " + std::to_string(int(w.type)));
}

void embedRows(const DeviceMatrix& table, const int32_t* ids, int tokens, float* out, cudaStream_t stream)
{
    const auto* data = reinterpret_cast<const uint8_t*>(table.data);
    const int threads = 64;
    const bool known = dispatchType(
        table.type,
        [&](auto block) {
            const dim3 grid(unsigned((table.cols / 32 + threads - 1) / threads), unsigned(tokens));
            embedQ8Kernel<decltype(block)><<<grid, threads, 0, stream>>>(data, table.rowStride, table.cols, ids, out);
        },
        [&](auto rowType) {
            const dim3 grid(unsigned((table.cols / 8 + threads - 1) / threads), unsigned(tokens));
            embedF32Kernel<decltype(rowType)><<<grid, threads, 0, stream>>>(data, table.rowStride, table.cols, ids, out);
        });
    if (!known)
        throw Error("CUDA: no embedding kernel for weight type " + std::to_string(int(table.type)));
}

double measureReadBandwidth(size_t bytes, int reps)
{
    void* buf = nullptr;
    unsigned* sink = nullptr;
    check(cudaMalloc(&buf, bytes), "allocating the bandwidth buffer");
    double best = 0;
    cudaEvent_t a{}, b{};
    try {
        check(cudaMalloc(reinterpret_cast<void**>(&sink), sizeof(unsigned)), "allocating the bandwidth sink");
        check(cudaMemset(buf, 1, bytes), "filling the bandwidth buffer");
        check(cudaEventCreate(&a), "creating an event");
        check(cudaEventCreate(&b), "creating an event");
        int sms = 0;
        check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "reading the SM count");
        const size_t n = bytes / sizeof(uint4);
        for (int i = 0; i < reps + 1; ++i) {  // the first run warms up
            check(cudaEventRecord(a), "recording an event");
            readKernel<<<unsigned(sms * 8), 512>>>(static_cast<const uint4*>(buf), n, sink);
            check(cudaEventRecord(b), "recording an event");
            check(cudaEventSynchronize(b), "timing the read kernel");
            float ms = 0;
            check(cudaEventElapsedTime(&ms, a, b), "reading the timer");
            if (i > 0)
                best = std::max(best, double(bytes) / (double(ms) * 1e-3) / 1e9);
        }
    } catch (...) {
        cudaFree(buf);
        cudaFree(sink);
        throw;
    }
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    cudaFree(buf);
    cudaFree(sink);
    return best;
}

}  // namespace strata::cuda
