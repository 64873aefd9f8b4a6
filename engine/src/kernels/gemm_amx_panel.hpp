// AMX prefill panels for Q8_0 and Q4_0 weights (Q8_0 activations), written once against a tile
// backend (amx_tiles.hpp): the hardware one in gemm_amx.cpp, the scalar emulation in tests.
//
// A panel's 16 weight rows are repacked once per call into B tiles (per 32-block: 8 rows of 64
// bytes, row k holding elements 4k..4k+3 of each weight row side by side, as TDPBSSD pairs them)
// and reused for every group of up to 16 activation rows, whose quants load straight from the
// Q8_0 blocks (one A tile row per token, the block stride apart). One TDPBSSD gives the exact
// integer sums of one block for 16 tokens x 16 rows; scales apply in the AMX table's block-sum
// order (block_sum_order.hpp). Groups of fewer than 16 tokens (acts a multiple of 4) configure
// shorter A and C tiles, so no row is read past the activations. Each block's products are stored
// right away and scaled while the tile unit works on the next block; full groups take the blocks
// lane by lane, each lane's accumulators in registers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "kernels/amx_tiles.hpp"
#include "kernels/block_sum_order.hpp"
#include "strata/kernels/blocks.hpp"
#include "strata/kernels/dot.hpp"

namespace strata::kernels::detail {
namespace {  // internal linkage: each backend's file compiles its own copy

// Tile registers: two blocks in flight, each with its activations (A), weights (B) and sums (C).
constexpr int kTileA0 = 0, kTileA1 = 1, kTileB0 = 2, kTileB1 = 3, kTileC0 = 4, kTileC1 = 5;
constexpr int kPanelRows = kGemmTileRows;          // weight rows: the C tiles' 16 int32 columns
constexpr int kBTileBytes = 8 * kTileMaxColBytes;  // one 32-block of 16 rows
static_assert(kPanelRows * 4 == kTileMaxColBytes);

TileConfig panelTileConfig(int tokens)
{
    TileConfig c;
    for (int t : {kTileA0, kTileA1}) {
        c.rows[t] = uint8_t(tokens);
        c.colBytes[t] = kQK;  // one block's 32 quants
    }
    for (int t : {kTileB0, kTileB1}) {
        c.rows[t] = kQK / 4;
        c.colBytes[t] = kTileMaxColBytes;
    }
    for (int t : {kTileC0, kTileC1}) {
        c.rows[t] = uint8_t(tokens);
        c.colBytes[t] = kTileMaxColBytes;
    }
    return c;
}

// A weight block's 32 quants as int8 in element order, and its scale.
struct Q8_0Weights {
    using Block = BlockQ8_0;
    static void quants(const Block& x, int8_t out[kQK]) { std::memcpy(out, x.qs, kQK); }
};
struct Q4_0Weights {
    using Block = BlockQ4_0;
    static void quants(const Block& x, int8_t out[kQK])
    {
        for (int j = 0; j < kQK / 2; ++j) {
            out[j] = int8_t((x.qs[j] & 0x0F) - 8);
            out[j + kQK / 2] = int8_t((x.qs[j] >> 4) - 8);
        }
    }
};

// The panel's working memory in `scratch`, 64-byte aligned: B tiles and weight scales for every
// block, one token group's activation scales as floats (converted once per group, not once per
// block and token in the float steps) and float lanes, and the two C tiles' sums.
struct PanelMemory {
    int8_t* bTiles;       // blocks * kBTileBytes
    float* weightScales;  // blocks * kPanelRows
    float* actScales;     // blocks * kTileMaxRows: [block][token]
    float* lanes;         // kBlockSumLanes * kTileMaxRows * kPanelRows
    int32_t* sums[2];     // kTileMaxRows * kPanelRows each
};

PanelMemory panelMemory(std::vector<std::byte>& scratch, int64_t blocks)
{
    constexpr size_t kTile = size_t(kTileMaxRows) * kPanelRows * 4;
    static_assert(kPanelRows == kTileMaxRows);  // both scale arrays: 64 bytes per block
    const size_t bBytes = size_t(blocks) * kBTileBytes, scaleBytes = size_t(blocks) * kPanelRows * 4;
    const size_t total = bBytes + 2 * scaleBytes + kBlockSumLanes * kTile + 2 * kTile;
    uint8_t* p = alignedScratch(scratch, total);
    PanelMemory m;
    m.bTiles = reinterpret_cast<int8_t*>(p);
    m.weightScales = reinterpret_cast<float*>(p + bBytes);
    m.actScales = reinterpret_cast<float*>(p + bBytes + scaleBytes);
    m.lanes = reinterpret_cast<float*>(p + bBytes + 2 * scaleBytes);
    m.sums[0] = reinterpret_cast<int32_t*>(p + bBytes + 2 * scaleBytes + kBlockSumLanes * kTile);
    m.sums[1] = m.sums[0] + kTile / 4;
    return m;
}

// The portable repacking; a backend with `kVectorRepack` brings its own (the same bytes), which
// returns false where it cannot serve the rows.
template <typename Weights, typename Tiles>
void repackWeights(const void* w, size_t wStride, int64_t blocks, const PanelMemory& m)
{
    if constexpr (requires { Tiles::kVectorRepack; })
        if (Tiles::template repack<Weights>(w, wStride, blocks, m))
            return;
    for (int r = 0; r < kPanelRows; ++r) {
        const auto* row =
            reinterpret_cast<const typename Weights::Block*>(static_cast<const uint8_t*>(w) + wStride * size_t(r));
        for (int64_t b = 0; b < blocks; ++b) {
            int8_t q[kQK];
            Weights::quants(row[b], q);
            int8_t* tile = m.bTiles + b * kBTileBytes;
            for (int k = 0; k < kQK / 4; ++k)
                std::memcpy(tile + k * kTileMaxColBytes + 4 * r, q + 4 * k, 4);
            m.weightScales[b * kPanelRows + r] = Tiles::toFloat(row[b].d);
        }
    }
}

// Block b's tile product for the token group at `group`, in the slot's tiles, stored to its sums.
template <int Slot, typename Tiles>
void blockProduct(Tiles& tiles, const uint8_t* group, size_t aStride, int64_t b, const PanelMemory& m)
{
    constexpr int kA = Slot == 0 ? kTileA0 : kTileA1, kB = Slot == 0 ? kTileB0 : kTileB1,
                  kC = Slot == 0 ? kTileC0 : kTileC1;
    tiles.template load<kA>(group + size_t(b) * sizeof(BlockQ8_0) + offsetof(BlockQ8_0, qs), aStride);
    tiles.template load<kB>(m.bTiles + b * kBTileBytes, kTileMaxColBytes);
    tiles.template zero<kC>();
    tiles.template dpbssd<kC, kA, kB>();
    tiles.template store<kC>(m.sums[Slot], kTileMaxColBytes);
}

// blockProduct into the slot chosen at run time.
template <typename Tiles>
void blockProductIn(int slot, Tiles& tiles, const uint8_t* group, size_t aStride, int64_t b, const PanelMemory& m)
{
    if (slot == 0)
        blockProduct<0>(tiles, group, aStride, b, m);
    else
        blockProduct<1>(tiles, group, aStride, b, m);
}

constexpr int kLaneFloats = kTileMaxRows * kPanelRows;

// Block b's sums (in `sums`) scaled into its float lane.
template <typename Tiles>
void blockScale(Tiles& tiles, const int32_t* sums, int64_t b, int tokens, const PanelMemory& m)
{
    tiles.scaleAdd(m.lanes + (b % kBlockSumLanes) * kLaneFloats, sums, m.weightScales + b * kPanelRows,
                   m.actScales + b * kTileMaxRows, tokens);
}

// A group of fewer than 16 tokens, block by block: each block's float steps run while the tile
// unit multiplies the next block (lanes still get their blocks in increasing order).
template <typename Tiles>
void blockMajorGroup(Tiles& tiles, const uint8_t* group, size_t aStride, int64_t blocks, int tokens,
                     const PanelMemory& m)
{
    std::fill(m.lanes, m.lanes + kBlockSumLanes * kLaneFloats, 0.0f);
    const auto scale = [&](int64_t b, int slot) { blockScale(tiles, m.sums[slot], b, tokens, m); };
    int64_t b = 0;
    for (; b + 2 <= blocks; b += 2) {
        blockProduct<0>(tiles, group, aStride, b, m);
        if (b > 0)
            scale(b - 1, 1);
        blockProduct<1>(tiles, group, aStride, b + 1, m);
        scale(b, 0);
    }
    if (b < blocks)
        blockProduct<0>(tiles, group, aStride, b, m);
    if (b > 0)
        scale(b - 1, 1);
    if (b < blocks)
        scale(b, 0);
}

// A full group of 16 tokens, lane by lane: lane k's blocks k, k + 8, ... (its order in the
// block-sum order) accumulate in the backend's registers (Tiles::Lane) and are stored once, so
// the float steps neither load nor store the lane per block. Pipelined as blockMajorGroup, the
// next block in this order being b + 8, or the next lane's first. Lane 0 converts the activation
// scales of its block and the 7 after it, so the conversions overlap tile products rather than
// run alone before them.
template <typename Tiles>
void laneMajorGroup(Tiles& tiles, const uint8_t* group, size_t aStride, int64_t blocks, const PanelMemory& m)
{
    const int64_t lanes = std::min<int64_t>(kBlockSumLanes, blocks);
    std::fill(m.lanes + lanes * kLaneFloats, m.lanes + kBlockSumLanes * kLaneFloats, 0.0f);  // lanes with no block
    if (blocks == 0)
        return;
    typename Tiles::Lane acc;
    tiles.zeroLane(acc);
    int64_t b = 0;
    int slot = 0;
    blockProductIn(slot, tiles, group, aStride, b, m);
    for (;;) {
        const bool laneEnds = b + kBlockSumLanes >= blocks;
        const int64_t next = laneEnds ? b % kBlockSumLanes + 1 : b + kBlockSumLanes;
        const bool more = !laneEnds || next < lanes;
        if (more)
            blockProductIn(slot ^ 1, tiles, group, aStride, next, m);
        if (b % kBlockSumLanes == 0)  // lane 0 comes first
            tiles.actScales(m.actScales + b * kTileMaxRows,
                            group + size_t(b) * sizeof(BlockQ8_0) + offsetof(BlockQ8_0, d), aStride,
                            std::min<int64_t>(kBlockSumLanes, blocks - b), kTileMaxRows);
        tiles.scaleAddLane(acc, m.sums[slot], m.weightScales + b * kPanelRows, m.actScales + b * kTileMaxRows);
        if (laneEnds) {
            tiles.storeLane(acc, m.lanes + (b % kBlockSumLanes) * kLaneFloats);
            tiles.zeroLane(acc);
        }
        if (!more)
            return;
        b = next;
        slot ^= 1;
    }
}

// The GemmPanelFn contract (dot.hpp) on `tiles`.
template <typename Weights, typename Tiles>
void amxPanel(Tiles& tiles, const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n,
              float* out, size_t outStride, std::vector<std::byte>& scratch)
{
    const int64_t blocks = n / kQK;
    const PanelMemory m = panelMemory(scratch, blocks);
    repackWeights<Weights, Tiles>(w, wStride, blocks, m);
    int configured = 0;
    for (int64_t t0 = 0; t0 < acts; t0 += kTileMaxRows) {
        const int tokens = int(std::min<int64_t>(kTileMaxRows, acts - t0));
        if (tokens != configured) {
            tiles.configure(panelTileConfig(tokens));
            configured = tokens;
        }
        const uint8_t* group = static_cast<const uint8_t*>(a) + size_t(t0) * aStride;
        if (tokens == kTileMaxRows) {
            laneMajorGroup(tiles, group, aStride, blocks, m);
        } else {
            tiles.actScales(m.actScales, group + offsetof(BlockQ8_0, d), aStride, blocks, tokens);
            blockMajorGroup(tiles, group, aStride, blocks, tokens, m);
        }
        tiles.fold(m.lanes, tokens, out + size_t(t0) * outStride, outStride);
    }
    if (configured)
        tiles.release();
}

}  // namespace
}  // namespace strata::kernels::detail
