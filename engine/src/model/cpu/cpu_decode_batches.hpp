// Decode pool batches that also do the row step after their products, each chunk on the rows it
// just computed: SwiGLU and the quantization for the down product after gate and up, the routing
// weights' sum after the experts' down rows. Otherwise the host does those steps alone between two
// batches while every worker idles, reading the products back from the workers' caches (on the
// Xeon host at 15 threads: ~11 µs of a 290 µs dense layer, ~11 µs of a 195 µs MoE layer).
// Each element is computed as the host's steps compute it: the results keep their bits.
#pragma once

#include "cpu_linear.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace strata::model::cpu {

// One gate/up pair of a SwiGLU feed-forward: the dense one, or one chosen expert.
struct GatedPair {
    kernels::WeightMatrix gate, up;
    const std::byte* activation;  // one row, quantized for gate.type; up.type takes the same format
    float* gateOut;               // `rows` floats: the gate, then silu(gate) * up
    float* upOut;                 // `rows` floats
};

// Whether gatedMatvecBatch can produce the down product's activations for rows of `rows` values.
bool gatedBatchSuits(gguf::GgmlType downType, int64_t rows);

// For every pair p and row r < rows: gateOut[r] = silu(gate row r . x) * (up row r . x), and row p
// of `down` (prepared here for pairs.size() rows of `rows` values of downType) quantized block by
// block, by the chunk that completes each block. `blockRows` is the caller's scratch.
// Requires gatedBatchSuits(downType, rows).
void gatedMatvecBatch(pool::WorkerPool& pool, const kernels::KernelTable& k, std::span<const GatedPair> pairs,
                      int64_t rows, QuantizedRows& down, gguf::GgmlType downType, std::vector<uint32_t>& blockRows);

// One chosen expert's down product and its routing weight.
struct WeightedMatvec {
    kernels::WeightMatrix matrix;
    const std::byte* activation;  // one row, quantized for matrix.type
    float weight;
    float* rowsOut;  // `rows` floats: this expert's products
};

// out[r] = the sum over `experts`, in their order, of weight * (matrix row r . activation), for
// r < rows, added as addWeighted adds them. `blockExperts` is the caller's scratch.
void weightedMatvecSum(pool::WorkerPool& pool, const kernels::KernelTable& k, std::span<const WeightedMatvec> experts,
                       int64_t rows, float* out, std::vector<uint32_t>& blockExperts);

// out[c] += weight * x[c] for c < n: the routing weights' sum, shared by decode and prefill so that
// both round alike.
void addWeighted(float* out, const float* x, float weight, int64_t n);

}  // namespace strata::model::cpu
