// Matrix products over weights in their GGUF layouts: one warp per weight row, each lane a strided
// share of the row's 32-weight sub-blocks (integer types: 8 dp4a against int8 activations) or 8-weight
// chunks (float types: one 16-byte load of f16/bf16). A pass serves up to kTokensPerPass tokens;
// larger batches (prefill) go to the tensor-core kernels of cuda_matmul_mma.cu.
#include "cuda_blocks.cuh"
#include "cuda_check.hpp"
#include "cuda_kernels.hpp"
#include "cuda_launch.cuh"
#include "cuda_matmul_group.cuh"
#include "cuda_quantize.cuh"

namespace strata::cuda {
namespace {

constexpr int kWarpsPerBlock = 4;
constexpr int kTokensPerPass = 8;

__global__ void quantizeQ8_0Kernel(const float* x, int64_t blocks, Q8Activations q8)
{
    waitForPreviousKernel();
    const int64_t block = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
    if (block < blocks)
        quantizeBlockQ8_0(x[block * 32 + threadIdx.x % 32], block, q8);
}

__global__ void quantizeQ8_KKernel(const float* x, int64_t superBlocks, Q8Activations q8)
{
    waitForPreviousKernel();
    const int64_t sb = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
    if (sb >= superBlocks)
        return;
    float v[8];
    load8(x + sb * 256 + (threadIdx.x % 32) * 8, v);
    quantizeSuperBlockQ8_K(v, sb, q8);
}

// Which matrix and row this warp computes; false when past the last row.
__device__ __forceinline__ bool locateRow(const MatmulGroup& g, int& m, int64_t& row)
{
    m = matrixOf(g, blockIdx.x);
    row = int64_t(blockIdx.x - g.firstBlock[m]) * kWarpsPerBlock + threadIdx.x / 32;
    return row < g.rows[m];
}

template <int N>
__device__ __forceinline__ void storeRow(const float (&acc)[N], int t0, int tokens, const MatmulGroup& g, int m,
                                         int64_t row)
{
    const int lane = threadIdx.x % 32;
#pragma unroll
    for (int t = 0; t < N; ++t) {
        const float s = warpSum(acc[t]);
        if (lane == 0 && t0 + t < tokens) {
            float* out = g.y[m] + int64_t(t0 + t) * g.ldy[m] + row;
            *out = g.accumulate ? *out + s : s;
        }
    }
}

// Float-weight decode (N == 1) loads 4 chunks per lane before using any (more requests in flight);
// prefill passes reuse each loaded chunk for 8 tokens instead.
template <int N>
constexpr int unrollFor()
{
    return N == 1 ? 4 : 1;
}

template <class Block, int N>
__global__ void matmulQ8Kernel(MatmulGroup g, int64_t cols, const int8_t* xq, const float* xd, const float* xs,
                               int tokens)
{
    waitForPreviousKernel();
    int m;
    int64_t row;
    if (!locateRow(g, m, row))
        return;
    constexpr int kUnroll = unrollFor<N>();
    const int lane = threadIdx.x % 32;
    const int t0 = blockIdx.y * N;
    const int sbCount = int(cols / 32);
    const uint8_t* r = g.w[m] + size_t(row) * g.rowStride[m];
    float acc[N] = {};
    for (int first = lane; first < sbCount; first += 32 * kUnroll) {
        SubBlock s[kUnroll];
#pragma unroll
        for (int u = 0; u < kUnroll; ++u)
            if (first + 32 * u < sbCount)
                s[u] = Block::load(r, first + 32 * u);
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const int sb = first + 32 * u;
            if (sb >= sbCount)
                break;
#pragma unroll
            for (int t = 0; t < N; ++t) {
                if (t0 + t >= tokens)
                    break;
                const int64_t base = int64_t(t0 + t) * cols + int64_t(sb) * 32;
                const int4* x4 = reinterpret_cast<const int4*>(xq + base);
                const int4 a = x4[0], b = x4[1];
                int lo = __dp4a(s[u].q[0], a.x, 0);
                lo = __dp4a(s[u].q[1], a.y, lo);
                lo = __dp4a(s[u].q[2], a.z, lo);
                lo = __dp4a(s[u].q[3], a.w, lo);
                int hi = __dp4a(s[u].q[4], b.x, 0);
                hi = __dp4a(s[u].q[5], b.y, hi);
                hi = __dp4a(s[u].q[6], b.z, hi);
                hi = __dp4a(s[u].q[7], b.w, hi);
                const int64_t blk = base / 32;
                acc[t] += xd[blk] * (s[u].d0 * float(lo) + s[u].d1 * float(hi)) - s[u].m * xs[blk];
            }
        }
    }
    storeRow(acc, t0, tokens, g, m, row);
}

// Decode: one token, one sub-block per lane at a time, at most 32 registers so that 16 blocks
// (2048 threads, the most an SM holds) are resident: what decode needs is warps in flight.
// Measured on the H200, tg128 (mean of 2 rounds): 8B shape Q4_K 334 tok/s against 260 with four
// sub-blocks per lane loaded ahead (96 registers) and 245 / 296 with two / four ahead capped at 40 /
// 64 registers; Q8_0 249 against 225; the 0.6B shape Q4_K 669 against 637. Rows per warp (2, 4)
// and eight sub-blocks ahead were slower still.
// Blocks of 128 threads that fill an SM: 2048 threads on sm_80/sm_90, 1536 on sm_86/sm_89, 1024 on
// sm_75 (the register cap follows: 32, 42 and 64 registers).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
constexpr int kDecodeBlocksPerSm = 8;
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 || __CUDA_ARCH__ == 890)
constexpr int kDecodeBlocksPerSm = 12;
#else
constexpr int kDecodeBlocksPerSm = 16;
#endif

