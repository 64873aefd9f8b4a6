// Reference quantizers for the plain and 32-element block types (F16, BF16, Q4_0 .. Q8_1).
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>

#include "kernels/reference.hpp"
#include "strata/kernels/half.hpp"

namespace strata::kernels::ref {

namespace {

// (int)(v) as ggml's C casts do it (truncation), but defined for NaN and out-of-range values
// (which only arise from inf/NaN input or a subnormal block maximum).
int truncClamped(float v, int hi)
{
    if (!(v >= 0.f))
        return 0;
    if (v >= float(hi))
        return hi;
    return int(v);
}

int8_t roundToInt8(float v)
{
    if (!(std::fabs(v) <= 127.f))
        return v > 0 ? int8_t(127) : v < 0 ? int8_t(-127) : int8_t(0);
    return int8_t(std::round(v));  // half away from zero, like roundf
}

// The value of largest magnitude, with its sign (the first one on ties).
float signedAbsMax(const float* x, int n)
{
    float amax = 0, max = 0;
    for (int j = 0; j < n; ++j) {
        if (amax < std::fabs(x[j])) {
            amax = std::fabs(x[j]);
            max = x[j];
        }
    }
    return max;
}

void minMax(const float* x, int n, float& min, float& max)
{
    min = FLT_MAX;
    max = -FLT_MAX;
    for (int j = 0; j < n; ++j) {
        min = std::min(min, x[j]);
        max = std::max(max, x[j]);
    }
}

}  // namespace

void quantizeF16(const float* x, uint16_t* y, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        y[i] = fp32ToFp16(x[i]);
}

void quantizeBf16(const float* x, uint16_t* y, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        y[i] = fp32ToBf16(x[i]);
}

void quantizeQ4_0(const float* x, BlockQ4_0* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, x += kQK) {
        // The extreme value maps to -8 exactly, so the sign of d follows it and no range is wasted.
        const float d = signedAbsMax(x, kQK) / -8;
        const float id = d != 0 ? 1.0f / d : 0.0f;
        y[b].d = fp32ToFp16(d);
        for (int j = 0; j < kQK / 2; ++j) {
            const int lo = truncClamped(x[j] * id + 8.5f, 15);
            const int hi = truncClamped(x[j + kQK / 2] * id + 8.5f, 15);
            y[b].qs[j] = uint8_t(lo | (hi << 4));
        }
    }
}

void quantizeQ4_1(const float* x, BlockQ4_1* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, x += kQK) {
        float min, max;
        minMax(x, kQK, min, max);
        const float d = (max - min) / 15;
        const float id = d != 0 ? 1.0f / d : 0.0f;
        y[b].d = fp32ToFp16(d);
        y[b].m = fp32ToFp16(min);
        for (int j = 0; j < kQK / 2; ++j) {
            const int lo = truncClamped((x[j] - min) * id + 0.5f, 15);
            const int hi = truncClamped((x[j + kQK / 2] - min) * id + 0.5f, 15);
            y[b].qs[j] = uint8_t(lo | (hi << 4));
        }
    }
}

void quantizeQ5_0(const float* x, BlockQ5_0* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, x += kQK) {
        const float d = signedAbsMax(x, kQK) / -16;
        const float id = d != 0 ? 1.0f / d : 0.0f;
        y[b].d = fp32ToFp16(d);
        uint32_t qh = 0;
        for (int j = 0; j < kQK / 2; ++j) {
            const int lo = truncClamped(x[j] * id + 16.5f, 31);
            const int hi = truncClamped(x[j + kQK / 2] * id + 16.5f, 31);
            y[b].qs[j] = uint8_t((lo & 0xF) | ((hi & 0xF) << 4));
            qh |= uint32_t(lo >> 4) << j;
            qh |= uint32_t(hi >> 4) << (j + kQK / 2);
        }
        std::memcpy(y[b].qh, &qh, 4);
    }
}

void quantizeQ5_1(const float* x, BlockQ5_1* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, x += kQK) {
        float min, max;
        minMax(x, kQK, min, max);
        const float d = (max - min) / 31;
        const float id = d != 0 ? 1.0f / d : 0.0f;
        y[b].d = fp32ToFp16(d);
        y[b].m = fp32ToFp16(min);
        uint32_t qh = 0;
        for (int j = 0; j < kQK / 2; ++j) {
            const int lo = truncClamped((x[j] - min) * id + 0.5f, 31);
            const int hi = truncClamped((x[j + kQK / 2] - min) * id + 0.5f, 31);
            y[b].qs[j] = uint8_t((lo & 0xF) | ((hi & 0xF) << 4));
            qh |= uint32_t(lo >> 4) << j;
            qh |= uint32_t(hi >> 4) << (j + kQK / 2);
        }
        std::memcpy(y[b].qh, &qh, 4);
    }
}

void quantizeQ8_0(const float* x, BlockQ8_0* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, x += kQK) {
        float amax = 0;
        for (int j = 0; j < kQK; ++j)
            amax = std::max(amax, std::fabs(x[j]));
        const float d = amax / 127;
        const float id = d != 0 ? 1.0f / d : 0.0f;
        y[b].d = fp32ToFp16(d);
        for (int j = 0; j < kQK; ++j)
            y[b].qs[j] = roundToInt8(x[j] * id);
    }
}

void quantizeQ8_1(const float* x, BlockQ8_1* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, x += kQK) {
        float amax = 0;
        for (int j = 0; j < kQK; ++j)
            amax = std::max(amax, std::fabs(x[j]));
        const float d = amax / 127;
        const float id = d != 0 ? 1.0f / d : 0.0f;
        y[b].d = fp32ToFp16(d);
        int sum = 0;
        for (int j = 0; j < kQK; ++j) {
            y[b].qs[j] = roundToInt8(x[j] * id);
            sum += y[b].qs[j];
        }
        y[b].s = fp32ToFp16(float(sum) * d);
    }
}

}  // namespace strata::kernels::ref
