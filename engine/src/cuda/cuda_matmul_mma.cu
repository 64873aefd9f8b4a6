// Prefill matrix products on tensor cores (mma.sync m16n8k16/m16n8k32, which need sm_80 or later;
// on sm_75 matmulTensorCores declines and the dp4a kernels run).
//
// A block of 4 warps computes a 64-row x 64-token tile of y; each warp a 32 x 32 quarter. Weights
// are decoded into shared memory once per step (the readers of cuda_blocks.cuh, so every type
// shares one kernel), and every weight is then used by 64 tokens, where the dp4a kernel re-reads it
// every 8 tokens.
//  - integer types: the int8 tile of cuda_mma.cuh on the q8 activations.
//  - F16/BF16: activations rounded to the weight's type as they are stored in shared memory (as
//    ggml and the CPU backend round them), f16/bf16 MMA with f32 accumulation.
#include "cuda_check.hpp"
#include "cuda_launch.cuh"
#include "cuda_matmul_group.cuh"
#include "cuda_mma.cuh"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <type_traits>

namespace strata::cuda {
namespace {

constexpr int kTileRows = kTensorCoreTileRows;
constexpr int kTileTokens = 64;
constexpr int kThreads = mma::kThreads;
static_assert(kTileRows == mma::kTileRows);

template <bool Bf16>
__device__ __forceinline__ void mmaHalf(float (&c)[4], unsigned a0, unsigned a1, unsigned a2, unsigned a3, unsigned b0,
                                        unsigned b1)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if constexpr (Bf16)
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                     "{%0,%1,%2,%3};"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    else
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                     "{%0,%1,%2,%3};"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
#endif
}

// Where this block's tile lies, and the stores of a warp's results (C fragment layout: lane holds
// rows g and g + 8, tokens 2t and 2t + 1 of each 16 x 8 piece).
struct TileSpot {
    int m;
    int64_t row0;
    int token0;
};

__device__ __forceinline__ TileSpot tileSpot(const MatmulGroup& g)
{
    const int m = matrixOf(g, blockIdx.x);
    return {m, int64_t(blockIdx.x - g.firstBlock[m]) * kTileRows, int(blockIdx.y) * kTileTokens};
}

__device__ __forceinline__ void storeTile(const float (&acc)[2][4][4], const MatmulGroup& g, const TileSpot& at,
                                          int tokens)
{
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, gid = lane / 4, tid = lane % 4;
    const int64_t rowBase = at.row0 + (warp / 2) * 32;
    const int tokenBase = at.token0 + (warp % 2) * 32;
#pragma unroll
    for (int mt = 0; mt < 2; ++mt)
#pragma unroll
        for (int nt = 0; nt < 4; ++nt)
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                const int64_t row = rowBase + mt * 16 + gid + (i >= 2 ? 8 : 0);
                const int token = tokenBase + nt * 8 + 2 * tid + (i & 1);
                if (row < g.rows[at.m] && token < tokens) {
                    float* out = g.y[at.m] + int64_t(token) * g.ldy[at.m] + row;
                    *out = g.accumulate ? *out + acc[mt][nt][i] : acc[mt][nt][i];
                }
            }
}

// At most 128 registers, so 4 blocks (16 warps) share an SM and hide each other's loads: fully
// unrolled over the step's sub-blocks the kernel took 196-255 registers (2 blocks per SM).
template <class Block>
__global__ void __launch_bounds__(kThreads, 4)
    matmulInt8MmaKernel(MatmulGroup g, int64_t cols, const int8_t* xq, const float* xd, const float* xs, int tokens)
{
    waitForPreviousKernel();
    __shared__ __align__(16) mma::TileFor<Block, kTileTokens> s;
    const TileSpot at = tileSpot(g);
    const int64_t lastRow = g.rows[at.m] - 1;
    const uint8_t* w = g.w[at.m];
    const size_t stride = g.rowStride[at.m];
    float acc[2][4][4] = {};
    mma::products<Block, kTileTokens>(
        s, [&](int r) { return w + size_t(min(at.row0 + r, lastRow)) * stride; },
        [&](int t) { return int64_t(min(at.token0 + t, tokens - 1)); }, cols, xq, xd, xs, acc);
    storeTile(acc, g, at, tokens);
}

// F16/BF16: a step is 128 columns; shared rows are 128 halves plus 8 of padding (same reason).
constexpr int kHalfStep = 128;
constexpr int kHalfRow = kHalfStep + 8;

