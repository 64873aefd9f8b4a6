// Causal attention for a batch of queries (prefill) on tensor cores, with the same two passes and
// the same roundings as the one-block-per-query kernel (cuda_attention.cu): queries rounded to
// f16, scores q.k summed in f32 (f16 MMA), the softmax's maximum and sum first, then probabilities
// rounded to f16 before they weight the values (f16 MMA, f32 sums).
//
// A block takes one head and 64 queries (4 warps of 16); keys come in tiles of 32 through shared
// memory, K as it lies in the cache and V transposed (the MMA's B operand wants values of one
// dimension side by side). The first pass keeps per-row running maxima and sums; the second
// recomputes the scores and turns them into probabilities in registers: the accumulator layout of
// S (rows g and g + 8, keys 2t and 2t + 1 of each 8-key piece) is the A-operand layout of P.V, so
// P never goes through shared memory.
#include "cuda_attention_prefill.hpp"

#include "cuda_check.hpp"
#include "cuda_launch.cuh"

#include <cuda_fp16.h>

#include <cmath>

namespace strata::cuda {
namespace {

constexpr int kQueries = 64;
constexpr int kKeys = 32;
constexpr int kThreads = 128;
constexpr int kPad = 8;  // halves of padding per shared row: fragment loads hit 8 bank quads, not 1

__device__ __forceinline__ void mmaF16(float (&c)[4], const unsigned (&a)[4], unsigned b0, unsigned b1)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
#endif
}

__device__ __forceinline__ unsigned word(const __half* p)
{
    return *reinterpret_cast<const unsigned*>(p);
}

__device__ __forceinline__ unsigned pack(float lo, float hi)
{
    const __half2 h = __floats2half2_rn(lo, hi);
    return *reinterpret_cast<const unsigned*>(&h);
}

template <int D>
struct Tiles {
    __half q[kQueries][D + kPad];
    __half k[kKeys][D + kPad];
    __half vt[D][kKeys + kPad];
};

template <int D>
__global__ void __launch_bounds__(kThreads)
    attentionPrefillKernel(const float* q, int tokens, int heads, int kvHeads, const __half* keys, const __half* values,
                           const int32_t* start, float scale, float* out)
{
    waitForPreviousKernel();
    __shared__ __align__(16) Tiles<D> s;
    const int head = blockIdx.x, t0 = blockIdx.y * kQueries;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, gid = lane / 4, tid = lane % 4;
    const int64_t kvDim = int64_t(kvHeads) * D;
    const __half* kHead = keys + int64_t(head / (heads / kvHeads)) * D;
    const __half* vHead = values + int64_t(head / (heads / kvHeads)) * D;
    const int first = *start;
    const int lastToken = min(t0 + kQueries, tokens) - 1;
    const int keysEnd = first + lastToken + 1;  // the keys this block's queries see, all written

    for (int e = threadIdx.x; e < kQueries * D / 4; e += kThreads) {
        const int r = e / (D / 4), c = (e % (D / 4)) * 4;
        const int t = min(t0 + r, tokens - 1);
        const float4 v = *reinterpret_cast<const float4*>(q + (int64_t(t) * heads + head) * D + c);
        reinterpret_cast<__half2*>(&s.q[r][c])[0] = __floats2half2_rn(v.x, v.y);
        reinterpret_cast<__half2*>(&s.q[r][c])[1] = __floats2half2_rn(v.z, v.w);
    }
    __syncthreads();
    // This warp's 16 queries as A fragments, for every 16 dimensions; rows past the batch repeat
    // the last query (not stored).
    const int row = warp * 16 + gid;
    unsigned qa[D / 16][4];
#pragma unroll
    for (int kc = 0; kc < D / 16; ++kc) {
        const int c = kc * 16 + 2 * tid;
        qa[kc][0] = word(&s.q[row][c]), qa[kc][1] = word(&s.q[row + 8][c]);
        qa[kc][2] = word(&s.q[row][c + 8]), qa[kc][3] = word(&s.q[row + 8][c + 8]);
    }
    const int visible[2] = {first + min(t0 + row, lastToken), first + min(t0 + row + 8, lastToken)};

    // K (and V transposed) of keys key0 ... key0 + 31 into shared memory; keys past keysEnd are
    // zero (never-written cache could hold NaN, and 0 * NaN would reach the sums).
    const auto loadTile = [&](int key0, bool withValues) {
        __syncthreads();
        for (int e = threadIdx.x; e < kKeys * D / 8; e += kThreads) {
            const int key = e % kKeys, c = (e / kKeys) * 8;
            const bool live = key0 + key < keysEnd;
            const int64_t at = int64_t(key0 + key) * kvDim + c;
            const uint4 zero = make_uint4(0, 0, 0, 0);
            *reinterpret_cast<uint4*>(&s.k[key][c]) = live ? *reinterpret_cast<const uint4*>(kHead + at) : zero;
            if (withValues) {
                const uint4 raw = live ? *reinterpret_cast<const uint4*>(vHead + at) : zero;
                const __half* h = reinterpret_cast<const __half*>(&raw);
#pragma unroll
                for (int i = 0; i < 8; ++i)
                    s.vt[c + i][key] = h[i];
            }
        }
        __syncthreads();
    };
    // Scores of this warp's queries against the tile: sc[n][i] is key key0 + 8n + 2 tid + (i & 1)
    // for row g (i < 2) or g + 8; -inf where the key is in the query's future.
    const auto scores = [&](int key0, float(&sc)[kKeys / 8][4]) {
#pragma unroll
        for (int n = 0; n < kKeys / 8; ++n) {
            sc[n][0] = sc[n][1] = sc[n][2] = sc[n][3] = 0.0f;
#pragma unroll
            for (int kc = 0; kc < D / 16; ++kc) {
                const int c = kc * 16 + 2 * tid;
                mmaF16(sc[n], qa[kc], word(&s.k[n * 8 + gid][c]), word(&s.k[n * 8 + gid][c + 8]));
            }
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                const int key = key0 + n * 8 + 2 * tid + (i & 1);
                sc[n][i] = key <= visible[i / 2] ? sc[n][i] * scale : -INFINITY;
            }
        }
    };

