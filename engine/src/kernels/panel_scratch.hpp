// Shared by the prefill panels (gemm_*.cpp): typed, aligned room in a panel's scratch buffer, and
// the loop that unpacks a panel's Q4_K rows into an interleaved layout. Include only from
// those files.
#pragma once

#include "strata/kernels/blocks.hpp"
#include "strata/kernels/dot.hpp"

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
