// Causal attention for a batch of queries (prefill) on tensor cores, with the roundings of the
// one-block-per-query decode kernel (cuda_attention.cu) and the CPU: queries rounded to f16, scores
// q.k summed in f32 (f16 MMA), and probabilities normalised before they are rounded to f16 and
// weight the values (f16 MMA, f32 sums). Normalised needs the row's maximum and sum first, so the
// keys are read twice: a first pass of scores alone (K only) for them, a second for P.V.
//
// A one-pass online softmax (round exp(s - running max), divide by the sum at the end) is kept
// behind -DSTRATA_PREFILL_ATTENTION_TWO_PASSES=0: 1.5x faster on a 30K-token prompt of a 30B MoE
// (H200: 6665 against 4372 tok/s), but its different rounding moved whole-model logits by up to
// 0.43 (GPU against CPU, llama Q5_K, bound 0.416; 6e-6 with two passes) and 0.72 (hybrid against
// full GPU): BENCHMARKS, issue 21. Taking it means rounding the same way in decode and on the CPU.
//
// A block takes one head and 64 queries (4 warps of 16; see kWarps), longest causal spans first;
// keys come in tiles of 64 through shared memory, double-buffered with asynchronous copies so the
// next tile loads while this one is multiplied. K and V stay as they lie in the cache; ldmatrix
// hands K to the score MMA as its B operand and V, transposed on the way, to the P.V MMA. The
// accumulator layout of S (rows g and g + 8, keys 2t and 2t + 1 of each 8-key piece) is the
// A-operand layout of P.V, so P never goes through shared memory.
#include "cuda_attention_prefill.hpp"

#include "cuda_check.hpp"
#include "cuda_launch.cuh"

#include <cuda_fp16.h>

#include <cmath>

namespace strata::cuda {
namespace {

// Warps per block, each 16 queries; a compile-time knob so another count can be measured
// (-DSTRATA_PREFILL_ATTENTION_WARPS=8: twice the queries per copied tile, half the blocks per SM).
#ifndef STRATA_PREFILL_ATTENTION_WARPS
#define STRATA_PREFILL_ATTENTION_WARPS 4
#endif
constexpr int kWarps = STRATA_PREFILL_ATTENTION_WARPS;
// Two passes over the keys (see the top) or one, an online softmax: 0 to measure it.
#ifndef STRATA_PREFILL_ATTENTION_TWO_PASSES
#define STRATA_PREFILL_ATTENTION_TWO_PASSES 1
#endif
constexpr bool kTwoPasses = STRATA_PREFILL_ATTENTION_TWO_PASSES;
constexpr int kQueries = kWarps * 16;
constexpr int kKeys = 64;
constexpr int kThreads = kWarps * 32;
constexpr int kPad = 8;  // halves of padding per shared row: the 8 rows of an ldmatrix hit 8 bank quads

template <int D>
constexpr size_t sharedBytes()
{
    return 4 * size_t(kKeys) * (D + kPad) * sizeof(__half);  // K and V, two buffers each
}

__device__ __forceinline__ void mmaF16(float (&c)[4], const unsigned (&a)[4], unsigned b0, unsigned b1)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
#endif
}

// Four 8x8 f16 matrices from shared memory, lane l naming row l % 8 of matrix l / 8; `.trans`
// hands each lane a column pair instead of a row pair.
__device__ __forceinline__ void loadMatrices(unsigned (&r)[4], const __half* rowStart)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const auto at = static_cast<unsigned>(__cvta_generic_to_shared(rowStart));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(at));
#endif
}

__device__ __forceinline__ void loadMatricesTransposed(unsigned (&r)[4], const __half* rowStart)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const auto at = static_cast<unsigned>(__cvta_generic_to_shared(rowStart));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(at));
#endif
}

// 16 bytes global -> shared without the registers; zeros where !live (never-written cache could
// hold NaN, and 0 * NaN would reach the sums).
__device__ __forceinline__ void copyAsync16(__half* to, const __half* from, bool live)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const auto at = static_cast<unsigned>(__cvta_generic_to_shared(to));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(at), "l"(from), "r"(live ? 16 : 0));
#endif
}

__device__ __forceinline__ void commitCopies()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;");
#endif
}

template <int Pending>
__device__ __forceinline__ void waitCopies()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;" ::"n"(Pending));
#endif
}

__device__ __forceinline__ unsigned pack(float lo, float hi)
{
    const __half2 h = __floats2half2_rn(lo, hi);
    return *reinterpret_cast<const unsigned*>(&h);
}