// A row is shared by W warps of the block (W = 1, 2 or 4, decodeWarpsPerRow): a launch of few
// long rows otherwise runs few warps, each with many rounds of loads.
template <class Block, int W>
__global__ void __launch_bounds__(32 * kWarpsPerBlock, kDecodeBlocksPerSm)
    matvecQ8Kernel(MatmulGroup g, int64_t cols, const int8_t* xq, const float* xd, const float* xs)
{
    constexpr int kRowsPerBlock = kWarpsPerBlock / W;
    const int m = matrixOf(g, blockIdx.x);
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, part = warp % W;
    const int64_t row = int64_t(blockIdx.x - g.firstBlock[m]) * kRowsPerBlock + warp / W;
    const bool live = row < g.rows[m];
    const int sbCount = int(cols / 32);
    const uint8_t* r = g.w[m] + size_t(live ? row : 0) * g.rowStride[m];
    // The first sub-block's weights are read before the wait (weights do not depend on the previous
    // kernel): with W = 4 on a 4096-wide row that is all of this lane's weights.
    int sb = part * 32 + lane;
    SubBlock s{};
    if (live && sb < sbCount)
        s = Block::load(r, sb);
    waitForPreviousKernel();
    float acc = 0;
    while (live && sb < sbCount) {
        const int4* x4 = reinterpret_cast<const int4*>(xq + int64_t(sb) * 32);
        const int4 a = x4[0], b = x4[1];
        int lo = __dp4a(s.q[0], a.x, 0);
        lo = __dp4a(s.q[1], a.y, lo);
        lo = __dp4a(s.q[2], a.z, lo);
        lo = __dp4a(s.q[3], a.w, lo);
        int hi = __dp4a(s.q[4], b.x, 0);
        hi = __dp4a(s.q[5], b.y, hi);
        hi = __dp4a(s.q[6], b.z, hi);
        hi = __dp4a(s.q[7], b.w, hi);
        acc += xd[sb] * (s.d0 * float(lo) + s.d1 * float(hi)) - s.m * xs[sb];
        sb += 32 * W;
        if (sb < sbCount)
            s = Block::load(r, sb);
    }
    float v = warpSum(acc);
    if constexpr (W > 1) {
        __shared__ float partial[kWarpsPerBlock];
        if (lane == 0)
            partial[warp] = v;
        __syncthreads();
        if (part != 0)
            return;
#pragma unroll
        for (int i = 1; i < W; ++i)
            v += partial[warp + i];
    }
    if (live && lane == 0) {
        float* out = g.y[m] + row;
        *out = g.accumulate ? *out + v : v;
    }
}

