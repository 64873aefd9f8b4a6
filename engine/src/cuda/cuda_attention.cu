// Causal attention over the f16 KV cache, in two passes as ggml's non-flash path computes it: the
// softmax's maximum and sum, then the values weighted by the probabilities rounded to f16 (so
// results agree with the CPU backend's). Each warp takes rounds of 32 keys (round r of warp w: keys
// 32 (w + kWarps r) ...) and every lane scores one key, so a warp keeps 32 independent loads in
// flight instead of waiting a memory round trip per key. The second pass scores the keys again
// (the K rows are read twice; fine for the contexts measured). As ggml's f16 path does, the query
// is rounded to f16 before q.k.
//  - batches of 16 queries or more (prefill): tensor cores, cuda_attention_prefill.cu;
//  - one block per (query head, token) for a few queries over a short cache;
//  - split-K (flash-decoding) for decode over a long cache: each (heads, split) block takes one
//    slice of the keys for up to 4 query heads of one KV head; a first launch finds each slice's
//    maximum and sum, a second combines them (every block of a head reads all slices' statistics,
//    so the probabilities are exactly those of the unsplit pass) and weights its slice's values, a
//    third adds the slices' outputs. Decode of one token otherwise runs only `heads` blocks, each
//    walking the whole cache.
#include "cuda_attention_prefill.hpp"
#include "cuda_kernels.hpp"
#include "cuda_launch.cuh"
#include "strata/core/error.hpp"

#include <cuda_fp16.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

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

// Query head `head` of token t, rounded to f16, into shared memory.
template <int D>
__device__ __forceinline__ void loadQuery(const float* q, int heads, int head, int t, float* query)
{
    const float* qr = q + (int64_t(t) * heads + head) * D;
    for (int i = threadIdx.x; i < D; i += blockDim.x)
        query[i] = __half2float(__float2half_rn(qr[i]));
    __syncthreads();
}

// The keys and values of one KV head: key j at keys[j * kvDim].
struct KvHead {
    const __half* keys;
    const __half* values;
    int64_t kvDim;
};

// This lane's key of the round starting at `first`: its score, or -inf at or past `end`. Each lane
// reads its whole key row with 16-byte loads: 32 independent loads per warp.
template <int D>
__device__ __forceinline__ float score(const float* query, const KvHead& kv, float scale, int first, int end)
{
    const int j = first + threadIdx.x % 32;
    if (j >= end)
        return -INFINITY;
    const uint4* kr = reinterpret_cast<const uint4*>(kv.keys + j * kv.kvDim);
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
}

// Maximum and sum of exp(s - maximum) of several partial softmaxes; (-inf, 0) when all are empty.
__device__ __forceinline__ float2 combineStats(const float* maxima, const float* sums, int n, int step)
{
    float mAll = -INFINITY, total = 0;
    for (int i = 0; i < n; ++i)
        mAll = fmaxf(mAll, maxima[i * step]);
    for (int i = 0; i < n; ++i)
        total += maxima[i * step] == -INFINITY ? 0.0f : sums[i * step] * expf(maxima[i * step] - mAll);
    return {mAll, total};
}

