// Shared by the prefill panels (gemm_*.cpp): typed, aligned room in a panel's scratch buffer, and
// the loop that unpacks a panel's Q4_K rows into an interleaved layout. Include only from
// those files.
#pragma once

#include "strata/kernels/blocks.hpp"
#include "strata/kernels/dot.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace strata::kernels::detail {
namespace {  // internal linkage: each ISA file keeps its own copy (see simd_common.hpp)

// `count` objects of T, aligned, at the start of `scratch` (grown as needed; contents undefined).
template <typename T>
T* scratchArray(std::vector<std::byte>& scratch, size_t count)
{
    const size_t bytes = count * sizeof(T) + alignof(T);
    if (scratch.size() < bytes)
        scratch.resize(bytes);
    void* base = scratch.data();
    size_t space = scratch.size();
    return static_cast<T*>(std::align(alignof(T), count * sizeof(T), base, space));
}

// The next panel's weights (the kGemmTileRows rows after this panel's, where matmul's next call on
// this thread reads) into L2, spread over the last quarter of this panel's `steps` token steps (this
// is step `step`), late enough that the activations streaming through L2 do not evict them first.
// The unpacking panels read their rows once, a block of each of 8-16 rows in turn, which the
// hardware prefetchers did not follow: on the AMD VM the AVX2 Q4_K repacking waited on its first
// load of each block (10 % of a dense Q4_K pp512 profile, 74 % of that on one load). A prefetch
// past the end of the mapping (the range's last panel) never faults.
inline void prefetchNextPanel(const void* w, size_t wStride, int64_t step, int64_t steps)
{
    constexpr size_t kLine = 64;
    const int64_t window = std::max<int64_t>(1, steps / 4), part = step - (steps - window);
    if (part < 0)
        return;
    const size_t lines = (size_t(kGemmTileRows) * wStride + kLine - 1) / kLine;
    const size_t per = (lines + size_t(window) - 1) / size_t(window);
    const auto* next = static_cast<const char*>(w) + size_t(kGemmTileRows) * wStride;
    for (size_t l = size_t(part) * per, end = std::min(lines, l + per); l < end; ++l)
        __builtin_prefetch(next + l * kLine, 0, 2);
}

// kGemmTileRows Q4_K rows (w + r * wStride), `blocks` super-blocks each, unpacked into
// Interleaved groups of `Rows` rows: packed[b * (kGemmTileRows / Rows) + v] holds super-block b of
// rows v * Rows ... v * Rows + Rows - 1.
template <typename Interleaved, int Rows, void (*Interleave)(const BlockQ4_K* const*, Interleaved&)>
Interleaved* interleaveQ4_KRows(const void* w, size_t wStride, int64_t blocks, std::vector<std::byte>& scratch)
{
    constexpr int kVectors = kGemmTileRows / Rows;
    auto* packed = scratchArray<Interleaved>(scratch, size_t(blocks) * kVectors);
    for (int64_t b = 0; b < blocks; ++b)
        for (int v = 0; v < kVectors; ++v) {
            const BlockQ4_K* rows[Rows];
            for (int k = 0; k < Rows; ++k)
                rows[k] =
                    reinterpret_cast<const BlockQ4_K*>(static_cast<const uint8_t*>(w) + wStride * size_t(v * Rows + k))
                    + b;
            Interleave(rows, packed[b * kVectors + v]);
        }
    return packed;
}

// The 8 activation bytes of chunk c (quants 8c..8c+7) of a Q8_K block, as one 64-bit lane.
inline int64_t q8KChunk(const BlockQ8_K& y, int c)
{
    int64_t v;
    std::memcpy(&v, y.qs + 8 * c, sizeof v);
    return v;
}

}  // namespace
}  // namespace strata::kernels::detail
