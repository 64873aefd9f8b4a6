// The tile steps the AMX K-quant panels share (gemm_amx_q4_k_panel.hpp, gemm_amx_q6_k_panel.hpp),
// written against a tile backend (amx_tiles.hpp): a super-block's 256 quants as four 64-quant
// chunks, each chunk's activations (one A tile: the tokens' Q8_K quants, loaded in place) against
// four int8 B tiles into four C tiles. Each panel bakes its own four variants of the weights into
// the B tiles, laid out [chunk][variant] per super-block of 16 rows.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/amx_tiles.hpp"
#include "strata/kernels/blocks.hpp"
#include "strata/kernels/dot.hpp"

namespace strata::kernels::detail {
namespace {  // internal linkage: each backend's file compiles its own copy

// Tile registers: chunks' activations alternately in A0 and A1 (the next chunk's load need not wait
// for the products reading the last one), two B tiles at a time, four sums.
constexpr int kKQuantTileA0 = 0, kKQuantTileA1 = 1, kKQuantTileB0 = 2, kKQuantTileB1 = 3, kKQuantTileC0 = 4,
              kKQuantTileC1 = 5, kKQuantTileC2 = 6, kKQuantTileC3 = 7;
constexpr int kKQuantRows = kGemmTileRows;
constexpr int kKQuantChunks = kQK_K / kTileMaxColBytes;  // 64 quants per A tile row
constexpr int kKQuantVariants = 4;
constexpr int kKQuantTileBytes = kTileMaxRows * kTileMaxColBytes;
constexpr int kKQuantSuperBlockBytes = kKQuantChunks * kKQuantVariants * kKQuantTileBytes;  // 16 KiB
constexpr int kKQuantSums = kTileMaxRows * kKQuantRows;                                     // one C tile's int32
static_assert(kKQuantRows * 4 == kTileMaxColBytes);

TileConfig kQuantTileConfig(int tokens)
{
    TileConfig c;
    for (int t : {kKQuantTileA0, kKQuantTileA1, kKQuantTileC0, kKQuantTileC1, kKQuantTileC2, kKQuantTileC3}) {
        c.rows[t] = uint8_t(tokens);
        c.colBytes[t] = kTileMaxColBytes;
    }
    for (int t : {kKQuantTileB0, kKQuantTileB1}) {
        c.rows[t] = kTileMaxColBytes / 4;
        c.colBytes[t] = kTileMaxColBytes;
    }
    return c;
}

// One 64-quant chunk's activations (in tile A) against its four B tiles (`chunkTiles`, consecutive),
// into the four C tiles.
template <int A, typename Tiles>
void kQuantChunk(Tiles& tiles, const uint8_t* quants, size_t aStride, const int8_t* chunkTiles)
{
    tiles.template load<A>(quants, aStride);
    tiles.template load<kKQuantTileB0>(chunkTiles, kTileMaxColBytes);
    tiles.template load<kKQuantTileB1>(chunkTiles + kKQuantTileBytes, kTileMaxColBytes);
    tiles.template dpbssd<kKQuantTileC0, A, kKQuantTileB0>();
    tiles.template dpbssd<kKQuantTileC1, A, kKQuantTileB1>();
    tiles.template load<kKQuantTileB0>(chunkTiles + 2 * kKQuantTileBytes, kTileMaxColBytes);
    tiles.template load<kKQuantTileB1>(chunkTiles + 3 * kKQuantTileBytes, kTileMaxColBytes);
    tiles.template dpbssd<kKQuantTileC2, A, kKQuantTileB0>();
    tiles.template dpbssd<kKQuantTileC3, A, kKQuantTileB1>();
}

// Super-block b's tile products for the token group at `group` (Q8_K rows aStride apart) against its
// B tiles into sums (four C tiles, kKQuantSums int32 each).
template <typename Tiles>
void kQuantProduct(Tiles& tiles, const uint8_t* group, size_t aStride, int64_t b, const int8_t* superBlockTiles,
                   int32_t* sums)
{
    tiles.template zero<kKQuantTileC0>();
    tiles.template zero<kKQuantTileC1>();
    tiles.template zero<kKQuantTileC2>();
    tiles.template zero<kKQuantTileC3>();
    const uint8_t* quants = group + size_t(b) * sizeof(BlockQ8_K) + offsetof(BlockQ8_K, qs);
    constexpr int kChunkTileBytes = kKQuantVariants * kKQuantTileBytes;
    static_assert(kKQuantChunks % 2 == 0);
    for (int chunk = 0; chunk < kKQuantChunks; chunk += 2) {
        kQuantChunk<kKQuantTileA0>(tiles, quants + chunk * kTileMaxColBytes, aStride,
                                   superBlockTiles + chunk * kChunkTileBytes);
        kQuantChunk<kKQuantTileA1>(tiles, quants + (chunk + 1) * kTileMaxColBytes, aStride,
                                   superBlockTiles + (chunk + 1) * kChunkTileBytes);
    }
    tiles.template store<kKQuantTileC0>(sums, kTileMaxColBytes);
    tiles.template store<kKQuantTileC1>(sums + kKQuantSums, kTileMaxColBytes);
    tiles.template store<kKQuantTileC2>(sums + 2 * kKQuantSums, kTileMaxColBytes);
    tiles.template store<kKQuantTileC3>(sums + 3 * kKQuantSums, kTileMaxColBytes);
}

}  // namespace
}  // namespace strata::kernels::detail