// Warps per row for decode: enough that each lane has at most ~1-2 sub-blocks of 32 weights, but
// only for launches of few rows. Measured on the H200 (8B shape, Q4_K, ncu, µs per launch, one
// warp per row -> four): o and down (4096 rows) 13.4 -> 12.4; q/k/v (6144) 8.9 -> 9.2; gate/up
// (28672) 25.1 -> 29.8; the output head (128256) 94.8 -> 121.8.
int decodeWarpsPerRow(int64_t rows, int64_t cols)
{
    const int64_t subBlocks = cols / 32;
    if (rows > 4096)
        return 1;
    return subBlocks >= 128 ? 4 : subBlocks >= 64 ? 2 : 1;
}

template <class Row, int N>
__global__ void matmulF32Kernel(MatmulGroup g, int64_t cols, const float* x, int tokens)
{
    waitForPreviousKernel();
    int m;
    int64_t row;
    if (!locateRow(g, m, row))
        return;
    constexpr int kUnroll = unrollFor<N>();
    const int lane = threadIdx.x % 32;
    const int t0 = blockIdx.y * N;
    const int chunks = int(cols / 8);
    const uint8_t* r = g.w[m] + size_t(row) * g.rowStride[m];
    float acc[N] = {};
    for (int first = lane; first < chunks; first += 32 * kUnroll) {
        float wv[kUnroll][8];
#pragma unroll
        for (int u = 0; u < kUnroll; ++u)
            if (first + 32 * u < chunks)
                Row::load(r, first + 32 * u, wv[u]);
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const int c = first + 32 * u;
            if (c >= chunks)
                break;
#pragma unroll
            for (int t = 0; t < N; ++t) {
                if (t0 + t >= tokens)
                    break;
                const float4* x4 = reinterpret_cast<const float4*>(x + int64_t(t0 + t) * cols) + 2 * c;
                const float4 a = x4[0], b = x4[1];
                const float xv[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
#pragma unroll
                for (int i = 0; i < 8; ++i)
                    acc[t] += wv[u][i] * Row::round(xv[i]);
            }
        }
    }
    storeRow(acc, t0, tokens, g, m, row);
}

template <class Block>
__global__ void embedQ8Kernel(const uint8_t* table, size_t rowStride, int64_t cols, const int32_t* ids, float* out)
{
    waitForPreviousKernel();
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
    waitForPreviousKernel();
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
    return dispatchType(
        type, [](auto) {}, [](auto) {});
}

int64_t columnMultiple(gguf::GgmlType type)
{
    return type == gguf::GgmlType::Q4_K || type == gguf::GgmlType::Q5_K || type == gguf::GgmlType::Q6_K ? 256 : 32;
}

Q8Format q8FormatFor(gguf::GgmlType type)
{
    return columnMultiple(type) == 256 ? Q8Format::Q8_K : Q8Format::Q8_0;
}

void quantizeQ8(const float* x, int rows, int64_t cols, Q8Format format, Q8Activations q8, cudaStream_t stream)
{
    const int threads = 256;
    const int64_t warps = int64_t(rows) * (cols / (format == Q8Format::Q8_K ? 256 : 32));
    const unsigned blocks = unsigned((warps * 32 + threads - 1) / threads);
    if (format == Q8Format::Q8_K)
        launchKernel(quantizeQ8_KKernel, blocks, threads, 0, stream, x, warps, q8);
    else
        launchKernel(quantizeQ8_0Kernel, blocks, threads, 0, stream, x, warps, q8);
}

MatmulGroup makeGroup(std::span<const MatmulTarget> targets, bool accumulate, int rowsPerBlock)
{
    if (targets.empty() || targets.size() > size_t(kMaxGroup))
        throw Error("internal: a CUDA matrix group holds 1 to 3 matrices");
    const DeviceMatrix& first = *targets[0].w;
    MatmulGroup g;
    g.count = int(targets.size());
    g.accumulate = accumulate;
    for (int i = 0; i < g.count; ++i) {
        const DeviceMatrix& w = *targets[size_t(i)].w;
        if (w.type != first.type || w.cols != first.cols)
            throw Error("internal: a CUDA matrix group needs one type and one row length");
        g.w[i] = reinterpret_cast<const uint8_t*>(w.data);
        g.rowStride[i] = w.rowStride;
        g.rows[i] = w.rows;
        g.y[i] = targets[size_t(i)].y;
        g.ldy[i] = targets[size_t(i)].ldy;
        g.firstBlock[i + 1] = g.firstBlock[i] + unsigned((w.rows + rowsPerBlock - 1) / rowsPerBlock);
    }
    return g;
}