template <class Row>
__global__ void __launch_bounds__(kThreads) matmulHalfMmaKernel(MatmulGroup g, int64_t cols, const float* x, int tokens)
{
    waitForPreviousKernel();
    constexpr bool kBf16 = std::is_same_v<Row, RowBF16>;
    using Half = std::conditional_t<kBf16, __nv_bfloat16, __half>;
    __shared__ __align__(16) Half sw[kTileRows][kHalfRow];
    __shared__ __align__(16) Half sx[kTileTokens][kHalfRow];
    const TileSpot at = tileSpot(g);
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, gid = lane / 4, tid = lane % 4;
    const int64_t lastRow = g.rows[at.m] - 1;
    const uint8_t* w = g.w[at.m];
    const size_t stride = g.rowStride[at.m];
    float acc[2][4][4] = {};

    for (int64_t c0 = 0; c0 < cols; c0 += kHalfStep) {
        // Weights: 64 rows x 128 values as 16-byte pieces (8 values), zero past the row's end.
        for (int e = threadIdx.x; e < kTileRows * kHalfStep / 8; e += kThreads) {
            const int r = e / (kHalfStep / 8), piece = e % (kHalfStep / 8);
            const int64_t c = c0 + piece * 8;
            uint4 v = make_uint4(0, 0, 0, 0);
            if (c < cols)
                v = *reinterpret_cast<const uint4*>(w + size_t(min(at.row0 + r, lastRow)) * stride + c * 2);
            *reinterpret_cast<uint4*>(&sw[r][piece * 8]) = v;
        }
        // Activations: f32, rounded to the weight's type, 4 values a piece.
        for (int e = threadIdx.x; e < kTileTokens * kHalfStep / 4; e += kThreads) {
            const int t = e / (kHalfStep / 4), piece = e % (kHalfStep / 4);
            const int64_t c = c0 + piece * 4;
            const int64_t token = min(at.token0 + t, tokens - 1);
            float4 v = make_float4(0, 0, 0, 0);
            if (c < cols)
                v = *reinterpret_cast<const float4*>(x + token * cols + c);
            Half* dst = &sx[t][piece * 4];
            if constexpr (kBf16) {
                reinterpret_cast<__nv_bfloat162*>(dst)[0] = __floats2bfloat162_rn(v.x, v.y);
                reinterpret_cast<__nv_bfloat162*>(dst)[1] = __floats2bfloat162_rn(v.z, v.w);
            } else {
                reinterpret_cast<__half2*>(dst)[0] = __floats2half2_rn(v.x, v.y);
                reinterpret_cast<__half2*>(dst)[1] = __floats2half2_rn(v.z, v.w);
            }
        }
        __syncthreads();

        const int r0 = (warp / 2) * 32, t0 = (warp % 2) * 32;
#pragma unroll
        for (int kk = 0; kk < kHalfStep; kk += 16) {
            const auto word = [](const Half* p) { return *reinterpret_cast<const unsigned*>(p); };
            unsigned a[2][4], b[4][2];
#pragma unroll
            for (int mt = 0; mt < 2; ++mt) {
                const int r = r0 + mt * 16 + gid, k = kk + 2 * tid;
                a[mt][0] = word(&sw[r][k]), a[mt][1] = word(&sw[r + 8][k]);
                a[mt][2] = word(&sw[r][k + 8]), a[mt][3] = word(&sw[r + 8][k + 8]);
            }
#pragma unroll
            for (int nt = 0; nt < 4; ++nt) {
                const int t = t0 + nt * 8 + gid, k = kk + 2 * tid;
                b[nt][0] = word(&sx[t][k]), b[nt][1] = word(&sx[t][k + 8]);
            }
#pragma unroll
            for (int mt = 0; mt < 2; ++mt)
#pragma unroll
                for (int nt = 0; nt < 4; ++nt)
                    mmaHalf<kBf16>(acc[mt][nt], a[mt][0], a[mt][1], a[mt][2], a[mt][3], b[nt][0], b[nt][1]);
        }
        __syncthreads();
    }
    storeTile(acc, g, at, tokens);
}

}  // namespace

bool matmulTensorCores(const MatmulGroup& g, gguf::GgmlType type, int64_t cols, const float* x, const Q8Activations& q8,
                       int tokens, cudaStream_t stream)
{
    int device = 0, major = 0;
    check(cudaGetDevice(&device), "reading the current device");
    check(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device), "reading the compute capability");
    if (major < 8 || int64_t(tokens) * cols >= kTensorCoreMaxInput)
        return false;
    const dim3 grid(g.firstBlock[g.count], unsigned((tokens + kTileTokens - 1) / kTileTokens));
    if (type == gguf::GgmlType::F16)
        launchKernelAfterPrevious(matmulHalfMmaKernel<RowF16>, grid, kThreads, 0, stream, g, cols, x, tokens);
    else if (type == gguf::GgmlType::BF16)
        launchKernelAfterPrevious(matmulHalfMmaKernel<RowBF16>, grid, kThreads, 0, stream, g, cols, x, tokens);
    else if (!usesQ8Activations(type))
        return false;  // F32
    else
        return dispatchType(
            type,
            [&](auto block) {
                launchKernelAfterPrevious(matmulInt8MmaKernel<decltype(block)>, grid, kThreads, 0, stream, g, cols,
                                          q8.q, q8.scales, q8.sums, tokens);
            },
            [](auto) {});
    return true;
}

}  // namespace strata::cuda
