#include "cpu_linear.hpp"

#include <algorithm>
#include <array>

#include "strata/core/error.hpp"

namespace strata::model::cpu {

void QuantizedRows::quantize(pool::WorkerPool& pool, const float* src, int64_t rows, int64_t cols, size_t srcStride,
                             gguf::GgmlType weightType)
{
    prepare(rows, cols, weightType);
    auto one = [&](int64_t r) {
        kernels::quantizeActivations(weightType, src + static_cast<size_t>(r) * srcStride,
                                     data_.data() + static_cast<size_t>(r) * rowBytes_, cols);
    };
    // Decode (one token, or a few experts' rows): not worth a pool round-trip.
    constexpr int64_t kInlineElements = 16384;
    if (rows * cols <= kInlineElements) {
        for (int64_t r = 0; r < rows; ++r)
            one(r);
        return;
    }
    pool.run(static_cast<size_t>(rows), [&](size_t b, size_t e, unsigned) {
        for (size_t r = b; r < e; ++r)
            one(static_cast<int64_t>(r));
    });
}

void QuantizedRows::prepare(int64_t rows, int64_t cols, gguf::GgmlType weightType)
{
    actType_ = kernels::activationType(weightType);
    rowBytes_ = kernels::activationRowBytes(weightType, cols);
    rows_ = rows;
    cols_ = cols;
    if (data_.size() < rowBytes_ * static_cast<size_t>(rows))
        data_.resize(rowBytes_ * static_cast<size_t>(rows));
}

bool QuantizedRows::sliceAligned(gguf::GgmlType weightType, int64_t cols)
{
    const auto traits = gguf::ggmlTypeTraits(uint32_t(kernels::activationType(weightType)));
    return traits && cols > 0 && cols % int64_t(traits->blockElements) == 0;
}

void QuantizedRows::quantizeSlice(int64_t r, int64_t col, const float* src, int64_t cols, gguf::GgmlType weightType)
{
    if (kernels::activationType(weightType) != actType_ || !sliceAligned(weightType, cols)
        || (col > 0 && !sliceAligned(weightType, col)) || r < 0 || r >= rows_ || col < 0 || col + cols > cols_)
        throw Error("internal: an activation slice outside its prepared rows or off its blocks");
    kernels::quantizeActivations(weightType, src,
                                 data_.data() + static_cast<size_t>(r) * rowBytes_
                                     + (col > 0 ? kernels::activationRowBytes(weightType, col) : 0),
                                 cols);
}

bool QuantizedRows::suits(gguf::GgmlType weightType) const
{
    return rows_ > 0 && kernels::activationType(weightType) == actType_;
}

size_t decodeGrain(size_t items, size_t itemBytes, size_t participants, size_t align)
{
    // Small chunks: the last one decides when the batch ends, and at ~4 chunks per thread the other
    // thread waited ~5 % of decode for it (2-core VM). But not below kMinChunkBytes of weights: a
    // chunk's first lines come before its prefetches run ahead, and a 64-row F32 router split
    // 32 rows at a time went to 2 of 15 threads (16.6 µs of a 195 µs MoE layer, Xeon host).
    constexpr size_t kMinChunkBytes = 32 * 1024;
    const size_t byBalance = items / (16 * participants);
    const size_t byBytes = (kMinChunkBytes + itemBytes - 1) / std::max<size_t>(itemBytes, 1);
    const size_t grain = std::max({byBalance, byBytes, size_t(1)});
    return (grain + align - 1) / align * align;
}

kernels::WeightMatrix asMatrix(const Weight& w)
{
    return kernels::WeightMatrix{w.type, w.data, w.rowStride, w.cols};
}

void linear(pool::WorkerPool& pool, const kernels::KernelTable& k, const QuantizedRows& x, const Weight& w, float* out,
            size_t outStride)
{
    if (!x.suits(w.type) || x.cols() != w.cols)
        throw Error("internal: activations were not quantized for this weight");
    const int64_t tokens = x.rows();
    if (tokens == 1) {  // decode: the shared batch with a single target
        const LinearTarget one[] = {{&w, out, outStride}};
        linearShared(pool, k, x, one);
        return;
    }
    const kernels::WeightMatrix m = asMatrix(w);
    // Prefill: hand out whole tiles of weight rows, so no worker is left with a ragged edge.
    const int64_t groups = (w.rows + kernels::kGemmTileRows - 1) / kernels::kGemmTileRows;
    pool.run(static_cast<size_t>(groups), [&](size_t b, size_t e, unsigned) {
        const int64_t r0 = int64_t(b) * kernels::kGemmTileRows;
        const int64_t r1 = std::min(w.rows, int64_t(e) * kernels::kGemmTileRows);
        kernels::matmul(k, m, r0, r1, x.row(0), x.rowBytes(), tokens, out, outStride);
    });
}

void linearShared(pool::WorkerPool& pool, const kernels::KernelTable& k, const QuantizedRows& x,
                  std::span<const LinearTarget> targets)
{
    if (x.rows() != 1) {
        for (const LinearTarget& t : targets)
            linear(pool, k, x, *t.weight, t.out, t.outStride);
        return;
    }
    // A fixed array: this runs a few times per layer and token.
    constexpr size_t kMaxTargets = 4;
    if (targets.size() > kMaxTargets)
        throw Error("internal: linearShared takes at most 4 weights");
    std::array<MatvecTarget, kMaxTargets> batch;
    for (size_t i = 0; i < targets.size(); ++i) {
        const Weight& w = *targets[i].weight;
        if (!x.suits(w.type) || x.cols() != w.cols)
            throw Error("internal: activations were not quantized for this weight");
        batch[i] = {asMatrix(w), w.rows, x.row(0), targets[i].out};
    }
    matvecBatch(pool, k, std::span(batch).first(targets.size()));
}

void matvecBatch(pool::WorkerPool& pool, const kernels::KernelTable& k, std::span<const MatvecTarget> targets,
                 pool::RunOptions o)
{
    size_t rows = 0, rowBytes = 0;
    for (const MatvecTarget& t : targets) {
        rows += size_t(t.rows);
        rowBytes = std::max(rowBytes, t.matrix.rowStride);
    }
    o.grain = decodeGrain(rows, rowBytes, pool.workerCount() + 1, kernels::kDotRows);
    pool.run(
        rows,
        [&](size_t b, size_t e, unsigned) {
            // A chunk may span several targets; a scan is cheap for the few targets of a decode step.
            size_t first = 0;
            for (const MatvecTarget& t : targets) {
                const size_t last = first + size_t(t.rows);
                if (b < last && first < e) {
                    const size_t from = std::max(b, first), to = std::min(e, last);
                    kernels::matvec(k, t.matrix, int64_t(from - first), int64_t(to - first), t.activation, t.out);
                }
                if (last >= e)
                    break;
                first = last;
            }
        },
        o);
}

void addBias(float* x, int64_t rows, int64_t cols, size_t stride, const float* bias)
{
    for (int64_t t = 0; t < rows; ++t) {
        float* row = x + static_cast<size_t>(t) * stride;
        for (int64_t c = 0; c < cols; ++c)
            row[c] += bias[c];
    }
}

}  // namespace strata::model::cpu
