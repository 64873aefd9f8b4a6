// The int8 tensor-core tile shared by the dense prefill products (cuda_matmul_mma.cu) and the
// grouped expert products (cuda_moe_mma.cu): 64 weight rows against Tokens activation rows, each
// weight decoded into shared memory once per step and used by every token of the tile.
//
// A block has 4 warps in a 2 x 2 layout; each warp owns 32 rows x Tokens / 2 tokens. The K loop
// steps over 8 sub-blocks of 32 weights (256 columns). int8 x int8 -> int32 MMA per 32-value
// sub-block is exact; y += xd * (d0 * lo + d1 * hi) - m * xs in f32 then gives the dp4a kernels'
// sums. Q6_K's two scales per sub-block need two k16 MMAs, the others one k32.
// mma.sync needs sm_80 or later; callers decline on older devices.
#pragma once

#include "cuda_blocks.cuh"

#include <cstdint>
#include <type_traits>

namespace strata::cuda::mma {

constexpr int kTileRows = 64;
constexpr int kThreads = 128;
// 8 sub-blocks (one K-quant super-block) a step: each thread issues 4 weight and 8 activation
// loads before a barrier, twice the bytes in flight of a 4-sub-block step.
constexpr int kStepSubBlocks = 8;
// Shared rows are padded by 16 bytes: the 8 rows one fragment load touches then fall in 8
// different bank quads instead of all in one (an 8-way conflict).
constexpr int kStepWords = kStepSubBlocks * 8;
constexpr int kRowWords = kStepWords + 4;

template <class Block>
constexpr bool kTwoScales = std::is_same_v<Block, BlockQ6_K>;
template <class Block>
constexpr bool kHasMinimum = std::is_same_v<Block, BlockQ4_K> || std::is_same_v<Block, BlockQ5_K>;

__device__ __forceinline__ void mmaS8k32(int (&c)[4], int a0, int a1, int a2, int a3, int b0, int b1)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%0,%1,%2,%3};"
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
#endif
}

__device__ __forceinline__ void mmaS8k16(int (&c)[4], int a0, int a1, int b0)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
                 : "r"(a0), "r"(a1), "r"(b0));
#endif
}

// Tokens: 64 for dense prefill; 32 for expert products, whose tiles hold one expert's routes
// (512 tokens x 8 of 128 experts is 32 routes an expert: a 64-token tile would be half empty).
template <int Tokens>
struct Int8Tile {
    static constexpr int kWarpTiles = Tokens / 16;  // 8-token MMA tiles per warp
    int w[kTileRows][kRowWords];
    int x[Tokens][kRowWords];
    float wd0[kTileRows][kStepSubBlocks], wd1[kTileRows][kStepSubBlocks], wm[kTileRows][kStepSubBlocks];
    float xd[Tokens][kStepSubBlocks], xs[Tokens][kStepSubBlocks];
};

template <int Tokens>
using Accumulators = float[2][Tokens / 16][4];

// Four 8 x 8 matrices of 16-bit elements from shared memory in one instruction: lane i names row
// i % 8 of matrix i / 8, and receives of each matrix the word at row lane / 4, column lane % 4, the
// int8 MMA's fragment layout (4 bytes of a row per lane). One ldmatrix replaces 4 shared loads.
__device__ __forceinline__ void loadMatrices(const int* rowStart, int& r0, int& r1, int& r2, int& r3)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned at = unsigned(__cvta_generic_to_shared(rowStart));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(at));
#endif
}

// This warp's A (weights, rows r0...r0+31) and B (activations from token t0) fragments of
// sub-block j, from either tile (both keep w and x alike). A: matrices are rows +0 / +8 by bytes
// 0-15 / 16-31 of the sub-block; B: bytes 0-15 / 16-31 of two 8-token pieces.
template <class Tile, int WarpTiles>
__device__ __forceinline__ void loadFragments(const Tile& s, int j, int r0, int t0, int (&a)[2][4],
                                              int (&b)[WarpTiles][2])
{
    static_assert(WarpTiles % 2 == 0, "B fragments are loaded two 8-token pieces at a time");
    const int lane = threadIdx.x % 32, matrix = lane / 8, row = lane % 8;
#pragma unroll
    for (int mt = 0; mt < 2; ++mt)
        loadMatrices(&s.w[r0 + mt * 16 + (matrix & 1) * 8 + row][j * 8 + (matrix >> 1) * 4], a[mt][0], a[mt][1],
                     a[mt][2], a[mt][3]);
#pragma unroll
    for (int nt = 0; nt < WarpTiles; nt += 2)
        loadMatrices(&s.x[t0 + (nt + (matrix >> 1)) * 8 + row][j * 8 + (matrix & 1) * 4], b[nt][0], b[nt][1],
                     b[nt + 1][0], b[nt + 1][1]);
}

