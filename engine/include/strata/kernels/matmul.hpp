// Matrix-vector (decode) and matrix-matrix (prefill) products of a quantized weight matrix with
// activations already quantized by quantizeActivations(). Both are pure functions over a range of
// weight rows, so any worker pool can split a matrix: give each worker its own [rowBegin, rowEnd).
#pragma once

#include <cstddef>
#include <cstdint>

#include "strata/gguf/ggml_type.hpp"
#include "strata/kernels/dot.hpp"

namespace strata::kernels {

struct WeightMatrix {
    gguf::GgmlType type = gguf::GgmlType::F32;
    const void* data = nullptr;  // row r starts at data + r * rowStride
    size_t rowStride = 0;        // bytes
    int64_t cols = 0;            // elements per row (multiple of the type's block size)
};

// out[r] = dot(weight row r, act) for r in [rowBegin, rowEnd). `act` is one activation row.
void matvec(const KernelTable& k, const WeightMatrix& w, int64_t rowBegin, int64_t rowEnd, const void* act, float* out);

// out[t * outStride + r] = dot(weight row r, activation row t) for r in [rowBegin, rowEnd) and
// t in [0, actRows). Activation row t starts at acts + t * actStride bytes. Uses the table's
// register-blocked tiles (kGemmTileRows x kGemmTileActs) where it has one for the type, dot
// products elsewhere; a range starting on a multiple of kGemmTileRows wastes no tile.
void matmul(const KernelTable& k, const WeightMatrix& w, int64_t rowBegin, int64_t rowEnd, const void* acts,
            size_t actStride, int64_t actRows, float* out, size_t outStride);

struct RowRange {
    int64_t begin = 0, end = 0;
};

// Part `index` of `parts` near-equal chunks of [0, rows), boundaries on multiples of `granule`
// (e.g. a cache line's worth of output rows) except the last.
RowRange splitRows(int64_t rows, int parts, int index, int64_t granule = 1);

}  // namespace strata::kernels
