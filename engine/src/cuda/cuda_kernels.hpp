// Launchers of the CUDA backend's kernels. Pointers are device pointers; every launcher enqueues on
// `stream` and returns at once. Matrices keep their GGUF block layout (row r at data + r*rowStride).
// Positions come from device memory (`start`), so one captured decode graph serves every token.
#pragma once

#include "strata/gguf/ggml_type.hpp"

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <span>

namespace strata::cuda {

struct DeviceMatrix {
    gguf::GgmlType type = gguf::GgmlType::F32;
    const std::byte* data = nullptr;
    int64_t rows = 0;
    int64_t cols = 0;
    size_t rowStride = 0;
};

// Activations quantized to int8 in blocks of 32 (one scale each), as the integer kernels read them.
// `sums` holds scale * sum(q) per block, which the K-quants' minimum terms need.
struct Q8Activations {
    int8_t* q = nullptr;
    float* scales = nullptr;
    float* sums = nullptr;
};

// The tensor-core tiles address their input rows with 32-bit offsets (64-bit ones cost registers the
// tiles spill); larger inputs (rows x columns) take the dp4a kernels.
constexpr int64_t kTensorCoreMaxInput = int64_t(1) << 31;

// True for the weight types whose products run on int8 activations (dp4a); the others (F32, F16,
// BF16) read f32 activations, rounded to the weight's own type as ggml (and the CPU backend) does.
bool usesQ8Activations(gguf::GgmlType type);

// How activations are rounded to int8, chosen per weight type to give the CPU backend's (and
// llama.cpp's CPU) bytes: Q8_0 for Q8_0/Q4_0 (one f16 scale per 32 values, amax / 127), Q8_K for
// the K-quants (one f32 scale per 256 values from the signed maximum). Either way the kernels read
// one scale per 32 values (a Q8_K scale is repeated 8 times).
enum class Q8Format { Q8_0, Q8_K };
Q8Format q8FormatFor(gguf::GgmlType type);
// Whether the CUDA kernels compute with this type at all, and the column multiple it needs.
bool cudaSupportsType(gguf::GgmlType type);
int64_t columnMultiple(gguf::GgmlType type);

// q8 <- x: `rows` rows of `cols` floats (cols a multiple of 32; of 256 for Q8_K).
void quantizeQ8(const float* x, int rows, int64_t cols, Q8Format format, Q8Activations q8, cudaStream_t stream);

// y[t][r] (+)= sum_c W[r][c] * x[t][c] for t < tokens; y rows are `ldy` floats apart. `x` is the f32
// input (used by F32/F16/BF16 weights), `q8` its int8 quantization (used by the others); only the
// one the type needs must be valid. accumulate: add to y (the residual) instead of storing.
void matmul(const DeviceMatrix& w, const float* x, const Q8Activations& q8, int tokens, float* y, int64_t ldy,
            bool accumulate, cudaStream_t stream);

// The same for 1 to 3 matrices of one type and row length on the same input, in one launch.
struct MatmulTarget {
    const DeviceMatrix* w;
    float* y;
    int64_t ldy;
};
void matmul(std::span<const MatmulTarget> targets, const float* x, const Q8Activations& q8, int tokens, bool accumulate,
            cudaStream_t stream);

// out[t] = dequantized row ids[t] of `table` (the token embedding), for t < tokens.
void embedRows(const DeviceMatrix& table, const int32_t* ids, int tokens, float* out, cudaStream_t stream);

// out = x / sqrt(mean(x^2) + eps) * weight, row by row; out may alias x.
void rmsNorm(const float* x, const float* weight, float* out, int rows, int n, float eps, cudaStream_t stream);

// rmsNorm, then `out` quantized to int8 in `format` (rows of n values; n a multiple of its block).
void rmsNormQuantize(const float* x, const float* weight, float* out, int rows, int n, float eps, Q8Format format,
                     const Q8Activations& q8, cudaStream_t stream);

struct RopeDeviceParams {
    int nDims = 0;
    bool neox = false;
    float thetaScale = 1.0f;  // freqBase^(-2/nDims)
    float freqScale = 1.0f;
    float extFactor = 0.0f;
    float attnFactor = 1.0f;  // magnitude scale, YaRN's log term already folded in when extFactor != 0
    float corrLow = 0.0f, corrHigh = 0.0f;
};

// Rotates token t's heads at position *start + t, in place: q (qHeads) and k (kHeads) rows are
// `qStride` / `kStride` floats apart per token.
void rope(float* q, int qHeads, int64_t qStride, float* k, int kHeads, int64_t kStride, int headDim, int tokens,
          const int32_t* start, const RopeDeviceParams& p, cudaStream_t stream);

// Writes the k and v rows of `tokens` tokens as f16 into one layer's cache at *start + t.
void storeKv(const float* k, const float* v, int tokens, int kvDim, const int32_t* start, uint16_t* keyCache,
             uint16_t* valueCache, cudaStream_t stream);

// Per-head RMS norm weights of q and k (qwen3), applied before RoPE; null: none.
struct HeadNorms {
    const float* q = nullptr;
    const float* k = nullptr;
    float eps = 0.0f;
};

// rope on q (in place), and k rotated and v stored as f16 into the cache at *start + t: what rope
// then storeKv do, in one launch (k itself is left as it was). With `norms`, q and k heads are
// first normalized as rmsNorm over rows of headDim would (bit for bit).
void ropeStoreKv(float* q, int qHeads, int64_t qStride, const float* k, const float* v, int kvHeads, int64_t kvStride,
                 int headDim, int tokens, const int32_t* start, const RopeDeviceParams& p, uint16_t* keyCache,
                 uint16_t* valueCache, cudaStream_t stream, const HeadNorms& norms = {});

// Split-K (flash-decoding) attention for one token over a long cache: `count` slices of the keys
// run as separate blocks. `stats` and `partial` are device scratch of attentionSplitFloats floats
// (stats first, partial at stats + 2 * kMaxSplitTokens * heads * kMaxAttentionSplits). count 1: one
// block per (head, token), no scratch needed.
constexpr int kMaxAttentionSplits = 64;
constexpr int kMaxSplitTokens = 1;
struct AttentionSplits {
    int count = 1;
    float* stats = nullptr;
    float* partial = nullptr;
};
// The split count for `tokens` tokens over a cache of `capacity` positions (fixed per capacity, so
// one captured decode graph serves every position: slices shrink or stay empty at short lengths).
int attentionSplitsFor(uint32_t capacity, int tokens);
size_t attentionSplitFloats(int heads, int headDim);

// Causal attention over an f16 cache: token t's query head h sees positions 0 ... *start + t.
void attention(const float* q, int tokens, int heads, int kvHeads, int headDim, const uint16_t* keyCache,
               const uint16_t* valueCache, const int32_t* start, float scale, float* out, const AttentionSplits& splits,
               cudaStream_t stream);
inline void attention(const float* q, int tokens, int heads, int kvHeads, int headDim, const uint16_t* keyCache,
                      const uint16_t* valueCache, const int32_t* start, float scale, float* out, cudaStream_t stream)
{
    attention(q, tokens, heads, kvHeads, headDim, keyCache, valueCache, start, scale, out, AttentionSplits{}, stream);
}

void addBias(float* x, const float* bias, int rows, int n, cudaStream_t stream);
// y[i] += x[i] for n values (the hybrid backend adds the CPU experts' share to the residual).
void addTo(float* y, const float* x, int64_t n, cudaStream_t stream);
void swiglu(const float* gate, const float* up, float* out, int64_t n, cudaStream_t stream);
// swiglu, then `out` (rows of n values) quantized to int8 in `format`.
void swigluQuantize(const float* gate, const float* up, float* out, int rows, int64_t n, Q8Format format,
                    const Q8Activations& q8, cudaStream_t stream);

// Read bandwidth of device memory: GB/s of a kernel that reads `bytes` once (the best of `reps`).
double measureReadBandwidth(size_t bytes, int reps);

}  // namespace strata::cuda