// Loads a thread makes per step: weight sub-blocks and 16-byte activation pieces.
constexpr int kWeightLoads = kTileRows * kStepSubBlocks / kThreads;
static_assert(kWeightLoads * kThreads == kTileRows * kStepSubBlocks);
template <int Tokens>
constexpr int kPieceLoads = Tokens* kStepWords / 4 / kThreads;
// Weight sub-blocks a thread loads before storing any: with all 4 of a step in flight ptxas spilled
// 28-192 bytes (the 128-register cap keeps 4 blocks an SM), with 2 0-20 bytes.
constexpr int kWeightsInFlight = 2;
static_assert(kWeightLoads % kWeightsInFlight == 0);
template <int Tokens>
constexpr int kScaleLoads = Tokens* kStepSubBlocks / kThreads;

// 16 bytes from global to shared memory without passing through registers (the activations; the
// weights need decoding on the way). bytes = 0 stores zeros: pieces past a row's end.
__device__ __forceinline__ void copyAsync16(void* dst, const void* src, int bytes)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(unsigned(__cvta_generic_to_shared(dst))),
                 "l"(src), "r"(bytes)
                 : "memory");
#endif
}

__device__ __forceinline__ void waitAsyncCopies()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_all;" ::: "memory");
#endif
}

// acc += the tile's products over every column. weightRow(r): tile row r's weights (rows past the
// matrix's end repeat a valid row; their results are not stored). inputRow(t): which row of xq
// tile token t reads (tokens past the end repeat a valid one).
template <class Block, int Tokens, class WeightRow, class InputRow>
__device__ __forceinline__ void int8Products(Int8Tile<Tokens>& s, WeightRow weightRow, InputRow inputRow, int64_t cols,
                                             const int8_t* xq, const float* xd, const float* xs,
                                             Accumulators<Tokens>& acc)
{
    constexpr int kWarpTiles = Int8Tile<Tokens>::kWarpTiles;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, gid = lane / 4, tid = lane % 4;
    const int sbCount = int(cols / 32);
    for (int sb0 = 0; sb0 < sbCount; sb0 += kStepSubBlocks) {
        // Every global load of the step is in flight before any is used: one memory latency a
        // step. As loops of load-then-store, the loads went out one round at a time (the stores and
        // bounds branches between them): the kernel's main stall. The activations are copied
        // asynchronously while the weights are decoded. Indices past the row's end are clamped (a
        // valid address) and their values zeroed. Offsets are 32-bit (kTensorCoreMaxInput): 64-bit
        // ones spilled registers.
#pragma unroll
        for (int i = 0; i < kPieceLoads<Tokens>; ++i) {
            const int e = threadIdx.x + i * kThreads, t = e / (kStepWords / 4), piece = e % (kStepWords / 4);
            const int sb = sb0 + piece / 2;
            copyAsync16(&s.x[t][piece * 4],
                        xq + (int(inputRow(t) * cols) + min(sb, sbCount - 1) * 32 + (piece % 2) * 16),
                        sb < sbCount ? 16 : 0);
        }
        float xdv[kScaleLoads<Tokens>], xsv[kScaleLoads<Tokens>];
#pragma unroll
        for (int i = 0; i < kScaleLoads<Tokens>; ++i) {
            const int e = threadIdx.x + i * kThreads, t = e / kStepSubBlocks, j = e % kStepSubBlocks;
            const int block = int(inputRow(t) * (cols / 32)) + min(sb0 + j, sbCount - 1);
            xdv[i] = xd[block], xsv[i] = xs[block];
        }
#pragma unroll
        for (int round = 0; round < kWeightLoads; round += kWeightsInFlight) {
            SubBlock wv[kWeightsInFlight];
#pragma unroll
            for (int i = 0; i < kWeightsInFlight; ++i) {
                const int e = threadIdx.x + (round + i) * kThreads;
                wv[i] = Block::load(weightRow(e / kStepSubBlocks), min(sb0 + e % kStepSubBlocks, sbCount - 1));
            }
#pragma unroll
            for (int i = 0; i < kWeightsInFlight; ++i) {
                const int e = threadIdx.x + (round + i) * kThreads, r = e / kStepSubBlocks, j = e % kStepSubBlocks;
                const bool in = sb0 + j < sbCount;
                int4* dst = reinterpret_cast<int4*>(&s.w[r][j * 8]);
                const SubBlock& b = wv[i];
                dst[0] = in ? make_int4(b.q[0], b.q[1], b.q[2], b.q[3]) : make_int4(0, 0, 0, 0);
                dst[1] = in ? make_int4(b.q[4], b.q[5], b.q[6], b.q[7]) : make_int4(0, 0, 0, 0);
                s.wd0[r][j] = in ? b.d0 : 0.0f, s.wd1[r][j] = in ? b.d1 : 0.0f, s.wm[r][j] = in ? b.m : 0.0f;
            }
        }
#pragma unroll
        for (int i = 0; i < kScaleLoads<Tokens>; ++i) {
            const int e = threadIdx.x + i * kThreads, t = e / kStepSubBlocks, j = e % kStepSubBlocks;
            const bool in = sb0 + j < sbCount;
            s.xd[t][j] = in ? xdv[i] : 0.0f;
            s.xs[t][j] = in ? xsv[i] : 0.0f;
        }
        waitAsyncCopies();
        __syncthreads();

        const int r0 = (warp / 2) * 32, t0 = (warp % 2) * (Tokens / 2);
#pragma unroll 1
        for (int j = 0; j < kStepSubBlocks; ++j) {
            int lo[2][kWarpTiles][4] = {}, hi[2][kWarpTiles][4] = {};
            int a[2][4], b[kWarpTiles][2];
            loadFragments(s, j, r0, t0, a, b);
#pragma unroll
            for (int mt = 0; mt < 2; ++mt)
#pragma unroll
                for (int nt = 0; nt < kWarpTiles; ++nt) {
                    if constexpr (kTwoScales<Block>) {
                        mmaS8k16(lo[mt][nt], a[mt][0], a[mt][1], b[nt][0]);
                        mmaS8k16(hi[mt][nt], a[mt][2], a[mt][3], b[nt][1]);
                    } else {
                        mmaS8k32(lo[mt][nt], a[mt][0], a[mt][1], a[mt][2], a[mt][3], b[nt][0], b[nt][1]);
                    }
                }
#pragma unroll
            for (int mt = 0; mt < 2; ++mt)
#pragma unroll
                for (int half = 0; half < 2; ++half) {
                    const int r = r0 + mt * 16 + gid + half * 8;
                    const float d0 = s.wd0[r][j], d1 = s.wd1[r][j], mn = s.wm[r][j];
#pragma unroll
                    for (int nt = 0; nt < kWarpTiles; ++nt)
#pragma unroll
                        for (int odd = 0; odd < 2; ++odd) {
                            const int t = t0 + nt * 8 + 2 * tid + odd, i = half * 2 + odd;
                            const float dot = kTwoScales<Block> ? d0 * float(lo[mt][nt][i]) + d1 * float(hi[mt][nt][i])
                                                                : d0 * float(lo[mt][nt][i]);
                            acc[mt][nt][i] += s.xd[t][j] * dot;
                            if constexpr (kHasMinimum<Block>)
                                acc[mt][nt][i] -= mn * s.xs[t][j];
                        }
                }
        }
        __syncthreads();
    }
}

