// AMX prefill panel for Q6_K weights (Q8_K activations), written once against a tile backend
// (amx_tiles.hpp), bit-identical to the AMX table's Q6_K dot (dotQ6_KWholeSums).
//
// A Q6_K super-block's sum is exact in integers: sum over groups g of 16 quants of
// sc_g * (q - 32) * a, with sc_g a signed byte and q - 32 in [-32, 31]. Their product does not fit
// a tile's int8, so the scale splits into base-4 digits, sc = 64 * s3 + 16 * s2 + 4 * s1 + s0
// (s0..s2 in [0, 3], s3 = sc >> 6 in [-2, 1]), and each digit times q - 32 (within [-96, 93]) is
// baked into its own int8 B tile. Per 64-quant chunk one A tile (the tokens' Q8_K quants, loaded
// in place) meets the four digits' B tiles into four C tiles; after a super-block's four chunks
// its sum is C0 + 4 * C1 + 16 * C2 + 64 * C3, converted and scaled by one fused multiply-add per
// super-block in order, as that dot does.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/amx_tiles.hpp"
#include "kernels/gemm_amx_k_quant_tiles.hpp"
#include "strata/kernels/blocks.hpp"
#include "strata/kernels/dot.hpp"

namespace strata::kernels::detail {
namespace {  // internal linkage: each backend's file compiles its own copy

constexpr int kQ6KRows = kKQuantRows;
constexpr int kQ6KDigits = kKQuantVariants;
constexpr int kQ6KSums = kKQuantSums;

// The panel's working memory in `scratch`, 64-byte aligned: B tiles [b][chunk][digit], the rows'
// d as floats per super-block, one token group's float accumulators and two sets of four C tiles'
// sums.
struct Q6KPanelMemory {
    int8_t* bTiles;
    float* d;
    float* acc;
    int32_t* sums[2];
};

int8_t* q6KTile(const Q6KPanelMemory& m, int64_t b, int chunk, int digit)
{
    return m.bTiles + b * kKQuantSuperBlockBytes + (chunk * kQ6KDigits + digit) * kKQuantTileBytes;
}

Q6KPanelMemory q6KPanelMemory(std::vector<std::byte>& scratch, int64_t superBlocks)
{
    const size_t sb = size_t(superBlocks);
    const size_t bBytes = sb * kKQuantSuperBlockBytes, dBytes = sb * kQ6KRows * 4;
    const size_t accBytes = kQ6KSums * 4, sumBytes = kQ6KDigits * kQ6KSums * 4;
    uint8_t* p = alignedScratch(scratch, bBytes + dBytes + accBytes + 2 * sumBytes);
    Q6KPanelMemory m;
    m.bTiles = reinterpret_cast<int8_t*>(p);
    m.d = reinterpret_cast<float*>(p + bBytes);
    m.acc = reinterpret_cast<float*>(p + bBytes + dBytes);
    m.sums[0] = reinterpret_cast<int32_t*>(p + bBytes + dBytes + accBytes);
    m.sums[1] = m.sums[0] + kQ6KDigits * kQ6KSums;
    return m;
}

// Element e's quant (0..63, the offset of 32 still in) of a Q6_K block.
inline int q6KQuant(const BlockQ6_K& x, int e)
{
    const int half = e / 128, j = e % 128;
    const int low = (x.ql[64 * half + j % 64] >> (4 * (j / 64))) & 0x0F;
    const int high = (x.qh[32 * half + j % 32] >> (2 * (j / 32))) & 0x03;
    return low | high << 4;
}

// Digit k of a scale in [-128, 127]: bits 2k..2k+1, the top one signed.
inline int q6KScaleDigit(int8_t sc, int k)
{
    return k < 3 ? (sc >> (2 * k)) & 3 : sc >> 6;
}

// The portable repacking; a backend with `kVectorRepackQ6K` brings its own (the same bytes).
// B tile row k of a chunk holds dword k (4 quants) of each of the 16 rows.
template <typename Tiles>
void repackQ6_K(const void* w, size_t wStride, int64_t superBlocks, const Q6KPanelMemory& m)
{
    if constexpr (requires { Tiles::kVectorRepackQ6K; })
        if (Tiles::repackQ6_K(w, wStride, superBlocks, m))
            return;
    for (int r = 0; r < kQ6KRows; ++r) {
        const auto* row = reinterpret_cast<const BlockQ6_K*>(static_cast<const uint8_t*>(w) + wStride * size_t(r));
        for (int64_t b = 0; b < superBlocks; ++b) {
            const BlockQ6_K& x = row[b];
            for (int e = 0; e < kQK_K; ++e) {
                const int chunk = e / 64, dword = (e % 64) / 4;
                const size_t at = size_t(dword) * kTileMaxColBytes + 4 * size_t(r) + size_t(e % 4);
                const int q = q6KQuant(x, e) - 32;
                for (int k = 0; k < kQ6KDigits; ++k)
                    q6KTile(m, b, chunk, k)[at] = int8_t(q * q6KScaleDigit(x.scales[e / 16], k));
            }
            m.d[b * kQ6KRows + r] = Tiles::toFloat(x.d);
        }
    }
}

// The GemmPanelFn contract (dot.hpp) on `tiles`; software pipelined as amxPanel: super-block b's
// float step runs after b + 1's tile products are issued.
template <typename Tiles>
void amxPanelQ6_K(Tiles& tiles, const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n,
                  float* out, size_t outStride, std::vector<std::byte>& scratch)
{
    const int64_t superBlocks = n / kQK_K;
    const Q6KPanelMemory m = q6KPanelMemory(scratch, superBlocks);
    repackQ6_K<Tiles>(w, wStride, superBlocks, m);
    int configured = 0;
    for (int64_t t0 = 0; t0 < acts; t0 += kTileMaxRows) {
        const int tokens = int(std::min<int64_t>(kTileMaxRows, acts - t0));
        if (tokens != configured) {
            tiles.configure(kQuantTileConfig(tokens));
            configured = tokens;
        }
        std::fill(m.acc, m.acc + kQ6KSums, 0.0f);
        const uint8_t* group = static_cast<const uint8_t*>(a) + size_t(t0) * aStride;
        const auto scale = [&](int64_t b) {
            tiles.scaleAddQ6_K(m.acc, m.sums[b % 2], m.d + b * kQ6KRows, group + size_t(b) * sizeof(BlockQ8_K), aStride,
                               tokens);
        };
        for (int64_t b = 0; b < superBlocks; ++b) {
            kQuantProduct(tiles, group, aStride, b, q6KTile(m, b, 0, 0), m.sums[b % 2]);
            if (b > 0)
                scale(b - 1);
        }
        if (superBlocks > 0)
            scale(superBlocks - 1);
        for (int t = 0; t < tokens; ++t)
            std::memcpy(out + size_t(t0 + t) * outStride, m.acc + t * kQ6KRows, kQ6KRows * sizeof(float));
    }
    if (configured)
        tiles.release();
}

}  // namespace
}  // namespace strata::kernels::detail
