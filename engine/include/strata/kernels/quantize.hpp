// Row (de)quantization between f32 and ggml's tensor types, byte-compatible with ggml's block layouts.
// These are the scalar reference implementations: quantizers follow ggml's *_ref algorithms, so a
// file quantized here and by llama.cpp (without an importance matrix) holds the same blocks.
#pragma once

#include <cstdint>

#include "strata/gguf/ggml_type.hpp"

namespace strata::kernels {

bool canQuantize(strata::gguf::GgmlType type);  // quantizeRow supports it
bool canDequantize(strata::gguf::GgmlType type);
// n must be a multiple of the type's block size; dst holds rowBytes(type, n) bytes.
void quantizeRow(strata::gguf::GgmlType type, const float* src, void* dst, int64_t n);
void dequantizeRow(strata::gguf::GgmlType type, const void* src, float* dst, int64_t n);

}  // namespace strata::kernels