template <int D>
__global__ void __launch_bounds__(kThreads)
    attentionPrefillKernel(const float* q, int tokens, int heads, int kvHeads, const __half* keys, const __half* values,
                           const int32_t* start, float scale, float* out)
{
    constexpr int kRow = D + kPad;  // halves per shared row
    constexpr int kTileHalves = kKeys * kRow;
    extern __shared__ __align__(16) __half tiles[];  // K buffer 0, K buffer 1, V buffer 0, V buffer 1

    const int head = blockIdx.x, t0 = int(gridDim.y - 1 - blockIdx.y) * kQueries;  // long spans start first
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, gid = lane / 4, tid = lane % 4;
    const int64_t kvDim = int64_t(kvHeads) * D;
    const __half* kHead = keys + int64_t(head / (heads / kvHeads)) * D;
    const __half* vHead = values + int64_t(head / (heads / kvHeads)) * D;
    waitForPreviousKernel();
    const int first = *start;
    const int lastToken = min(t0 + kQueries, tokens) - 1;
    const int keysEnd = first + lastToken + 1;  // the keys this block's queries see, all written
    const int tileCount = (keysEnd + kKeys - 1) / kKeys;

    // Steps: with kTwoPasses, tiles 0 .. tileCount - 1 twice (keys only, then keys and values);
    // otherwise once, keys and values.
    const int stepCount = kTwoPasses ? 2 * tileCount : tileCount;
    const auto loadStep = [&](int step, int buffer) {
        const int key0 = (step % tileCount) * kKeys;
        const bool withValues = !kTwoPasses || step >= tileCount;
        for (int e = threadIdx.x; e < kKeys * D / 8; e += kThreads) {
            const int key = e / (D / 8), c = (e % (D / 8)) * 8;
            const bool live = key0 + key < keysEnd;
            const int64_t at = int64_t(live ? key0 + key : 0) * kvDim + c;
            copyAsync16(tiles + buffer * kTileHalves + key * kRow + c, kHead + at, live);
            if (withValues)
                copyAsync16(tiles + (2 + buffer) * kTileHalves + key * kRow + c, vHead + at, live);
        }
        commitCopies();
    };
    loadStep(0, 0);

    // This warp's 16 queries as A fragments for every 16 dimensions, read while the first tile
    // loads; rows past the batch repeat the last query (not stored).
    const int row = warp * 16 + gid;
    const int rowToken[2] = {min(t0 + row, tokens - 1), min(t0 + row + 8, tokens - 1)};
    const float* qRow[2] = {q + (int64_t(rowToken[0]) * heads + head) * D,
                            q + (int64_t(rowToken[1]) * heads + head) * D};
    unsigned qa[D / 16][4];
#pragma unroll
    for (int kc = 0; kc < D / 16; ++kc) {
        const int c = kc * 16 + 2 * tid;
        const float2 a0 = *reinterpret_cast<const float2*>(qRow[0] + c);
        const float2 a1 = *reinterpret_cast<const float2*>(qRow[1] + c);
        const float2 a2 = *reinterpret_cast<const float2*>(qRow[0] + c + 8);
        const float2 a3 = *reinterpret_cast<const float2*>(qRow[1] + c + 8);
        qa[kc][0] = pack(a0.x, a0.y), qa[kc][1] = pack(a1.x, a1.y);
        qa[kc][2] = pack(a2.x, a2.y), qa[kc][3] = pack(a3.x, a3.y);
    }
    const int visible[2] = {first + rowToken[0], first + rowToken[1]};
    const float scaleLog2 = scale * 1.4426950408889634f;  // exp(x) = exp2(x log2 e)

    // Per row (g: h = 0, g + 8: h = 1): the running maximum of the scores (log2 units, the same in
    // the quad's four lanes) and this lane's share of the sum under it: of the exact exponentials
    // (two passes) or of the rounded probabilities (one pass).
    float m[2] = {-INFINITY, -INFINITY}, l[2] = {0.0f, 0.0f};
    float acc[D / 8][4] = {};
    for (int step = 0; step < stepCount; ++step) {
        const int buffer = step & 1;
        if (step + 1 < stepCount) {
            loadStep(step + 1, buffer ^ 1);
            waitCopies<1>();
        } else {
            waitCopies<0>();
        }
        __syncthreads();
        const __half* kt = tiles + buffer * kTileHalves;
        const __half* vt = tiles + (2 + buffer) * kTileHalves;
        const int key0 = (step % tileCount) * kKeys;
        const bool firstPass = kTwoPasses && step < tileCount;

        // Scores: sc[n][i] is key key0 + 8n + 2 tid + (i & 1) for row g (i < 2) or g + 8.
        float sc[kKeys / 8][4] = {};
#pragma unroll
        for (int kc = 0; kc < D / 16; ++kc)
#pragma unroll
            for (int n = 0; n < kKeys / 8; n += 2) {
                unsigned b[4];  // pieces n and n + 1, dimensions kc * 16 + 0..7 and 8..15
                loadMatrices(b, kt + (n * 8 + (lane / 16) * 8 + lane % 8) * kRow + kc * 16 + ((lane / 8) % 2) * 8);
                mmaF16(sc[n], qa[kc], b[0], b[1]);
                mmaF16(sc[n + 1], qa[kc], b[2], b[3]);
            }
        float tileMax[2] = {-INFINITY, -INFINITY};
#pragma unroll
        for (int n = 0; n < kKeys / 8; ++n)
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                const int key = key0 + n * 8 + 2 * tid + (i & 1);
                sc[n][i] = key <= visible[i / 2] ? sc[n][i] * scaleLog2 : -INFINITY;
                tileMax[i / 2] = fmaxf(tileMax[i / 2], sc[n][i]);
            }
        if (kTwoPasses && !firstPass) {
            if (step == tileCount)  // m and l are final: the quad's sum once
#pragma unroll
                for (int h = 0; h < 2; ++h) {
                    l[h] += __shfl_xor_sync(0xffffffffu, l[h], 1);
                    l[h] += __shfl_xor_sync(0xffffffffu, l[h], 2);
                }
        } else {
            // Key 0 is in tile 0 and visible to every row, so m is finite from there on.
#pragma unroll
            for (int h = 0; h < 2; ++h) {
                tileMax[h] = fmaxf(tileMax[h], __shfl_xor_sync(0xffffffffu, tileMax[h], 1));
                tileMax[h] = fmaxf(tileMax[h], __shfl_xor_sync(0xffffffffu, tileMax[h], 2));
                const float mNew = fmaxf(m[h], tileMax[h]);
                const float rescale = exp2f(m[h] - mNew);
                m[h] = mNew;
                l[h] *= rescale;
                if (firstPass) {
#pragma unroll
                    for (int n = 0; n < kKeys / 8; ++n)
                        l[h] += exp2f(sc[n][2 * h] - mNew) + exp2f(sc[n][2 * h + 1] - mNew);
                } else {
#pragma unroll
                    for (int dn = 0; dn < D / 8; ++dn)
                        acc[dn][2 * h] *= rescale, acc[dn][2 * h + 1] *= rescale;
                }
            }
            if (firstPass) {
                __syncthreads();  // the next step's copy refills the other buffer
                continue;
            }
        }

#pragma unroll
        for (int kc = 0; kc < kKeys / 16; ++kc) {
            unsigned pa[4];
#pragma unroll
            for (int j = 0; j < 2; ++j)
#pragma unroll
                for (int h = 0; h < 2; ++h) {
                    const float* s = sc[2 * kc + j];
                    if (kTwoPasses) {  // normalised, then rounded: as the decode kernel rounds
                        pa[2 * j + h] = pack(exp2f(s[2 * h] - m[h]) / l[h], exp2f(s[2 * h + 1] - m[h]) / l[h]);
                    } else {
                        pa[2 * j + h] = pack(exp2f(s[2 * h] - m[h]), exp2f(s[2 * h + 1] - m[h]));
                        const float2 rounded = __half22float2(*reinterpret_cast<const __half2*>(&pa[2 * j + h]));
                        l[h] += rounded.x + rounded.y;  // the weights the values get, so they sum to 1
                    }
                }
#pragma unroll
            for (int dn = 0; dn < D / 8; dn += 2) {
                unsigned b[4];  // keys kc * 16 + 0..7 and 8..15, dimension pieces dn and dn + 1
                loadMatricesTransposed(b,
                                       vt + (kc * 16 + ((lane / 8) % 2) * 8 + lane % 8) * kRow + (dn + lane / 16) * 8);
                mmaF16(acc[dn], pa, b[0], b[1]);
                mmaF16(acc[dn + 1], pa, b[2], b[3]);
            }
        }
        __syncthreads();  // the next step's copy refills the other buffer
    }
    if (!kTwoPasses)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            l[h] += __shfl_xor_sync(0xffffffffu, l[h], 1);
            l[h] += __shfl_xor_sync(0xffffffffu, l[h], 2);
        }
