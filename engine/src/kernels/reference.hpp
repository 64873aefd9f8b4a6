// Scalar reference (de)quantizers, one per type. quantize.cpp dispatches to these by GgmlType; tests
// and the SIMD kernels compare against them.
#pragma once

#include <cstdint>

#include "strata/kernels/blocks.hpp"

namespace strata::kernels::ref {

void quantizeF16(const float* x, uint16_t* y, int64_t n);
void quantizeBf16(const float* x, uint16_t* y, int64_t n);
void quantizeQ4_0(const float* x, BlockQ4_0* y, int64_t n);
void quantizeQ4_1(const float* x, BlockQ4_1* y, int64_t n);
void quantizeQ5_0(const float* x, BlockQ5_0* y, int64_t n);
void quantizeQ5_1(const float* x, BlockQ5_1* y, int64_t n);
void quantizeQ8_0(const float* x, BlockQ8_0* y, int64_t n);
void quantizeQ8_1(const float* x, BlockQ8_1* y, int64_t n);
void quantizeQ2_K(const float* x, BlockQ2_K* y, int64_t n);
void quantizeQ3_K(const float* x, BlockQ3_K* y, int64_t n);
void quantizeQ4_K(const float* x, BlockQ4_K* y, int64_t n);
void quantizeQ5_K(const float* x, BlockQ5_K* y, int64_t n);
void quantizeQ6_K(const float* x, BlockQ6_K* y, int64_t n);
void quantizeQ8_K(const float* x, BlockQ8_K* y, int64_t n);

void dequantizeF16(const uint16_t* x, float* y, int64_t n);
void dequantizeBf16(const uint16_t* x, float* y, int64_t n);
void dequantizeQ4_0(const BlockQ4_0* x, float* y, int64_t n);
void dequantizeQ4_1(const BlockQ4_1* x, float* y, int64_t n);
void dequantizeQ5_0(const BlockQ5_0* x, float* y, int64_t n);
void dequantizeQ5_1(const BlockQ5_1* x, float* y, int64_t n);
void dequantizeQ8_0(const BlockQ8_0* x, float* y, int64_t n);
void dequantizeQ8_1(const BlockQ8_1* x, float* y, int64_t n);
void dequantizeQ2_K(const BlockQ2_K* x, float* y, int64_t n);
void dequantizeQ3_K(const BlockQ3_K* x, float* y, int64_t n);
void dequantizeQ4_K(const BlockQ4_K* x, float* y, int64_t n);
void dequantizeQ5_K(const BlockQ5_K* x, float* y, int64_t n);
void dequantizeQ6_K(const BlockQ6_K* x, float* y, int64_t n);
void dequantizeQ8_K(const BlockQ8_K* x, float* y, int64_t n);

}  // namespace strata::kernels::ref
