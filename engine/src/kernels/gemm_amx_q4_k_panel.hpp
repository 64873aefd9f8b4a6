// AMX prefill panel for Q4_K weights (Q8_K activations), written once against a tile backend
// (amx_tiles.hpp), bit-identical to the AVX-512 dotQ4_K that the AMX table keeps for decode.
//
// That dot scales two exact integer sums per super-block and pair: over the first and the second
// 4 quants of every 8 (sc_g * q * a summed; even and odd dwords of a 64-byte chunk), each with its
// own min term (groups 0, 1, 4, 5 and 2, 3, 6, 7). The tiles give the same integers: a group scale
// (6 bits) splits as 8 * hi + lo (3 bits each), so sc * q = 8 * hi * q + lo * q with both products
// below 128, baked into int8 B tiles; each half gets its own B tiles, the other half's dwords
// zero. Per 64-quant chunk one A tile (the tokens' Q8_K quants, loaded in place) meets four B tiles
// (lo/hi x first/second half) into four C tiles; after a super-block's four chunks,
// first = C_lo_first + 8 * C_hi_first, and so on. The min terms come from the Q8_K bsums and
// mins packed in int16 pairs, the float steps are dotQ4_K's.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "kernels/amx_tiles.hpp"
#include "kernels/gemm_amx_k_quant_tiles.hpp"
#include "strata/kernels/blocks.hpp"
#include "strata/kernels/dot.hpp"

