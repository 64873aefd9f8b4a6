#include "kernels/k_quant_fit.hpp"

#include <algorithm>
#include <cmath>

namespace strata::kernels::detail {

namespace {
constexpr float kGroupMaxEps = 1e-15f;  // below this a group counts as all zero (as in ggml)
}

float fitSymmetric(int n, int nmax, const float* x, int8_t* levels, int rmseType)
{
    float max = 0, amax = 0;
    for (int i = 0; i < n; ++i) {
        const float ax = std::fabs(x[i]);
        if (ax > amax) {
            amax = ax;
            max = x[i];
        }
    }
    if (amax < kGroupMaxEps) {
        std::fill(levels, levels + n, int8_t(0));
        return 0.f;
    }
    float iscale = -float(nmax) / max;
    if (rmseType == 0) {
        for (int i = 0; i < n; ++i)
            levels[i] = int8_t(nmax + std::clamp(nearestInt(iscale * x[i]), -nmax, nmax - 1));
        return 1 / iscale;
    }
    // rmseType 1: weights x^2 (the only other mode the reference quantizers use).
    float sumlx = 0, suml2 = 0;
    for (int i = 0; i < n; ++i) {
        const int l = std::clamp(nearestInt(iscale * x[i]), -nmax, nmax - 1);
        levels[i] = int8_t(l + nmax);
        const float w = x[i] * x[i];
        sumlx += w * x[i] * l;
        suml2 += w * l * l;
    }
    float scale = suml2 != 0 ? sumlx / suml2 : 0.0f;
    float best = scale * sumlx;
    for (int is = -9; is <= 9; ++is) {
        if (is == 0)
            continue;
        iscale = -(nmax + 0.1f * is) / max;
        sumlx = suml2 = 0;
        for (int i = 0; i < n; ++i) {
            const int l = std::clamp(nearestInt(iscale * x[i]), -nmax, nmax - 1);
            const float w = x[i] * x[i];
            sumlx += w * x[i] * l;
            suml2 += w * l * l;
        }
        if (suml2 > 0 && sumlx * sumlx > best * suml2) {
            for (int i = 0; i < n; ++i)
                levels[i] = int8_t(nmax + std::clamp(nearestInt(iscale * x[i]), -nmax, nmax - 1));
            scale = sumlx / suml2;
            best = scale * sumlx;
        }
    }
    return scale;
}

float fitScaleMin(int n, int nmax, const float* x, const float* weights, uint8_t* levels, float* minOut,
                  uint8_t* levelsAux, float rmin, float rdelta, int nstep, bool absoluteError)
{
    const auto cost = [absoluteError](float diff) { return absoluteError ? std::fabs(diff) : diff * diff; };
    float min = x[0], max = x[0];
    float sumW = weights[0];
    float sumX = sumW * x[0];
    for (int i = 1; i < n; ++i) {
        if (x[i] < min)
            min = x[i];
        if (x[i] > max)
            max = x[i];
        const float w = weights[i];
        sumW += w;
        sumX += w * x[i];
    }
    if (min > 0)
        min = 0;  // the min is only ever subtracted: a positive group keeps an offset of 0
    if (max == min) {
        std::fill(levels, levels + n, uint8_t(0));
        *minOut = -min;
        return 0.f;
    }
    float iscale = nmax / (max - min);
    float scale = 1 / iscale;
    float bestError = 0;
    for (int i = 0; i < n; ++i) {
        const int l = nearestInt(iscale * (x[i] - min));
        levels[i] = uint8_t(std::clamp(l, 0, nmax));
        const float diff = scale * levels[i] + min - x[i];
        bestError += weights[i] * cost(diff);
    }
    for (int is = 0; is <= nstep; ++is) {
        iscale = (rmin + rdelta * is + nmax) / (max - min);
        float sumL = 0, sumL2 = 0, sumXL = 0;
        for (int i = 0; i < n; ++i) {
            const int l = std::clamp(nearestInt(iscale * (x[i] - min)), 0, nmax);
            levelsAux[i] = uint8_t(l);
            const float w = weights[i];
            sumL += w * l;
            sumL2 += w * l * l;
            sumXL += w * l * x[i];
        }
        const float det = sumW * sumL2 - sumL * sumL;
        if (det > 0) {
            float thisScale = (sumW * sumXL - sumX * sumL) / det;
            float thisMin = (sumL2 * sumX - sumL * sumXL) / det;
            if (thisMin > 0) {
                thisMin = 0;
                thisScale = sumXL / sumL2;
            }
            float error = 0;
            for (int i = 0; i < n; ++i) {
                const float diff = thisScale * levelsAux[i] + thisMin - x[i];
                error += weights[i] * cost(diff);
            }
            if (error < bestError) {
                std::copy(levelsAux, levelsAux + n, levels);
                bestError = error;
                scale = thisScale;
                min = thisMin;
            }
        }
    }
    *minOut = -min;
    return scale;
}

float fitQ3(int n, int nmax, const float* x, int8_t* levels)
{
    float max = 0, amax = 0;
    for (int i = 0; i < n; ++i) {
        const float ax = std::fabs(x[i]);
        if (ax > amax) {
            amax = ax;
            max = x[i];
        }
    }
    if (amax < kGroupMaxEps) {
        std::fill(levels, levels + n, int8_t(0));
        return 0.f;
    }
    const float iscale = -float(nmax) / max;
    float sumlx = 0, suml2 = 0;
    for (int i = 0; i < n; ++i) {
        const int l = std::clamp(nearestInt(iscale * x[i]), -nmax, nmax - 1);
        levels[i] = int8_t(l);
        const float w = x[i] * x[i];
        sumlx += w * x[i] * l;
        suml2 += w * l * l;
    }
    // Move single quants while that improves the weighted fit (at most 5 sweeps).
    for (int pass = 0; pass < 5; ++pass) {
        int changed = 0;
        for (int i = 0; i < n; ++i) {
            const float w = x[i] * x[i];
            float slx = sumlx - w * x[i] * levels[i];
            if (slx > 0) {
                float sl2 = suml2 - w * levels[i] * levels[i];
                const int newL = std::clamp(nearestInt(x[i] * sl2 / slx), -nmax, nmax - 1);
                if (newL != levels[i]) {
                    slx += w * x[i] * newL;
                    sl2 += w * newL * newL;
                    if (sl2 > 0 && slx * slx * suml2 > sumlx * sumlx * sl2) {
                        levels[i] = int8_t(newL);
                        sumlx = slx;
                        suml2 = sl2;
                        ++changed;
                    }
                }
            }
        }
        if (!changed)
            break;
    }
    for (int i = 0; i < n; ++i)
        levels[i] = int8_t(levels[i] + nmax);
    return suml2 > 0.0f ? sumlx / suml2 : 0.0f;
}

}  // namespace strata::kernels::detail