// The K-quants (Q4_K, Q5_K, Q6_K) on Q8_K activations: a step is one super-block, whose activation
// scale is one float per token and whose weight scales are small integers under one f16 d (and
// dmin). So the sub-block scales stay in integer sums, and floats are touched once per step:
//   y += xd * (d * sum_j sc_j * (q_j . x_j) - dmin * sum_j m_j * sum(x_j)).
// Scaling each 32-value product in floats instead (the path above) cost 4 instructions per result
// per sub-block, more issue slots than the MMAs themselves; here it is one integer multiply-add,
// and the minimum's sums take 4 dp2a per result per step.
template <int Tokens>
struct KTile {
    static constexpr int kWarpTiles = Tokens / 16;
    int w[kTileRows][kRowWords];
    int x[Tokens][kRowWords];
    int sc0[kTileRows][kStepSubBlocks], sc1[kTileRows][kStepSubBlocks];
    uint32_t m[kTileRows][kStepSubBlocks / 4];  // the 6-bit minimums, 4 to a word (dp2a's bytes)
    float d[kTileRows], dmin[kTileRows];
    float xd[Tokens];
    int16_t xsum[Tokens][kStepSubBlocks];  // sum of each 32 int8 activations (at most 32 * 127)
};

template <class Block>
constexpr bool kSuperBlockScales = kTwoScales<Block> || kHasMinimum<Block>;

