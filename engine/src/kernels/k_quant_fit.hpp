// Scale searches behind the K-quant reference quantizers (the algorithms of ggml's make_qx_quants,
// make_qkx2_quants and make_q3_quants). Float expressions keep ggml's order of operations so the
// chosen quants match llama.cpp's bit for bit on the same input.
#pragma once

#include <bit>
#include <cstdint>

namespace strata::kernels::detail {

// Round to nearest, ties to even, for |v| < 2^22: adding 1.5*2^23 leaves the integer in the low
// mantissa bits (ggml's nearest_int, which the quantizers' tie-breaking depends on).
inline int nearestInt(float v)
{
    const float shifted = v + 12582912.f;
    return int(std::bit_cast<uint32_t>(shifted) & 0x007fffffu) - 0x00400000;
}

// Symmetric quants L in [0, 2*nmax) (stored with +nmax bias) and the scale for n values. With
// rmseType 1 it searches 19 candidate scales weighting each value by x^2 (ggml's make_qx_quants).
float fitSymmetric(int n, int nmax, const float* x, int8_t* levels, int rmseType);

// Asymmetric quants L in [0, nmax] with scale and min (value ~ scale*L - min), searching nstep+1
// candidate scales for the least weighted error: squared, or absolute with absoluteError (Q2_K)
// (ggml's make_qkx2_quants).
float fitScaleMin(int n, int nmax, const float* x, const float* weights, uint8_t* levels, float* minOut,
                  uint8_t* levelsAux, float rmin, float rdelta, int nstep, bool absoluteError);

// Q3_K's symmetric fit with iterative refinement of single quants (ggml's make_q3_quants, do_rmse).
// L comes back biased by +nmax.
float fitQ3(int n, int nmax, const float* x, int8_t* levels);

}  // namespace strata::kernels::detail
