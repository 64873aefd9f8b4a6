// Matrix products of activations with weights, split over the worker pool by weight rows.
#pragma once

#include "strata/kernels/dot.hpp"
#include "strata/kernels/matmul.hpp"
#include "strata/model/weights.hpp"
#include "strata/pool/worker_pool.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace strata::model::cpu {

// Activation rows quantized once for the format a weight type's dot product takes (ggml's way:
// Q8_0 / Q8_1 / Q8_K, or f32 for float weights), reusable across weights of the same kind.
class QuantizedRows {
public:
    // Quantizes `rows` rows of `cols` floats (row stride `srcStride` floats) for `weightType`.
    void quantize(pool::WorkerPool& pool, const float* src, int64_t rows, int64_t cols, size_t srcStride,
                  gguf::GgmlType weightType);
    // Shapes the rows for `weightType` without filling them; quantizeSlice fills them piece by piece.
    void prepare(int64_t rows, int64_t cols, gguf::GgmlType weightType);
    // Whether `cols` values are whole blocks of weightType's activation format.
    static bool sliceAligned(gguf::GgmlType weightType, int64_t cols);
    // Columns [col, col + cols) of row r from src, both whole blocks (sliceAligned): the formats
    // quantize block by block, so this writes the bytes quantize() would. Threads may fill
    // disjoint slices at once.
    void quantizeSlice(int64_t r, int64_t col, const float* src, int64_t cols, gguf::GgmlType weightType);
    bool suits(gguf::GgmlType weightType) const;
    const std::byte* row(int64_t r) const { return data_.data() + static_cast<size_t>(r) * rowBytes_; }
    size_t rowBytes() const { return rowBytes_; }
    int64_t rows() const { return rows_; }
    int64_t cols() const { return cols_; }

private:
    std::vector<std::byte> data_;
    gguf::GgmlType actType_ = gguf::GgmlType::F32;
    size_t rowBytes_ = 0;
    int64_t rows_ = 0, cols_ = 0;
};

kernels::WeightMatrix asMatrix(const Weight& w);

// out[t * outStride + r] = W row r . x row t, for every row of W and every row of x.
void linear(pool::WorkerPool& pool, const kernels::KernelTable& k, const QuantizedRows& x, const Weight& w, float* out,
            size_t outStride);

// Several weights against the same activation rows (q, k, v; gate, up). With one token they share
// one pool batch — fewer batch ends, where one thread waits for the other's last chunk; with more
// tokens each is a `linear` of its own. Every weight's activation type must suit `x`.
struct LinearTarget {
    const Weight* weight;
    float* out;
    size_t outStride;
};
void linearShared(pool::WorkerPool& pool, const kernels::KernelTable& k, const QuantizedRows& x,
                  std::span<const LinearTarget> targets);

// One matrix-vector product of a decode batch: out[r] = matrix row r . activation, r < rows.
struct MatvecTarget {
    kernels::WeightMatrix matrix;
    int64_t rows;
    const std::byte* activation;  // quantized for matrix.type
    float* out;
};
// Every target's rows laid end to end and split over the pool as one batch in small chunks: decode
// products are short, and each batch end makes one thread wait for the other's last chunk.
// `options`: the caller's (e.g. followedWithin); the grain is matvecBatch's own.
void matvecBatch(pool::WorkerPool& pool, const kernels::KernelTable& k, std::span<const MatvecTarget> targets,
                 pool::RunOptions options = {});

// Items per chunk of a decode batch of `items` items of `itemBytes` weight bytes each: at least 16
// chunks per participant where the batch is large, no chunk under 32 KiB of weights, a multiple of
// `align`.
size_t decodeGrain(size_t items, size_t itemBytes, size_t participants, size_t align);

// Adds a bias vector to each of `rows` rows.
void addBias(float* x, int64_t rows, int64_t cols, size_t stride, const float* bias);

}  // namespace strata::model::cpu