template <class Block, int Tokens, class WeightRow, class InputRow>
__device__ __forceinline__ void kQuantProducts(KTile<Tokens>& s, WeightRow weightRow, InputRow inputRow, int64_t cols,
                                               const int8_t* xq, const float* xd, const float* xs,
                                               Accumulators<Tokens>& acc)
{
    constexpr int kWarpTiles = KTile<Tokens>::kWarpTiles;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, gid = lane / 4, tid = lane % 4;
    const int sbCount = int(cols / 32);  // whole super-blocks: a multiple of kStepSubBlocks
    for (int sb0 = 0; sb0 < sbCount; sb0 += kStepSubBlocks) {
        // All of the step's global loads in flight first, as in int8Products (whole super-blocks:
        // no bounds; 32-bit offsets). A sub-block's activation sum is the quantizer's d * sum divided by d (exact
        // after rounding: |sum| <= 32 * 127), not re-added from the bytes in every tile.
#pragma unroll
        for (int i = 0; i < kPieceLoads<Tokens>; ++i) {
            const int e = threadIdx.x + i * kThreads, t = e / (kStepWords / 4), piece = e % (kStepWords / 4);
            copyAsync16(&s.x[t][piece * 4], xq + (int(inputRow(t) * cols) + sb0 * 32 + piece * 16), 16);
        }
        float xdv[kScaleLoads<Tokens>], xsv[kScaleLoads<Tokens>];
#pragma unroll
        for (int i = 0; i < kScaleLoads<Tokens>; ++i) {
            const int e = threadIdx.x + i * kThreads, t = e / kStepSubBlocks, j = e % kStepSubBlocks;
            const int block = int(inputRow(t) * (cols / 32)) + sb0 + j;
            xdv[i] = xd[block], xsv[i] = xs[block];
        }
#pragma unroll
        for (int round = 0; round < kWeightLoads; round += kWeightsInFlight) {
            KSubBlock wv[kWeightsInFlight];
#pragma unroll
            for (int i = 0; i < kWeightsInFlight; ++i) {
                const int e = threadIdx.x + (round + i) * kThreads;
                wv[i] = Block::loadInt(weightRow(e / kStepSubBlocks), sb0 + e % kStepSubBlocks);
            }
#pragma unroll
            for (int i = 0; i < kWeightsInFlight; ++i) {
                const int e = threadIdx.x + (round + i) * kThreads, r = e / kStepSubBlocks, j = e % kStepSubBlocks;
                const KSubBlock& b = wv[i];
                int4* dst = reinterpret_cast<int4*>(&s.w[r][j * 8]);
                dst[0] = make_int4(b.q[0], b.q[1], b.q[2], b.q[3]);
                dst[1] = make_int4(b.q[4], b.q[5], b.q[6], b.q[7]);
                s.sc0[r][j] = b.sc0, s.sc1[r][j] = b.sc1;
                reinterpret_cast<uint8_t*>(s.m[r])[j] = uint8_t(b.m);
                if (j == 0)
                    s.d[r] = b.d, s.dmin[r] = b.dmin;
            }
        }
#pragma unroll
        for (int i = 0; i < kScaleLoads<Tokens>; ++i) {
            const int e = threadIdx.x + i * kThreads, t = e / kStepSubBlocks, j = e % kStepSubBlocks;
            s.xsum[t][j] = int16_t(xdv[i] != 0.0f ? __float2int_rn(xsv[i] / xdv[i]) : 0);
            if (j == 0)
                s.xd[t] = xdv[i];  // one Q8_K scale per 256 values
        }
        waitAsyncCopies();
        __syncthreads();

        const int r0 = (warp / 2) * 32, t0 = (warp % 2) * (Tokens / 2);
        int sums[2][kWarpTiles][4] = {};
#pragma unroll 1
        for (int j = 0; j < kStepSubBlocks; ++j) {
            int a[2][4], b[kWarpTiles][2];
            loadFragments(s, j, r0, t0, a, b);
#pragma unroll
            for (int mt = 0; mt < 2; ++mt) {
                const int rLo = r0 + mt * 16 + gid, rHi = rLo + 8;
                const int lo0 = s.sc0[rLo][j], hi0 = s.sc0[rHi][j];
                const int lo1 = kTwoScales<Block> ? s.sc1[rLo][j] : 0, hi1 = kTwoScales<Block> ? s.sc1[rHi][j] : 0;
#pragma unroll
                for (int nt = 0; nt < kWarpTiles; ++nt) {
                    int c0[4] = {}, c1[4] = {};
                    if constexpr (kTwoScales<Block>) {
                        mmaS8k16(c0, a[mt][0], a[mt][1], b[nt][0]);
                        mmaS8k16(c1, a[mt][2], a[mt][3], b[nt][1]);
                    } else {
                        mmaS8k32(c0, a[mt][0], a[mt][1], a[mt][2], a[mt][3], b[nt][0], b[nt][1]);
                    }
#pragma unroll
                    for (int i = 0; i < 4; ++i) {
                        const int sc0 = i < 2 ? lo0 : hi0;  // C rows: gid for i 0-1, gid + 8 for 2-3
                        sums[mt][nt][i] += sc0 * c0[i];
                        if constexpr (kTwoScales<Block>)
                            sums[mt][nt][i] += (i < 2 ? lo1 : hi1) * c1[i];
                    }
                }
            }
        }
#pragma unroll
        for (int mt = 0; mt < 2; ++mt)
#pragma unroll
            for (int half = 0; half < 2; ++half) {
                const int r = r0 + mt * 16 + gid + half * 8;
                const float d = s.d[r], dmin = s.dmin[r];
                const int m0 = int(s.m[r][0]), m1 = int(s.m[r][1]);
#pragma unroll
                for (int nt = 0; nt < kWarpTiles; ++nt)
#pragma unroll
                    for (int odd = 0; odd < 2; ++odd) {
                        const int t = t0 + nt * 8 + 2 * tid + odd, i = half * 2 + odd;
                        float v = d * float(sums[mt][nt][i]);
                        if constexpr (kHasMinimum<Block>) {
                            const int* xs = reinterpret_cast<const int*>(s.xsum[t]);  // pairs of int16
                            int mins = __dp2a_lo(xs[0], m0, 0);
                            mins = __dp2a_hi(xs[1], m0, mins);
                            mins = __dp2a_lo(xs[2], m1, mins);
                            mins = __dp2a_hi(xs[3], m1, mins);
                            v -= dmin * float(mins);
                        }
                        acc[mt][nt][i] += s.xd[t] * v;
                    }
            }
        __syncthreads();
    }
}