namespace strata::kernels::detail {
namespace {  // internal linkage: each backend's file compiles its own copy

constexpr int kQ4KRows = kKQuantRows;
constexpr int kQ4KChunks = kKQuantChunks;
constexpr int kQ4KVariants = kKQuantVariants;  // lo first, lo second, hi first, hi second
constexpr int kQ4KSuperBlockBytes = kKQuantSuperBlockBytes;
constexpr int kQ4KSums = kKQuantSums;

// The panel's working memory in `scratch`, 64-byte aligned, per super-block b: B tiles
// [b][chunk][variant], the rows' d and dmin as floats, and their mins as int16 pairs
// (minPairs[b][p][r]: groups 2p and 2p + 1 of row r); then two token groups' float accumulators
// (first and second half) and two sets of four C tiles' sums.
struct Q4KPanelMemory {
    int8_t* bTiles;
    float* d;
    float* dmin;
    int32_t* minPairs;
    float* acc;
    int32_t* sums[2];
};

int8_t* q4KTile(const Q4KPanelMemory& m, int64_t b, int chunk, int variant)
{
    return m.bTiles + b * kQ4KSuperBlockBytes + (chunk * kQ4KVariants + variant) * kKQuantTileBytes;
}

Q4KPanelMemory q4KPanelMemory(std::vector<std::byte>& scratch, int64_t superBlocks)
{
    const size_t sb = size_t(superBlocks);
    const size_t bBytes = sb * kQ4KSuperBlockBytes, rowBytes = sb * kQ4KRows * 4;
    const size_t accBytes = 2 * kQ4KSums * 4, sumBytes = kQ4KVariants * kQ4KSums * 4;
    const size_t total = bBytes + 6 * rowBytes + accBytes + 2 * sumBytes;
    uint8_t* p = alignedScratch(scratch, total);
    Q4KPanelMemory m;
    m.bTiles = reinterpret_cast<int8_t*>(p);
    m.d = reinterpret_cast<float*>(p + bBytes);
    m.dmin = reinterpret_cast<float*>(p + bBytes + rowBytes);
    m.minPairs = reinterpret_cast<int32_t*>(p + bBytes + 2 * rowBytes);
    m.acc = reinterpret_cast<float*>(p + bBytes + 6 * rowBytes);
    m.sums[0] = reinterpret_cast<int32_t*>(p + bBytes + 6 * rowBytes + accBytes);
    m.sums[1] = m.sums[0] + kQ4KVariants * kQ4KSums;
    return m;
}

// The portable repacking; a backend with `kVectorRepackQ4K` brings its own (the same bytes).
template <typename Tiles>
void repackQ4_K(const void* w, size_t wStride, int64_t superBlocks, const Q4KPanelMemory& m)
{
    if constexpr (requires { Tiles::kVectorRepackQ4K; })
        if (Tiles::repackQ4_K(w, wStride, superBlocks, m))
            return;
    std::memset(m.bTiles, 0, size_t(superBlocks) * kQ4KSuperBlockBytes);
    for (int r = 0; r < kQ4KRows; ++r) {
        const auto* row = reinterpret_cast<const BlockQ4_K*>(static_cast<const uint8_t*>(w) + wStride * size_t(r));
        for (int64_t b = 0; b < superBlocks; ++b) {
            const BlockQ4_K& x = row[b];
            uint8_t sc[8], mn[8];
            for (int g = 0; g < 8; ++g)
                scaleMinK4(g, x.scales, sc[g], mn[g]);
            for (int e = 0; e < kQK_K; ++e) {
                const int chunk = e / 64, dword = (e % 64) / 4, g = e / 32;
                const uint8_t byte = x.qs[32 * chunk + e % 32];
                const int q = (e % 64) < 32 ? byte & 0x0F : byte >> 4;
                const size_t at = size_t(dword) * kTileMaxColBytes + 4 * size_t(r) + size_t(e % 4);
                q4KTile(m, b, chunk, dword % 2)[at] = int8_t(q * (sc[g] & 7));
                q4KTile(m, b, chunk, 2 + dword % 2)[at] = int8_t(q * (sc[g] >> 3));
            }
            m.d[b * kQ4KRows + r] = Tiles::toFloat(x.d);
            m.dmin[b * kQ4KRows + r] = Tiles::toFloat(x.dmin);
            for (int p = 0; p < 4; ++p)
                m.minPairs[(b * 4 + p) * kQ4KRows + r] = int32_t(uint32_t(mn[2 * p]) | uint32_t(mn[2 * p + 1]) << 16);
        }
    }
}

// The GemmPanelFn contract (dot.hpp) on `tiles`; software pipelined as amxPanel.
template <typename Tiles>
void amxPanelQ4_K(Tiles& tiles, const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n,
                  float* out, size_t outStride, std::vector<std::byte>& scratch)
{
    const int64_t superBlocks = n / kQK_K;
    const Q4KPanelMemory m = q4KPanelMemory(scratch, superBlocks);
    repackQ4_K<Tiles>(w, wStride, superBlocks, m);
    int configured = 0;
    for (int64_t t0 = 0; t0 < acts; t0 += kTileMaxRows) {
        const int tokens = int(std::min<int64_t>(kTileMaxRows, acts - t0));
        if (tokens != configured) {
            tiles.configure(kQuantTileConfig(tokens));
            configured = tokens;
        }
        std::fill(m.acc, m.acc + 2 * kQ4KSums, 0.0f);
        const uint8_t* group = static_cast<const uint8_t*>(a) + size_t(t0) * aStride;
        const auto scale = [&](int64_t b) {
            tiles.scaleAddQ4_K(m.acc, m.sums[b % 2], m.d + b * kQ4KRows, m.dmin + b * kQ4KRows,
                               m.minPairs + b * 4 * kQ4KRows, group + size_t(b) * sizeof(BlockQ8_K), aStride, tokens);
        };
        for (int64_t b = 0; b < superBlocks; ++b) {
            kQuantProduct(tiles, group, aStride, b, q4KTile(m, b, 0, 0), m.sums[b % 2]);
            if (b > 0)
                scale(b - 1);
        }
        if (superBlocks > 0)
            scale(superBlocks - 1);
        tiles.foldQ4_K(m.acc, tokens, out + size_t(t0) * outStride, outStride);
    }
    if (configured)
        tiles.release();
}

}  // namespace
}  // namespace strata::kernels::detail
