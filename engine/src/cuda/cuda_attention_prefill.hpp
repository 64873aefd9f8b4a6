// Prefill attention on tensor cores (cuda_attention_prefill.cu), used by cuda::attention for
// batches of queries; the semantics are cuda::attention's.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace strata::cuda {

// False (nothing launched) where it does not apply: before sm_80, or head sizes other than 64 and
// 128 (a warp's 16 x 256 f32 output would not fit in registers).
bool attentionPrefillTensorCores(const float* q, int tokens, int heads, int kvHeads, int headDim,
                                 const uint16_t* keyCache, const uint16_t* valueCache, const int32_t* start,
                                 float scale, float* out, cudaStream_t stream);

}  // namespace strata::cuda