// Pass 1 over keys [begin, end) by the whole block: the softmax's maximum and sum (online per warp,
// then over the warps; a warp may see no key).
template <int D>
__device__ float2 blockStats(const float* query, const KvHead& kv, float scale, int begin, int end)
{
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    float m = -INFINITY, l = 0.0f;
    for (int first = begin + warp * 32; first < end; first += kWarps * 32) {
        const float s = score<D>(query, kv, scale, first, end);
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
    return combineStats(warpMax, warpSum, kWarps, 1);
}

// N consecutive halves (2, 4 or 8: 4-, 8- or 16-byte aligned) in one load: a lane's share of a
// value row (one 2-byte load per value was the slowest part of pass 2).
template <int N>
__device__ __forceinline__ void loadHalves(const __half* p, float (&out)[N])
{
    if constexpr (N == 2) {
        const float2 f = __half22float2(*reinterpret_cast<const __half2*>(p));
        out[0] = f.x, out[1] = f.y;
    } else {
        using Vec = std::conditional_t<N == 4, uint2, uint4>;
        const Vec raw = *reinterpret_cast<const Vec*>(p);
        const __half2* h = reinterpret_cast<const __half2*>(&raw);
#pragma unroll
        for (int i = 0; i < N / 2; ++i) {
            const float2 f = __half22float2(h[i]);
            out[2 * i] = f.x, out[2 * i + 1] = f.y;
        }
    }
}

// Pass 2 over keys [begin, end): out[d] = sum_j f16(exp(s_j - mAll) / total) * v_j[d]; each lane
// sums D / 32 dimensions of every key of a round.
template <int D>
__device__ void blockValues(const float* query, const KvHead& kv, float scale, int begin, int end, float mAll,
                            float total, float* out)
{
    constexpr int kPerLane = D / 32;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    float acc[kPerLane] = {};
    for (int first = begin + warp * 32; first < end; first += kWarps * 32) {
        const float s = score<D>(query, kv, scale, first, end);
        const float p = __half2float(__float2half_rn(expf(s - mAll) / total));
        const int count = min(32, end - first);
        const __half* vr = kv.values + int64_t(first) * kv.kvDim + lane * kPerLane;
#pragma unroll 8
        for (int k = 0; k < count; ++k) {
            const float pk = __shfl_sync(0xffffffffu, p, k);
            float v[kPerLane];
            loadHalves<kPerLane>(vr + k * kv.kvDim, v);
#pragma unroll
            for (int i = 0; i < kPerLane; ++i)
                acc[i] += pk * v[i];
        }
    }
    __shared__ float warpAcc[kWarps][D];
#pragma unroll
    for (int i = 0; i < kPerLane; ++i)
        warpAcc[warp][lane * kPerLane + i] = acc[i];
    __syncthreads();
    for (int d = threadIdx.x; d < D; d += blockDim.x) {
        float v = 0;
#pragma unroll
        for (int w = 0; w < kWarps; ++w)
            v += warpAcc[w][d];
        out[d] = v;
    }
}

__device__ __forceinline__ KvHead kvHeadOf(const __half* keys, const __half* values, int heads, int kvHeads, int head,
                                           int headDim)
{
    const int64_t kvDim = int64_t(kvHeads) * headDim, offset = int64_t(head / (heads / kvHeads)) * headDim;
    return {keys + offset, values + offset, kvDim};
}

// One block per (head, token) over the whole causal range.
template <int D>
__global__ void attentionKernel(const float* q, int heads, int kvHeads, const __half* keys, const __half* values,
                                const int32_t* start, float scale, float* out)
{
    waitForPreviousKernel();
    const int head = blockIdx.x, t = blockIdx.y;
    const int keysSeen = *start + t + 1;
    __shared__ float query[D];
    loadQuery<D>(q, heads, head, t, query);
    const KvHead kv = kvHeadOf(keys, values, heads, kvHeads, head, D);
    const float2 stats = blockStats<D>(query, kv, scale, 0, keysSeen);
    blockValues<D>(query, kv, scale, 0, keysSeen, stats.x, stats.y, out + (int64_t(t) * heads + head) * D);
}

// Keys [begin, end) of split `split` of `splits`: slices of a multiple of 32 keys (whole warp rounds).
__device__ __forceinline__ int2 splitRange(int keysSeen, int split, int splits)
{
    const int chunk = ((keysSeen + splits - 1) / splits + 31) / 32 * 32;
    const int begin = min(keysSeen, split * chunk);
    return {begin, min(keysSeen, begin + chunk)};
}

// Split-K blocks serve S query heads of one KV head together (S = 4, 2 or 1, the largest that
// divides heads / kvHeads), so each reads its slice of K and V once instead of S times: the 8B
// shape at a 16384-token depth decoded 151 tok/s with a block per query head (361 at depth 0).
template <int D, int S>
__device__ __forceinline__ void loadQueries(const float* q, int heads, int head0, int t, float (&query)[S][D])
{
    for (int i = threadIdx.x; i < S * D; i += blockDim.x)
        query[i / D][i % D] = __half2float(__float2half_rn(q[(int64_t(t) * heads + head0 + i / D) * D + i % D]));
    __syncthreads();
}

// score() for S queries against the lane's key: the key row is read once.
template <int D, int S>
__device__ __forceinline__ void scores(const float (&query)[S][D], const KvHead& kv, float scale, int first, int end,
                                       float (&out)[S])
{
    const int j = first + threadIdx.x % 32;
#pragma unroll
    for (int h = 0; h < S; ++h)
        out[h] = 0.0f;
    if (j >= end) {
#pragma unroll
        for (int h = 0; h < S; ++h)
            out[h] = -INFINITY;
        return;
    }
    const uint4* kr = reinterpret_cast<const uint4*>(kv.keys + j * kv.kvDim);
#pragma unroll
    for (int c = 0; c < D / 8; ++c) {
        const uint4 raw = kr[c];
        const __half2* hk = reinterpret_cast<const __half2*>(&raw);
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const float2 f = __half22float2(hk[i]);
#pragma unroll
            for (int h = 0; h < S; ++h)
                out[h] += f.x * query[h][8 * c + 2 * i] + f.y * query[h][8 * c + 2 * i + 1];
        }
    }
#pragma unroll
    for (int h = 0; h < S; ++h)
        out[h] *= scale;
}

