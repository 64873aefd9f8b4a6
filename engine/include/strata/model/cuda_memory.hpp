// What the CUDA backend allocates in VRAM, computed without a GPU: the model manager's VRAM
// estimate uses these, and the `cuda` tests check them against the backend's own sizing
// (cuda_backend.cpp's planWeights and ScratchPlan, cuda_sequence.cpp's bytesFor).
#pragma once

#include "strata/model/hparams.hpp"

#include <cstdint>

namespace strata::gguf {
class File;
}

namespace strata::model {

// Every tensor of the file in its GGUF layout, each in its own 256-byte aligned piece of one
// allocation (the backend skips the rare tensor a model does not use, so this is an upper bound).
uint64_t cudaWeightBytes(const gguf::File& file);

// The activation buffers of a forward pass of `maxBatch` tokens: the residual and normalised rows,
// q/k/v and attention output, the FFN's gate and up rows, the logits, the int8 activations
// with their scales and sums, and split-K attention's statistics and partial outputs.
uint64_t cudaScratchBytes(const Hparams& h, uint32_t maxBatch);

// One sequence's KV cache: f16 K and V rows of kvDim values per layer and position (the GPU keeps
// no q8_0 cache yet).
uint64_t cudaKvCacheBytes(const Hparams& h, uint32_t contextLength);

}  // namespace strata::model