void matmul(std::span<const MatmulTarget> targets, const float* x, const Q8Activations& q8, int tokens, bool accumulate,
            cudaStream_t stream)
{
    if (targets.empty())
        throw Error("internal: a CUDA matrix group holds 1 to 3 matrices");
    const DeviceMatrix& first = *targets[0].w;
    // Past one pass of the dp4a kernel, tensor cores: 64-token tiles, each weight decoded once per
    // tile instead of once per 8 tokens.
    if (tokens > kTokensPerPass
        && matmulTensorCores(makeGroup(targets, accumulate, kTensorCoreTileRows), first.type, first.cols, x, q8, tokens,
                             stream))
        return;
    const int threads = 32 * kWarpsPerBlock;
    // Decode (one token) gets its own kernel: no dead accumulators, W warps per row.
    const bool one = tokens == 1;
    const bool integer = usesQ8Activations(first.type);
    int64_t rows = 0;
    for (const MatmulTarget& t : targets)
        rows += t.w->rows;
    const int warpsPerRow = one && integer ? decodeWarpsPerRow(rows, first.cols) : 1;
    const MatmulGroup g = makeGroup(targets, accumulate, kWarpsPerBlock / warpsPerRow);
    const dim3 grid(g.firstBlock[g.count], one ? 1u : unsigned((tokens + kTokensPerPass - 1) / kTokensPerPass));
    const int64_t cols = first.cols;
    const bool known = dispatchType(
        first.type,
        [&](auto block) {
            using B = decltype(block);
            if (one && warpsPerRow == 4)
                launchKernel(matvecQ8Kernel<B, 4>, grid, threads, 0, stream, g, cols, q8.q, q8.scales, q8.sums);
            else if (one && warpsPerRow == 2)
                launchKernel(matvecQ8Kernel<B, 2>, grid, threads, 0, stream, g, cols, q8.q, q8.scales, q8.sums);
            else if (one)
                launchKernel(matvecQ8Kernel<B, 1>, grid, threads, 0, stream, g, cols, q8.q, q8.scales, q8.sums);
            else
                launchKernel(matmulQ8Kernel<B, kTokensPerPass>, grid, threads, 0, stream, g, cols, q8.q, q8.scales,
                             q8.sums, tokens);
        },
        [&](auto rowType) {
            using R = decltype(rowType);
            if (one)
                launchKernel(matmulF32Kernel<R, 1>, grid, threads, 0, stream, g, cols, x, tokens);
            else
                launchKernel(matmulF32Kernel<R, kTokensPerPass>, grid, threads, 0, stream, g, cols, x, tokens);
        });
    if (!known)
        throw Error("CUDA: no matrix kernel for weight type " + std::to_string(int(first.type)));
}

void matmul(const DeviceMatrix& w, const float* x, const Q8Activations& q8, int tokens, float* y, int64_t ldy,
            bool accumulate, cudaStream_t stream)
{
    const MatmulTarget one[] = {{&w, y, ldy}};
    matmul(one, x, q8, tokens, accumulate, stream);
}

void embedRows(const DeviceMatrix& table, const int32_t* ids, int tokens, float* out, cudaStream_t stream)
{
    const auto* data = reinterpret_cast<const uint8_t*>(table.data);
    const int threads = 64;
    const bool known = dispatchType(
        table.type,
        [&](auto block) {
            const dim3 grid(unsigned((table.cols / 32 + threads - 1) / threads), unsigned(tokens));
            launchKernel(embedQ8Kernel<decltype(block)>, grid, threads, 0, stream, data, table.rowStride, table.cols,
                         ids, out);
        },
        [&](auto rowType) {
            const dim3 grid(unsigned((table.cols / 8 + threads - 1) / threads), unsigned(tokens));
            launchKernel(embedF32Kernel<decltype(rowType)>, grid, threads, 0, stream, data, table.rowStride, table.cols,
                         ids, out);
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
