// Up to three matrices of one type and row length that read the same input (q, k and v; gate and
// up), computed in one launch: the grid's row blocks run over the matrices one after the other.
// Fewer launches per layer matter as much as bandwidth for small models.
#pragma once

#include "cuda_kernels.hpp"

#include <span>

namespace strata::cuda {

constexpr int kMaxGroup = 3;

struct MatmulGroup {
    int count = 0;
    const uint8_t* w[kMaxGroup] = {};
    size_t rowStride[kMaxGroup] = {};
    int64_t rows[kMaxGroup] = {};
    float* y[kMaxGroup] = {};
    int64_t ldy[kMaxGroup] = {};
    unsigned firstBlock[kMaxGroup + 1] = {};  // row blocks before each matrix
    bool accumulate = false;
};

// The group of `targets` for kernels whose blocks cover `rowsPerBlock` rows each; throws when the
// matrices differ in type or row length.
MatmulGroup makeGroup(std::span<const MatmulTarget> targets, bool accumulate, int rowsPerBlock);

// Which matrix block `block` of the grid belongs to, and its first row there.
__device__ __forceinline__ int matrixOf(const MatmulGroup& g, unsigned block)
{
    int m = 0;
    while (m + 1 < g.count && block >= g.firstBlock[m + 1])
        ++m;
    return m;
}

// Prefill products on tensor cores for a group made with kTensorCoreTileRows rows per block:
// int8 MMA on the q8 activations for the integer types, f16/bf16 MMA for F16/BF16. False (and
// nothing launched) for a type without such a kernel (F32), or for inputs of kTensorCoreMaxInput
// elements or more.
constexpr int kTensorCoreTileRows = 64;
bool matmulTensorCores(const MatmulGroup& g, gguf::GgmlType type, int64_t cols, const float* x, const Q8Activations& q8,
                       int tokens, cudaStream_t stream);

}  // namespace strata::cuda