    // Pass 1: running maximum and sum per row, over this lane's keys, then over the quad's lanes.
    float m[2] = {-INFINITY, -INFINITY}, l[2] = {0.0f, 0.0f};
    for (int key0 = 0; key0 < keysEnd; key0 += kKeys) {
        loadTile(key0, false);
        float sc[kKeys / 8][4];
        scores(key0, sc);
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            float tileMax = -INFINITY;
#pragma unroll
            for (int n = 0; n < kKeys / 8; ++n)
                tileMax = fmaxf(tileMax, fmaxf(sc[n][2 * h], sc[n][2 * h + 1]));
            const float mNew = fmaxf(m[h], tileMax);
            if (mNew == -INFINITY)
                continue;  // no key of this tile is visible to the row (yet)
            float sum = 0;
#pragma unroll
            for (int n = 0; n < kKeys / 8; ++n)
                sum += expf(sc[n][2 * h] - mNew) + expf(sc[n][2 * h + 1] - mNew);
            l[h] = l[h] * expf(m[h] - mNew) + sum;
            m[h] = mNew;
        }
    }
#pragma unroll
    for (int h = 0; h < 2; ++h)
#pragma unroll
        for (int o = 1; o <= 2; o <<= 1) {
            const float mo = __shfl_xor_sync(0xffffffffu, m[h], o), lo = __shfl_xor_sync(0xffffffffu, l[h], o);
            const float mNew = fmaxf(m[h], mo);
            l[h] =
                (m[h] == -INFINITY ? 0.0f : l[h] * expf(m[h] - mNew)) + (mo == -INFINITY ? 0.0f : lo * expf(mo - mNew));
            m[h] = mNew;
        }

    // Pass 2: probabilities rounded to f16, weighting the values.
    float acc[D / 8][4] = {};
    for (int key0 = 0; key0 < keysEnd; key0 += kKeys) {
        loadTile(key0, true);
        float sc[kKeys / 8][4];
        scores(key0, sc);
#pragma unroll
        for (int kc = 0; kc < kKeys / 16; ++kc) {
            float p[2][4];
#pragma unroll
            for (int j = 0; j < 2; ++j)
#pragma unroll
                for (int i = 0; i < 4; ++i)
                    p[j][i] = expf(sc[2 * kc + j][i] - m[i / 2]) / l[i / 2];
            const unsigned pa[4] = {pack(p[0][0], p[0][1]), pack(p[0][2], p[0][3]), pack(p[1][0], p[1][1]),
                                    pack(p[1][2], p[1][3])};
#pragma unroll
            for (int dn = 0; dn < D / 8; ++dn) {
                const int c = kc * 16 + 2 * tid;
                mmaF16(acc[dn], pa, word(&s.vt[dn * 8 + gid][c]), word(&s.vt[dn * 8 + gid][c + 8]));
            }
        }
    }
#pragma unroll
    for (int dn = 0; dn < D / 8; ++dn)
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const int t = t0 + row + (i / 2) * 8;
            if (t < tokens)
                out[(int64_t(t) * heads + head) * D + dn * 8 + 2 * tid + (i & 1)] = acc[dn][i];
        }
}

}  // namespace

bool attentionPrefillTensorCores(const float* q, int tokens, int heads, int kvHeads, int headDim,
                                 const uint16_t* keyCache, const uint16_t* valueCache, const int32_t* start,
                                 float scale, float* out, cudaStream_t stream)
{
    int device = 0, major = 0;
    check(cudaGetDevice(&device), "reading the current device");
    check(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device), "reading the compute capability");
    if (major < 8 || (headDim != 64 && headDim != 128))
        return false;
    const dim3 grid(unsigned(heads), unsigned((tokens + kQueries - 1) / kQueries));
    const auto* k = reinterpret_cast<const __half*>(keyCache);
    const auto* v = reinterpret_cast<const __half*>(valueCache);
    if (headDim == 64)
        launchKernelAfterPrevious(attentionPrefillKernel<64>, grid, kThreads, 0, stream, q, tokens, heads, kvHeads, k,
                                  v, start, scale, out);
    else
        launchKernelAfterPrevious(attentionPrefillKernel<128>, grid, kThreads, 0, stream, q, tokens, heads, kvHeads, k,
                                  v, start, scale, out);
    return true;
}

}  // namespace strata::cuda
