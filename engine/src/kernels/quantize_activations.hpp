// Run-time activation quantizers that follow llama.cpp's CPU backend rather than ggml's reference
// quantizers (see quantize_activations.cpp for the difference and why it matters).
#pragma once

#include <cstdint>

#include "strata/kernels/blocks.hpp"

namespace strata::kernels::detail {

void quantizeActivationsQ8_0(const float* x, BlockQ8_0* y, int64_t n);
void quantizeActivationsQ8_1(const float* x, BlockQ8_1* y, int64_t n);

}  // namespace strata::kernels::detail