// First launch: grid (heads / S, tokens, splits); stats[(t * heads + head) * splits + split] =
// (maximum, sum) of the split's keys for each of the block's heads.
template <int D, int S>
__global__ void splitStatsKernel(const float* q, int heads, int kvHeads, const __half* keys, const __half* values,
                                 const int32_t* start, float scale, float2* stats)
{
    waitForPreviousKernel();
    const int head0 = blockIdx.x * S, t = blockIdx.y, split = blockIdx.z, splits = gridDim.z;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int2 range = splitRange(*start + t + 1, split, splits);
    __shared__ float query[S][D];
    loadQueries<D, S>(q, heads, head0, t, query);
    const KvHead kv = kvHeadOf(keys, values, heads, kvHeads, head0, D);
    float m[S], l[S];
#pragma unroll
    for (int h = 0; h < S; ++h)
        m[h] = -INFINITY, l[h] = 0.0f;
    for (int first = range.x + warp * 32; first < range.y; first += kWarps * 32) {
        float sc[S];
        scores<D, S>(query, kv, scale, first, range.y, sc);
#pragma unroll
        for (int h = 0; h < S; ++h) {
            const float mNew = fmaxf(m[h], warpMaxAll(sc[h]));  // key `first` is always seen: finite
            l[h] = l[h] * expf(m[h] - mNew) + warpSumAll(expf(sc[h] - mNew));
            m[h] = mNew;
        }
    }
    __shared__ float warpMax[S][kWarps], warpSum[S][kWarps];
    if (lane == 0)
#pragma unroll
        for (int h = 0; h < S; ++h)
            warpMax[h][warp] = m[h], warpSum[h][warp] = l[h];
    __syncthreads();
    if (threadIdx.x < S)
        stats[(int64_t(t) * heads + head0 + threadIdx.x) * splits + split] =
            combineStats(warpMax[threadIdx.x], warpSum[threadIdx.x], kWarps, 1);
}

// Second launch: every split's statistics combined (so the probabilities are exactly those of the
// unsplit pass), then this split's weighted values into partial[((t * heads + head) * splits +
// split) * D] for each of the block's heads.
template <int D, int S>
__global__ void splitValuesKernel(const float* q, int heads, int kvHeads, const __half* keys, const __half* values,
                                  const int32_t* start, float scale, const float2* stats, float* partial)
{
    waitForPreviousKernel();
    constexpr int kPerLane = D / 32;
    const int head0 = blockIdx.x * S, t = blockIdx.y, split = blockIdx.z, splits = gridDim.z;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int2 range = splitRange(*start + t + 1, split, splits);
    __shared__ float query[S][D];
    loadQueries<D, S>(q, heads, head0, t, query);
    const KvHead kv = kvHeadOf(keys, values, heads, kvHeads, head0, D);
    float mAll[S], total[S];
#pragma unroll
    for (int h = 0; h < S; ++h) {
        const float* st = reinterpret_cast<const float*>(stats + (int64_t(t) * heads + head0 + h) * splits);
        const float2 all = combineStats(st, st + 1, splits, 2);
        mAll[h] = all.x, total[h] = all.y;
    }
    float acc[S][kPerLane] = {};
    for (int first = range.x + warp * 32; first < range.y; first += kWarps * 32) {
        float p[S];
        scores<D, S>(query, kv, scale, first, range.y, p);
#pragma unroll
        for (int h = 0; h < S; ++h)
            p[h] = __half2float(__float2half_rn(expf(p[h] - mAll[h]) / total[h]));
        const int count = min(32, range.y - first);
        const __half* vr = kv.values + int64_t(first) * kv.kvDim + lane * kPerLane;
#pragma unroll 4
        for (int k = 0; k < count; ++k) {
            float v[kPerLane];
            loadHalves<kPerLane>(vr + k * kv.kvDim, v);
#pragma unroll
            for (int h = 0; h < S; ++h) {
                const float pk = __shfl_sync(0xffffffffu, p[h], k);
#pragma unroll
                for (int i = 0; i < kPerLane; ++i)
                    acc[h][i] += pk * v[i];
            }
        }
    }
    __shared__ float warpAcc[kWarps][S * D];
#pragma unroll
    for (int h = 0; h < S; ++h)
#pragma unroll
        for (int i = 0; i < kPerLane; ++i)
            warpAcc[warp][h * D + lane * kPerLane + i] = acc[h][i];
    __syncthreads();
    for (int d = threadIdx.x; d < S * D; d += blockDim.x) {
        float v = 0;
#pragma unroll
        for (int w = 0; w < kWarps; ++w)
            v += warpAcc[w][d];
        partial[((int64_t(t) * heads + head0 + d / D) * splits + split) * D + d % D] = v;
    }
}