#pragma unroll
    for (int dn = 0; dn < D / 8; ++dn)
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const int t = t0 + row + (i / 2) * 8;
            if (t < tokens)
                out[(int64_t(t) * heads + head) * D + dn * 8 + 2 * tid + (i & 1)] =
                    kTwoPasses ? acc[dn][i] : acc[dn][i] / l[i / 2];
        }
}

template <int D>
void launchPrefill(const float* q, int tokens, int heads, int kvHeads, const __half* k, const __half* v,
                   const int32_t* start, float scale, float* out, cudaStream_t stream)
{
    // Above the 48 KiB a kernel gets without asking (D = 128: 68 KiB).
    check(cudaFuncSetAttribute(attentionPrefillKernel<D>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               int(sharedBytes<D>())),
          "allowing prefill attention its shared memory");
    const dim3 grid(unsigned(heads), unsigned((tokens + kQueries - 1) / kQueries));
    launchKernelAfterPrevious(attentionPrefillKernel<D>, grid, kThreads, sharedBytes<D>(), stream, q, tokens, heads,
                              kvHeads, k, v, start, scale, out);
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
    const auto* k = reinterpret_cast<const __half*>(keyCache);
    const auto* v = reinterpret_cast<const __half*>(valueCache);
    if (headDim == 64)
        launchPrefill<64>(q, tokens, heads, kvHeads, k, v, start, scale, out, stream);
    else
        launchPrefill<128>(q, tokens, heads, kvHeads, k, v, start, scale, out, stream);
    return true;
}

}  // namespace strata::cuda
