// Reference quantizers for the K-quants (256-element super-blocks) and Q8_K, following ggml's
// quantize_row_*_K_ref algorithms (no importance matrix) so blocks match llama.cpp's.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels/k_quant_fit.hpp"
#include "kernels/reference.hpp"
#include "strata/kernels/half.hpp"

namespace strata::kernels::ref {

using detail::nearestInt;

namespace {

// Weights of a 32-element group for the asymmetric fits: the group's RMS plus |x|, so large values
// count more without letting the small ones go.
void groupWeights(const float* x, float* w)
{
    float sumX2 = 0;
    for (int l = 0; l < 32; ++l)
        sumX2 += x[l] * x[l];
    const float avX = std::sqrt(sumX2 / 32);
    for (int l = 0; l < 32; ++l)
        w[l] = avX + std::fabs(x[l]);
}

// Shared by Q4_K and Q5_K: fit 8 groups of 32 with (scale, min), quantize both to 6 bits against
// the block's d/dmin, pack them, then requantize every value against the rounded scales.
void quantizeScaleMinBlock(const float* x, int nmax, float rmin, int nstep, uint16_t& dOut, uint16_t& dminOut,
                           uint8_t packed[12], uint8_t levels[kQK_K])
{
    float scales[8], mins[8], weights[32];
    uint8_t levelsAux[32];
    float maxScale = 0, maxMin = 0;
    for (int j = 0; j < 8; ++j) {
        groupWeights(x + 32 * j, weights);
        scales[j] = detail::fitScaleMin(32, nmax, x + 32 * j, weights, levels + 32 * j, &mins[j], levelsAux, rmin, 0.1f,
                                        nstep, false);
        maxScale = std::max(maxScale, scales[j]);
        maxMin = std::max(maxMin, mins[j]);
    }
    const float invScale = maxScale > 0 ? 63.f / maxScale : 0.f;
    const float invMin = maxMin > 0 ? 63.f / maxMin : 0.f;
    std::memset(packed, 0, 12);
    for (int j = 0; j < 8; ++j) {
        // ggml stores nearest_int into a uint8_t before clamping; mirror the wrap so blocks match.
        const uint8_t ls = std::min<uint8_t>(63, uint8_t(nearestInt(invScale * scales[j])));
        const uint8_t lm = std::min<uint8_t>(63, uint8_t(nearestInt(invMin * mins[j])));
        if (j < 4) {
            packed[j] = ls;
            packed[j + 4] = lm;
        } else {
            packed[j + 4] = uint8_t((ls & 0xF) | ((lm & 0xF) << 4));
            packed[j - 4] |= uint8_t((ls >> 4) << 6);
            packed[j] |= uint8_t((lm >> 4) << 6);
        }
    }
    dOut = fp32ToFp16(maxScale / 63.f);
    dminOut = fp32ToFp16(maxMin / 63.f);
    for (int j = 0; j < 8; ++j) {
        uint8_t sc, m;
        scaleMinK4(j, packed, sc, m);
        const float d = fp16ToFp32(dOut) * sc;
        if (d == 0)
            continue;
        const float dm = fp16ToFp32(dminOut) * m;
        for (int i = 0; i < 32; ++i)
            levels[32 * j + i] = uint8_t(std::clamp(nearestInt((x[32 * j + i] + dm) / d), 0, nmax));
    }
}

// Pack 2-bit quants: byte l of each 32-byte run holds elements l, l+32, l+64, l+96 of a 128 half.
void pack2Bit(const uint8_t* levels, uint8_t* qs)
{
    for (int j = 0; j < kQK_K; j += 128)
        for (int l = 0; l < 32; ++l)
            qs[j / 4 + l] = uint8_t(levels[j + l] | (levels[j + l + 32] << 2) | (levels[j + l + 64] << 4)
                                    | (levels[j + l + 96] << 6));
}

}  // namespace

void quantizeQ2_K(const float* x, BlockQ2_K* y, int64_t n)
{
    uint8_t levels[kQK_K], levelsAux[16];
    float weights[16], mins[16], scales[16];
    for (int64_t b = 0; b < n / kQK_K; ++b, x += kQK_K) {
        float maxScale = 0, maxMin = 0;
        for (int j = 0; j < 16; ++j) {
            for (int l = 0; l < 16; ++l)
                weights[l] = std::fabs(x[16 * j + l]);
            scales[j] = detail::fitScaleMin(16, 3, x + 16 * j, weights, levels + 16 * j, &mins[j], levelsAux, -0.5f,
                                            0.1f, 15, true);
            maxScale = std::max(maxScale, scales[j]);
            maxMin = std::max(maxMin, mins[j]);
        }
        // Scales and mins are 4 bits each against the block's d and dmin.
        std::memset(y[b].scales, 0, 16);
        y[b].d = fp32ToFp16(0.f);
        y[b].dmin = fp32ToFp16(0.f);
        if (maxScale > 0) {
            const float iscale = 15.f / maxScale;
            for (int j = 0; j < 16; ++j)
                y[b].scales[j] = uint8_t(nearestInt(iscale * scales[j]));
            y[b].d = fp32ToFp16(maxScale / 15.f);
        }
        if (maxMin > 0) {
            const float iscale = 15.f / maxMin;
            for (int j = 0; j < 16; ++j)
                y[b].scales[j] = uint8_t(y[b].scales[j] | (nearestInt(iscale * mins[j]) << 4));
            y[b].dmin = fp32ToFp16(maxMin / 15.f);
        }
        for (int j = 0; j < 16; ++j) {
            const float d = fp16ToFp32(y[b].d) * (y[b].scales[j] & 0xF);
            if (d == 0)
                continue;
            const float dm = fp16ToFp32(y[b].dmin) * (y[b].scales[j] >> 4);
            for (int i = 0; i < 16; ++i)
                levels[16 * j + i] = uint8_t(std::clamp(nearestInt((x[16 * j + i] + dm) / d), 0, 3));
        }
        pack2Bit(levels, y[b].qs);
    }
}

void quantizeQ3_K(const float* x, BlockQ3_K* y, int64_t n)
{
    int8_t levels[kQK_K];
    float scales[16];
    for (int64_t b = 0; b < n / kQK_K; ++b, x += kQK_K) {
        float maxScale = 0, amax = 0;
        for (int j = 0; j < 16; ++j) {
            scales[j] = detail::fitQ3(16, 4, x + 16 * j, levels + 16 * j);
            if (std::fabs(scales[j]) > amax) {
                amax = std::fabs(scales[j]);
                maxScale = scales[j];
            }
        }
        std::memset(y[b].scales, 0, 12);
        if (maxScale != 0) {
            // 6-bit signed scales (+32 bias): low 4 bits in bytes 0..7, top 2 bits in bytes 8..11.
            const float iscale = -32.f / maxScale;
            for (int j = 0; j < 16; ++j) {
                const int l = std::clamp(int(int8_t(nearestInt(iscale * scales[j]))), -32, 31) + 32;
                if (j < 8)
                    y[b].scales[j] = uint8_t(l & 0xF);
                else
                    y[b].scales[j - 8] = uint8_t(y[b].scales[j - 8] | ((l & 0xF) << 4));
                y[b].scales[j % 4 + 8] = uint8_t(y[b].scales[j % 4 + 8] | ((l >> 4) << (2 * (j / 4))));
            }
            y[b].d = fp32ToFp16(1 / iscale);
        } else {
            y[b].d = fp32ToFp16(0.f);
        }
        int8_t sc[16];
        unpackQ3KScales(y[b].scales, sc);
        for (int j = 0; j < 16; ++j) {
            const float d = fp16ToFp32(y[b].d) * sc[j];
            if (d == 0)
                continue;
            for (int i = 0; i < 16; ++i)
                levels[16 * j + i] = int8_t(std::clamp(nearestInt(x[16 * j + i] / d), -4, 3) + 4);
        }
        // High bit of element j goes to bit (j / 32) of hmask[j % 32]; the low 2 bits pack like Q2_K.
        std::memset(y[b].hmask, 0, 32);
        uint8_t low[kQK_K];
        for (int j = 0; j < kQK_K; ++j) {
            int l = levels[j];
            if (l > 3) {
                y[b].hmask[j % 32] = uint8_t(y[b].hmask[j % 32] | (1 << (j / 32)));
                l -= 4;
            }
            low[j] = uint8_t(l);
        }
        pack2Bit(low, y[b].qs);
    }
}

void quantizeQ4_K(const float* x, BlockQ4_K* y, int64_t n)
{
    uint8_t levels[kQK_K];
    for (int64_t b = 0; b < n / kQK_K; ++b, x += kQK_K) {
        quantizeScaleMinBlock(x, 15, -1.f, 20, y[b].d, y[b].dmin, y[b].scales, levels);
        uint8_t* q = y[b].qs;
        for (int j = 0; j < kQK_K; j += 64, q += 32)
            for (int l = 0; l < 32; ++l)
                q[l] = uint8_t(levels[j + l] | (levels[j + l + 32] << 4));
    }
}

void quantizeQ5_K(const float* x, BlockQ5_K* y, int64_t n)
{
    uint8_t levels[kQK_K];
    for (int64_t b = 0; b < n / kQK_K; ++b, x += kQK_K) {
        quantizeScaleMinBlock(x, 31, -0.5f, 15, y[b].d, y[b].dmin, y[b].scales, levels);
        // Low nibbles pack like Q4_K; the fifth bits of each 64-element pair go to bits 2k, 2k+1 of qh.
        std::memset(y[b].qh, 0, 32);
        uint8_t* ql = y[b].qs;
        uint8_t m1 = 1, m2 = 2;
        for (int j = 0; j < kQK_K; j += 64, ql += 32) {
            for (int l = 0; l < 32; ++l) {
                int l1 = levels[j + l], l2 = levels[j + l + 32];
                if (l1 > 15) {
                    l1 -= 16;
                    y[b].qh[l] |= m1;
                }
                if (l2 > 15) {
                    l2 -= 16;
                    y[b].qh[l] |= m2;
                }
                ql[l] = uint8_t(l1 | (l2 << 4));
            }
            m1 = uint8_t(m1 << 2);
            m2 = uint8_t(m2 << 2);
        }
    }
}

void quantizeQ6_K(const float* x, BlockQ6_K* y, int64_t n)
{
    int8_t levels[kQK_K];
    float scales[16];
    for (int64_t b = 0; b < n / kQK_K; ++b, x += kQK_K) {
        float maxScale = 0, maxAbsScale = 0;
        for (int g = 0; g < 16; ++g) {
            scales[g] = detail::fitSymmetric(16, 32, x + 16 * g, levels + 16 * g, 1);
            if (std::fabs(scales[g]) > maxAbsScale) {
                maxAbsScale = std::fabs(scales[g]);
                maxScale = scales[g];
            }
        }
        if (maxAbsScale < 1e-15f) {
            std::memset(&y[b], 0, sizeof(BlockQ6_K));
            continue;
        }
        const float iscale = -128.f / maxScale;
        y[b].d = fp32ToFp16(1 / iscale);
        for (int g = 0; g < 16; ++g)
            y[b].scales[g] = int8_t(std::min(127, nearestInt(iscale * scales[g])));
        for (int g = 0; g < 16; ++g) {
            const float d = fp16ToFp32(y[b].d) * y[b].scales[g];
            if (d == 0)
                continue;
            for (int i = 0; i < 16; ++i)
                levels[16 * g + i] = int8_t(std::clamp(nearestInt(x[16 * g + i] / d), -32, 31) + 32);
        }
        // Per 128 elements: low nibbles of l and l+64 share ql[l], of l+32 and l+96 share ql[l+32];
        // the top 2 bits of all four go to qh[l].
        uint8_t* ql = y[b].ql;
        uint8_t* qh = y[b].qh;
        for (int j = 0; j < kQK_K; j += 128, ql += 64, qh += 32) {
            for (int l = 0; l < 32; ++l) {
                const int q1 = levels[j + l], q2 = levels[j + l + 32], q3 = levels[j + l + 64], q4 = levels[j + l + 96];
                ql[l] = uint8_t((q1 & 0xF) | ((q3 & 0xF) << 4));
                ql[l + 32] = uint8_t((q2 & 0xF) | ((q4 & 0xF) << 4));
                qh[l] = uint8_t((q1 >> 4) | ((q2 >> 4) << 2) | ((q3 >> 4) << 4) | ((q4 >> 4) << 6));
            }
        }
    }
}

void quantizeQ8_K(const float* x, BlockQ8_K* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK_K; ++b, x += kQK_K) {
        float max = 0, amax = 0;
        for (int j = 0; j < kQK_K; ++j) {
            if (std::fabs(x[j]) > amax) {
                amax = std::fabs(x[j]);
                max = x[j];
            }
        }
        if (amax == 0) {
            std::memset(&y[b], 0, sizeof(BlockQ8_K));
            continue;
        }
        // -127 (not -128) keeps every quant in [-127, 127], so sign tricks in SIMD dots stay exact.
        const float iscale = -127.f / max;
        for (int j = 0; j < kQK_K; ++j)
            y[b].qs[j] = int8_t(std::min(127, nearestInt(iscale * x[j])));
        for (int g = 0; g < 16; ++g) {
            int sum = 0;
            for (int i = 0; i < 16; ++i)
                sum += y[b].qs[16 * g + i];
            y[b].bsums[g] = int16_t(sum);
        }
        y[b].d = 1 / iscale;
    }
}

}  // namespace strata::kernels::ref