// The tile type and the products for a weight type: the K-quants' integer-scale path, or the
// per-sub-block float path for Q8_0/Q4_0.
template <class Block, int Tokens>
using TileFor = std::conditional_t<kSuperBlockScales<Block>, KTile<Tokens>, Int8Tile<Tokens>>;

template <class Block, int Tokens, class WeightRow, class InputRow>
__device__ __forceinline__ void products(TileFor<Block, Tokens>& s, WeightRow weightRow, InputRow inputRow,
                                         int64_t cols, const int8_t* xq, const float* xd, const float* xs,
                                         Accumulators<Tokens>& acc)
{
    if constexpr (kSuperBlockScales<Block>)
        kQuantProducts<Block>(s, weightRow, inputRow, cols, xq, xd, xs, acc);
    else
        int8Products<Block>(s, weightRow, inputRow, cols, xq, xd, xs, acc);
}

// Calls out(row, token, value) for each of this thread's results, rows and tokens within the tile
// (C fragment layout: lane holds rows g and g + 8, tokens 2t and 2t + 1 of each 16 x 8 piece).
template <int Tokens, class Out>
__device__ __forceinline__ void forEachResult(const Accumulators<Tokens>& acc, Out out)
{
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, gid = lane / 4, tid = lane % 4;
    const int rowBase = (warp / 2) * 32, tokenBase = (warp % 2) * (Tokens / 2);
#pragma unroll
    for (int mt = 0; mt < 2; ++mt)
#pragma unroll
        for (int nt = 0; nt < Tokens / 16; ++nt)
#pragma unroll
            for (int i = 0; i < 4; ++i)
                out(rowBase + mt * 16 + gid + (i >= 2 ? 8 : 0), tokenBase + nt * 8 + 2 * tid + (i & 1), acc[mt][nt][i]);
}

}  // namespace strata::cuda::mma
