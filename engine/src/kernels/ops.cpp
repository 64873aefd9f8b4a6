// Scalar f32 ops (the reference for the vectorised ones) and the public entry points.
#include "strata/kernels/ops.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <vector>

#include "kernels/dot_variants.hpp"
#include "strata/core/error.hpp"

namespace strata::kernels {

namespace {

void rmsNormScalar(const float* x, const float* weight, float* out, int64_t n, float eps)
{
    float sum = 0;
    for (int64_t i = 0; i < n; ++i)
        sum += x[i] * x[i];
    const float inv = 1.0f / std::sqrt(sum / float(n) + eps);
    for (int64_t i = 0; i < n; ++i)
        out[i] = x[i] * inv * (weight ? weight[i] : 1.0f);
}

void softmaxScalar(float* x, int64_t n, float scale, const float* mask)
{
    float max = -std::numeric_limits<float>::infinity();
    for (int64_t i = 0; i < n; ++i) {
        x[i] = x[i] * scale + (mask ? mask[i] : 0.0f);
        max = std::max(max, x[i]);
    }
    if (max == -std::numeric_limits<float>::infinity()) {
        std::fill(x, x + n, 0.0f);  // nothing may be attended to: no probability mass anywhere
        return;
    }
    float sum = 0;
    for (int64_t i = 0; i < n; ++i) {
        x[i] = std::exp(x[i] - max);
        sum += x[i];
    }
    const float inv = 1.0f / sum;
    for (int64_t i = 0; i < n; ++i)
        x[i] *= inv;
}

void siluScalar(const float* x, float* out, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        out[i] = x[i] / (1.0f + std::exp(-x[i]));
}

void swigluScalar(const float* gate, const float* up, float* out, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        out[i] = gate[i] / (1.0f + std::exp(-gate[i])) * up[i];
}

// YaRN's correction dimension: the rotary dimension whose wavelength fits nRot times in nCtxOrig.
float yarnCorrDim(int nDims, int nCtxOrig, float nRot, float base)
{
    return float(nDims) * std::log(float(nCtxOrig) / (nRot * 2 * std::numbers::pi_v<float>)) / (2 * std::log(base));
}

}  // namespace

namespace detail {
void fillScalarOps(KernelTable& t)
{
    t.rmsNorm = rmsNormScalar;
    t.softmax = softmaxScalar;
    t.silu = siluScalar;
    t.swiglu = swigluScalar;
}
}  // namespace detail

void rmsNorm(const float* x, const float* weight, float* out, int64_t n, float eps)
{
    defaultKernels().rmsNorm(x, weight, out, n, eps);
}
void softmax(float* x, int64_t n, float scaleBy, const float* mask)
{
    defaultKernels().softmax(x, n, scaleBy, mask);
}
void silu(const float* x, float* out, int64_t n)
{
    defaultKernels().silu(x, out, n);
}
void swiglu(const float* gate, const float* up, float* out, int64_t n)
{
    defaultKernels().swiglu(gate, up, out, n);
}

void add(const float* a, const float* b, float* out, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        out[i] = a[i] + b[i];
}

void mul(const float* a, const float* b, float* out, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        out[i] = a[i] * b[i];
}

void scale(float* x, int64_t n, float s)
{
    for (int64_t i = 0; i < n; ++i)
        x[i] *= s;
}

int64_t argmax(const float* x, int64_t n)
{
    if (n <= 0)
        throw Error("kernels: argmax of an empty row");
    int64_t best = 0;
    for (int64_t i = 1; i < n; ++i)
        if (x[i] > x[best] || (std::isnan(x[best]) && !std::isnan(x[i])))
            best = i;
    return best;
}

void topK(const float* x, int64_t n, int64_t k, int64_t* indices)
{
    if (k < 0 || k > n)
        throw Error("kernels: topK needs 0 <= k <= n");
    // NaN sorts last so it never displaces a number; ties go to the lower index (a total order, so
    // the result is the first k of a full sort).
    const auto before = [x](int64_t a, int64_t b) {
        const bool na = std::isnan(x[a]), nb = std::isnan(x[b]);
        if (na != nb)
            return nb;
        if (!na && x[a] != x[b])
            return x[a] > x[b];
        return a < b;
    };
    if (k == 0)
        return;
    // Insertion into the k best seen so far, in `indices` itself: the router calls this once per
    // token and layer with k of 1-8 among 8-256 experts, so it should not allocate an index vector
    // each call; O(n k) comparisons are few at those sizes.
    int64_t kept = 0;
    for (int64_t i = 0; i < n; ++i) {
        if (kept == k && !before(i, indices[k - 1]))
            continue;
        int64_t at = kept < k ? kept++ : k - 1;
        for (; at > 0 && before(i, indices[at - 1]); --at)
            indices[at] = indices[at - 1];
        indices[at] = i;
    }
}

void ropeAngles(int64_t pos, const RopeParams& p, RopeAngles& out)
{
    if (p.nDims <= 0 || p.nDims % 2 != 0)
        throw Error("kernels: rope needs an even nDims");
    // YaRN's ramp runs between these two dims (only used when extFactor != 0).
    float corrLow = 0, corrHigh = 0;
    if (p.extFactor != 0.0f) {
        const float start = std::floor(yarnCorrDim(p.nDims, p.nCtxOrig, p.betaFast, p.freqBase));
        const float end = std::ceil(yarnCorrDim(p.nDims, p.nCtxOrig, p.betaSlow, p.freqBase));
        corrLow = std::max(0.0f, start);
        corrHigh = std::min(float(p.nDims - 1), end);
    }
    const float thetaScale = std::pow(p.freqBase, -2.0f / float(p.nDims));
    const int64_t pairs = p.nDims / 2;
    out.cos.resize(static_cast<size_t>(pairs));
    out.sin.resize(static_cast<size_t>(pairs));
    float thetaExtrap = float(pos);
    for (int64_t i = 0; i < pairs; ++i, thetaExtrap *= thetaScale) {
        const float ff = p.freqFactors ? p.freqFactors[i] : 1.0f;
        const float extrap = thetaExtrap / ff;
        const float interp = p.freqScale * extrap;
        float theta = interp, mscale = p.attnFactor;
        if (p.extFactor != 0.0f) {
            const float y = (float(i) - corrLow) / std::max(0.001f, corrHigh - corrLow);
            const float rampMix = (1 - std::min(1.0f, std::max(0.0f, y))) * p.extFactor;
            theta = interp * (1 - rampMix) + extrap * rampMix;
            mscale *= 1.0f + 0.1f * std::log(1.0f / p.freqScale);
        }
        out.cos[size_t(i)] = std::cos(theta) * mscale;
        out.sin[size_t(i)] = std::sin(theta) * mscale;
    }
}

void ropeWith(float* x, int64_t headSize, int64_t nHeads, const RopeAngles& a, const RopeParams& p)
{
    const int64_t pairs = p.nDims / 2;
    if (p.nDims <= 0 || p.nDims % 2 != 0 || p.nDims > headSize || a.cos.size() != size_t(pairs)
        || a.sin.size() != size_t(pairs))
        throw Error("kernels: rope needs an even nDims <= head size and its angles");
    for (int64_t h = 0; h < nHeads; ++h) {
        float* head = x + h * headSize;
        for (int64_t i = 0; i < pairs; ++i) {
            const int64_t lo = p.neox ? i : 2 * i;
            const int64_t hi = p.neox ? i + pairs : 2 * i + 1;
            const float x0 = head[lo], x1 = head[hi];
            head[lo] = x0 * a.cos[size_t(i)] - x1 * a.sin[size_t(i)];
            head[hi] = x0 * a.sin[size_t(i)] + x1 * a.cos[size_t(i)];
        }
    }
}

void rope(float* x, int64_t headSize, int64_t nHeads, int64_t pos, const RopeParams& p)
{
    RopeAngles a;  // ropeAngles and ropeWith check the parameters
    ropeAngles(pos, p, a);
    ropeWith(x, headSize, nHeads, a, p);
}

}  // namespace strata::kernels
