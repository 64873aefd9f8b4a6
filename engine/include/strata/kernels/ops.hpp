// f32 element-wise and row operations of a transformer layer. Pure functions over spans; the
// vectorised ones (rmsNorm, softmax, silu, swiglu) dispatch through defaultKernels(), and the
// KernelTable entries of the same name let tests run each variant.
#pragma once

#include <cstdint>
#include <vector>

namespace strata::kernels {

// out = x / sqrt(mean(x^2) + eps) * weight (weight may be null: no scaling). out may alias x.
void rmsNorm(const float* x, const float* weight, float* out, int64_t n, float eps);

// In place: x = softmax(x * scale + mask); mask may be null (entries of -inf give exact zeros).
// Stable: subtracts the row maximum first. A row that is all -inf becomes all zeros.
void softmax(float* x, int64_t n, float scale = 1.0f, const float* mask = nullptr);

void silu(const float* x, float* out, int64_t n);                        // x * sigmoid(x)
void swiglu(const float* gate, const float* up, float* out, int64_t n);  // silu(gate) * up
void add(const float* a, const float* b, float* out, int64_t n);
void mul(const float* a, const float* b, float* out, int64_t n);
void scale(float* x, int64_t n, float s);

// Index of the largest value (the first on ties; NaN is never chosen unless all are NaN). n > 0.
int64_t argmax(const float* x, int64_t n);
// Indices of the k largest values, largest first (ties: lower index first). k <= n.
void topK(const float* x, int64_t n, int64_t k, int64_t* indices);

// Rotary position embedding as llama.cpp computes it (ggml_rope_ext).
struct RopeParams {
    int nDims = 0;      // rotated dimensions per head (<= head size; the rest pass through)
    bool neox = false;  // false: pairs (2i, 2i+1); true: pairs (i, i + nDims/2)
    float freqBase = 10000.0f;
    float freqScale = 1.0f;  // 1 / linear scaling factor
    // YaRN: extFactor > 0 blends interpolation and extrapolation per dimension between the
    // correction dims given by betaFast/betaSlow and nCtxOrig; attnFactor scales the magnitude.
    float extFactor = 0.0f;
    float attnFactor = 1.0f;
    float betaFast = 32.0f;
    float betaSlow = 1.0f;
    int nCtxOrig = 0;
    const float* freqFactors = nullptr;  // optional per-pair divisors of theta (nDims/2 values)
};

// Rotates nHeads heads of headSize floats each (contiguous) in place for position pos.
void rope(float* x, int64_t headSize, int64_t nHeads, int64_t pos, const RopeParams& p);

// One position's rotation, per dimension pair: the cosine and sine of its angle times the
// magnitude factor. They depend on the position alone, so one computation serves every head of
// every layer (rope() computes them on each call: 64 sines and cosines per call at 128 dims).
struct RopeAngles {
    std::vector<float> cos, sin;
};
void ropeAngles(int64_t pos, const RopeParams& p, RopeAngles& out);
// rope() with the angles ropeAngles gave for the same position and parameters: the same bits.
void ropeWith(float* x, int64_t headSize, int64_t nHeads, const RopeAngles& a, const RopeParams& p);

}  // namespace strata::kernels
