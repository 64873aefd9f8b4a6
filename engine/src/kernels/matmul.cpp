#include "strata/kernels/matmul.hpp"

#include <algorithm>

#include "strata/core/error.hpp"

namespace strata::kernels {

namespace {

DotFn dotOrThrow(const KernelTable& k, gguf::GgmlType type)
{
    if (!hasDot(type) || !k.dotFor(type))
        throw Error("kernels: no dot product for this weight type");
    return k.dotFor(type);
}

const uint8_t* rowPtr(const WeightMatrix& w, int64_t r)
{
    return static_cast<const uint8_t*>(w.data) + size_t(r) * w.rowStride;
}

}  // namespace

void matvec(const KernelTable& k, const WeightMatrix& w, int64_t rowBegin, int64_t rowEnd, const void* act, float* out)
{
    const DotFn dot = dotOrThrow(k, w.type);
    int64_t r = rowBegin;
    if (const DotRowsFn rows = k.dotRows[size_t(w.type)])
        for (; r + kDotRows <= rowEnd; r += kDotRows)
            rows(rowPtr(w, r), w.rowStride, act, w.cols, out + r);
    for (; r < rowEnd; ++r)
        out[r] = dot(rowPtr(w, r), act, w.cols);
}

void matmul(const KernelTable& k, const WeightMatrix& w, int64_t rowBegin, int64_t rowEnd, const void* acts,
            size_t actStride, int64_t actRows, float* out, size_t outStride)
{
    dotOrThrow(k, w.type);
    const GemmPanelFn panel = k.gemmPanel[size_t(w.type)];
    // A block of activation rows stays in L2 (384 KiB: half of the smaller L2s of current x86
    // cores) while every weight row of the range streams past it, so each weight byte comes from
    // memory once per block rather than once per token. Panels that unpack their weights take all
    // activation rows instead (unpacked once; the activations stream from L3, ~16 GB/s per thread
    // for Q4_K at 2048 columns).
    constexpr size_t kActBlockBytes = 384 * 1024;
    int64_t actBlock = panel && k.gemmPanelUnpacks[size_t(w.type)]
                           ? std::max<int64_t>(actRows, 1)
                           : std::clamp<int64_t>(int64_t(kActBlockBytes / std::max<size_t>(actStride, 1))
                                                     / kGemmTileActs * kGemmTileActs,
                                                 kGemmTileActs, 256);
    // An unpacking panel's own budget (AMX), unless all rows are within half as much again: then one
    // unpacking serves them all.
    if (const size_t budget = k.gemmPanelActBytes[size_t(w.type)];
        budget && panel && k.gemmPanelUnpacks[size_t(w.type)] && size_t(actRows) * actStride > budget + budget / 2) {
        constexpr int64_t kRowsMultiple = 16;  // whole AMX token groups
        actBlock = std::max<int64_t>(kRowsMultiple,
                                     int64_t(budget / std::max<size_t>(actStride, 1)) / kRowsMultiple * kRowsMultiple);
    }
    std::vector<std::byte> scratch;  // the panel's unpacked weights: one allocation per call
    const auto* a = static_cast<const uint8_t*>(acts);
    for (int64_t t0 = 0; t0 < actRows; t0 += actBlock) {
        const int64_t t1 = std::min(actRows, t0 + actBlock);
        for (int64_t r0 = rowBegin; r0 < rowEnd; r0 += kGemmTileRows) {
            const int64_t r1 = std::min(rowEnd, r0 + kGemmTileRows);
            int64_t t = t0;
            if (panel && r1 - r0 == kGemmTileRows) {
                const int64_t whole = (t1 - t0) / kGemmTileActs * kGemmTileActs;
                if (whole > 0)
                    panel(rowPtr(w, r0), w.rowStride, a + size_t(t0) * actStride, actStride, whole, w.cols,
                          out + size_t(t0) * outStride + size_t(r0), outStride, scratch);
                t += whole;
            }
            for (; t < t1; ++t)  // the edges (and a single token, e.g. one MoE expert's in decode)
                matvec(k, w, r0, r1, a + size_t(t) * actStride, out + size_t(t) * outStride);
        }
    }
}

RowRange splitRows(int64_t rows, int parts, int index, int64_t granule)
{
    if (parts <= 0 || index < 0 || index >= parts || granule <= 0 || rows < 0)
        throw Error("kernels: splitRows needs 0 <= index < parts and granule > 0");
    const int64_t units = (rows + granule - 1) / granule;
    const int64_t base = units / parts, extra = units % parts;
    const int64_t beginUnit = index * base + std::min<int64_t>(index, extra);
    const int64_t endUnit = beginUnit + base + (index < extra ? 1 : 0);
    return {std::min(rows, beginUnit * granule), std::min(rows, endUnit * granule)};
}

}  // namespace strata::kernels