// Third launch: out[t][head][d] = sum of the splits' partial outputs; grid (heads, tokens), headDim threads.
__global__ void splitReduceKernel(const float* partial, int splits, int headDim, float* out)
{
    waitForPreviousKernel();
    const int64_t row = int64_t(blockIdx.y) * gridDim.x + blockIdx.x;
    float v = 0;
    for (int s = 0; s < splits; ++s)
        v += partial[(row * splits + s) * headDim + threadIdx.x];
    out[row * headDim + threadIdx.x] = v;
}

template <int D>
void launchAttention(const float* q, int tokens, int heads, int kvHeads, const __half* k, const __half* v,
                     const int32_t* start, float scale, float* out, const AttentionSplits& splits, cudaStream_t stream)
{
    if (splits.count <= 1) {
        launchKernel(attentionKernel<D>, dim3(heads, tokens), 32 * kWarps, 0, stream, q, heads, kvHeads, k, v, start,
                     scale, out);
        return;
    }
    auto* stats = reinterpret_cast<float2*>(splits.stats);
    const int group = heads / kvHeads;
    const auto run = [&](auto perBlock) {
        constexpr int kPerBlock = decltype(perBlock)::value;
        const dim3 grid(heads / kPerBlock, tokens, splits.count);
        launchKernel(splitStatsKernel<D, kPerBlock>, grid, 32 * kWarps, 0, stream, q, heads, kvHeads, k, v, start,
                     scale, stats);
        launchKernel(splitValuesKernel<D, kPerBlock>, grid, 32 * kWarps, 0, stream, q, heads, kvHeads, k, v, start,
                     scale, stats, splits.partial);
    };
    if (group % 4 == 0)
        run(std::integral_constant<int, 4>{});
    else if (group % 2 == 0)
        run(std::integral_constant<int, 2>{});
    else
        run(std::integral_constant<int, 1>{});
    launchKernel(splitReduceKernel, dim3(heads, tokens), D, 0, stream, splits.partial, splits.count, D, out);
}

}  // namespace

int attentionSplitsFor(uint32_t capacity, int tokens)
{
    // About 128 keys per slice (one round of 32 keys per warp) up to 64 slices: 8B shape at a
    // 4096-token depth (32 heads), tg64 194 tok/s with 8 slices of 512 keys, against 325 at depth 0.
    // Below 1024 positions (or for more than one token, where the (head, token) blocks are many
    // already) one pass is as fast and saves two launches.
    if (tokens > kMaxSplitTokens || capacity < 1024)
        return 1;
    return int(std::min<uint32_t>(kMaxAttentionSplits, capacity / 128));
}

size_t attentionSplitFloats(int heads, int headDim)
{
    return size_t(kMaxSplitTokens) * size_t(heads) * kMaxAttentionSplits * size_t(headDim + 2);
}

void attention(const float* q, int tokens, int heads, int kvHeads, int headDim, const uint16_t* keyCache,
               const uint16_t* valueCache, const int32_t* start, float scale, float* out, const AttentionSplits& splits,
               cudaStream_t stream)
{
    if (splits.count > kMaxAttentionSplits || (splits.count > 1 && (tokens > kMaxSplitTokens || !splits.stats)))
        throw Error("internal: split-K attention takes 1 to " + std::to_string(kMaxAttentionSplits)
                    + " splits for up to " + std::to_string(kMaxSplitTokens) + " tokens, with scratch");
    // From 16 queries on, tensor cores (8B shape, 512 tokens: 779 µs per layer with a block per query).
    if (splits.count <= 1 && tokens >= 16
        && attentionPrefillTensorCores(q, tokens, heads, kvHeads, headDim, keyCache, valueCache, start, scale, out,
                                       stream))
        return;
    const auto* k = reinterpret_cast<const __half*>(keyCache);
    const auto* v = reinterpret_cast<const __half*>(valueCache);
    switch (headDim) {
    case 64: launchAttention<64>(q, tokens, heads, kvHeads, k, v, start, scale, out, splits, stream); break;
    case 128: launchAttention<128>(q, tokens, heads, kvHeads, k, v, start, scale, out, splits, stream); break;
    case 256: launchAttention<256>(q, tokens, heads, kvHeads, k, v, start, scale, out, splits, stream); break;
    default: throw Error("CUDA: attention supports head sizes 64, 128 and 256, not " + std::to_string(headDim));
    }
}

}  // namespace strata::cuda
