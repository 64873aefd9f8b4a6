#include "cpu_decode_batches.hpp"

#include "strata/core/error.hpp"
#include "strata/gguf/ggml_type.hpp"
#include "strata/kernels/ops.hpp"

#include <algorithm>
#include <atomic>

namespace strata::model::cpu {
namespace {

// Chunks of a gated batch start and end on multiples of this many rows: the SwiGLU kernels treat
// a call's last n % 8 values apart (ops_avx2.cpp), so a chunk must cut where the whole row's call
// cuts; and activation blocks of up to 32 values (Q8_0, Q8_1, f32) never straddle two chunks.
constexpr size_t kGatedAlign = 32;

size_t activationBlock(gguf::GgmlType weightType)
{
    const auto traits = gguf::ggmlTypeTraits(uint32_t(kernels::activationType(weightType)));
    return traits ? traits->blockElements : 0;
}

}  // namespace

bool gatedBatchSuits(gguf::GgmlType downType, int64_t rows)
{
    return rows > 0 && size_t(rows) % kGatedAlign == 0 && QuantizedRows::sliceAligned(downType, rows);
}

void gatedMatvecBatch(pool::WorkerPool& pool, const kernels::KernelTable& k, std::span<const GatedPair> pairs,
                      int64_t rows, QuantizedRows& down, gguf::GgmlType downType, std::vector<uint32_t>& blockRows)
{
    if (!gatedBatchSuits(downType, rows))
        throw Error("internal: a gated decode batch of rows its down product cannot take in slices");
    if (pairs.empty())
        return;
    const size_t width = size_t(rows), pairCount = pairs.size();
    down.prepare(int64_t(pairCount), rows, downType);
    // Blocks wider than a chunk's alignment (Q8_K: 256) are quantized by the chunk that brings their
    // row count to a whole block; the others by the chunk that holds them.
    const size_t block = activationBlock(downType);
    const bool counted = block > kGatedAlign;
    const size_t blocksPerPair = counted ? width / block : 0;
    blockRows.assign(pairCount * blocksPerPair, 0);

    pool::RunOptions o;
    o.grain = decodeGrain(pairCount * width, pairs[0].gate.rowStride + pairs[0].up.rowStride, pool.workerCount() + 1,
                          kGatedAlign);
    pool.run(
        pairCount * width,
        [&](size_t b, size_t e, unsigned) {
            for (size_t p = b / width; p < pairCount && p * width < e; ++p) {
                const GatedPair& g = pairs[p];
                const size_t from = std::max(b, p * width) - p * width, to = std::min(e, (p + 1) * width) - p * width;
                kernels::matvec(k, g.gate, int64_t(from), int64_t(to), g.activation, g.gateOut);
                kernels::matvec(k, g.up, int64_t(from), int64_t(to), g.activation, g.upOut);
                // The table FeedForward's whole-row step uses (kernels::swiglu), for the same bits.
                kernels::swiglu(g.gateOut + from, g.upOut + from, g.gateOut + from, int64_t(to - from));
                if (!counted) {
                    down.quantizeSlice(int64_t(p), int64_t(from), g.gateOut + from, int64_t(to - from), downType);
                    continue;
                }
                for (size_t blk = from / block; blk * block < to; ++blk) {
                    const size_t lo = std::max(blk * block, from), hi = std::min((blk + 1) * block, to);
                    // acq_rel: the chunk that completes the block sees the others' rows.
                    std::atomic_ref<uint32_t> filled(blockRows[p * blocksPerPair + blk]);
                    if (filled.fetch_add(uint32_t(hi - lo), std::memory_order_acq_rel) + (hi - lo) == block)
                        down.quantizeSlice(int64_t(p), int64_t(blk * block), g.gateOut + blk * block, int64_t(block),
                                           downType);
                }
            }
        },
        o);
}

void weightedMatvecSum(pool::WorkerPool& pool, const kernels::KernelTable& k, std::span<const WeightedMatvec> experts,
                       int64_t rows, float* out, std::vector<uint32_t>& blockExperts)
{
    if (experts.empty() || rows <= 0)
        return;
    // Items are (expert, block of rows): one expert's rows read as one run, long enough for the
    // prefetches ahead to pay (cutting each chunk across all experts made 8 runs of ~4 KiB: the
    // batch took 55 µs at 16 KiB chunks, 47 at 32, 39 at 64; MoE file, t = 15, Xeon host). The
    // chunk that brings a block's count to every expert sums that block's rows.
    const size_t n = experts.size(), width = size_t(rows);
    const size_t block =
        std::min(width, decodeGrain(n * width, experts[0].matrix.rowStride, pool.workerCount() + 1, kernels::kDotRows));
    const size_t blocks = (width + block - 1) / block;
    blockExperts.assign(blocks, 0);
    pool::RunOptions o;
    o.grain = 1;
    pool.run(
        n * blocks,
        [&](size_t b, size_t e, unsigned) {
            for (size_t item = b; item < e; ++item) {
                const size_t blk = item % blocks, from = blk * block, to = std::min(width, from + block);
                const WeightedMatvec& x = experts[item / blocks];
                kernels::matvec(k, x.matrix, int64_t(from), int64_t(to), x.activation, x.rowsOut);
                // acq_rel: the chunk that completes the block sees the other experts' rows.
                std::atomic_ref<uint32_t> done(blockExperts[blk]);
                if (done.fetch_add(1, std::memory_order_acq_rel) + 1 != n)
                    continue;
                std::fill(out + from, out + to, 0.0f);
                for (const WeightedMatvec& each : experts)
                    addWeighted(out + from, each.rowsOut + from, each.weight, int64_t(to - from));
            }
        },
        o);
}

void addWeighted(float* out, const float* x, float weight, int64_t n)
{
    for (int64_t c = 0; c < n; ++c)
        out[c] += weight * x[c];
}

}  // namespace strata::model::cpu
