// Converts a model file's weights to another tensor type (`strata-gguf quantize`).
#pragma once

#include "strata/gguf/file.hpp"
#include "strata/gguf/writer.hpp"

namespace strata::gguf {

// Every tensor of 2 or more dimensions is dequantized to f32 and quantized to `type`, except
// the MoE router (ffn_gate_inp), which llama.cpp keeps F32; 1-D tensors (norms, biases) become
// F32. Metadata is copied (split.* dropped, general.file_type set). Throws when a row length is
// not a whole number of `type` blocks or a type cannot be (de)quantized.
Writer requantize(const File& in, GgmlType type);

}  // namespace strata::gguf
