// Activation rows quantized to Q8_0 the way llama.cpp's x86 CPU backend does it at run time
// (quantize_row_q8_0 with AVX/AVX2, and the same formula in its repacked Q4_0 path), which is not
// the reference quantizer used for weights: the inverse scale is 127 / amax rather than 1 / d, and
// products round half to even rather than half away from zero. Matching it keeps every activation
// byte equal to llama.cpp's, so integer dot products agree exactly.
#include "kernels/quantize_activations.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "strata/kernels/half.hpp"

namespace strata::kernels::detail {

namespace {

// Round half to even for |v| < 2^22 without a libm call: adding 1.5 * 2^23 leaves no fraction bits,
// so the FPU's default rounding does the work (what ggml's nearest_int does too). The integer is
// read from the mantissa bits rather than by a float-to-int conversion, which is undefined for the
// NaN a file's NaN weights produce (issue 18's model fuzzer); NaN then gives some value the caller
// clamps, as in ggml.
inline int roundHalfEven(float v)
{
    constexpr float kMagic = 12582912.0f;
    return int(std::bit_cast<uint32_t>(v + kMagic) & 0x007fffffu) - 0x00400000;
}

// One block: the scale d (as f32) and its quants; returns the sum of the quants.
int quantizeBlock(const float* x, float& d, int8_t* qs)
{
    float amax = 0;
    for (int j = 0; j < kQK; ++j)
        amax = std::max(amax, std::fabs(x[j]));
    d = amax / 127.f;
    const float id = amax != 0.0f ? 127.f / amax : 0.0f;
    int sum = 0;
    for (int j = 0; j < kQK; ++j) {
        qs[j] = int8_t(std::clamp(roundHalfEven(x[j] * id), -127, 127));
        sum += qs[j];
    }
    return sum;
}

}  // namespace

void quantizeActivationsQ8_0(const float* x, BlockQ8_0* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, x += kQK) {
        float d = 0;
        quantizeBlock(x, d, y[b].qs);
        y[b].d = fp32ToFp16(d);
    }
}

void quantizeActivationsQ8_1(const float* x, BlockQ8_1* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, x += kQK) {
        float d = 0;
        const int sum = quantizeBlock(x, d, y[b].qs);
        y[b].d = fp32ToFp16(d);
        y[b].s = fp32ToFp16(d * float(sum));
    }
}

}  // namespace strata::kernels::detail
