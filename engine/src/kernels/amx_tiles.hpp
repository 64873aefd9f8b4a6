// The AMX tile configuration as LDTILECFG reads it (palette 1: 8 tiles of up to 16 rows x 64
// bytes), shared by the hardware tile operations (gemm_amx.cpp) and their scalar emulation
// (amx_tiles_emulated.hpp). Both backends offer the same operations, so the panels
// (gemm_amx_panel.hpp) are written once and their indexing is tested on CPUs without AMX:
//   configure(const TileConfig&), release()
//   load<T>(base, stride), zero<T>(), store<T>(base, stride)   rows of tile T, `stride` bytes apart
//   dpbssd<C, A, B>()   C[m][n] += sum over k < colsb(A) / 4, i < 4 of A[m][4k + i] * B[k][4n + i] (int8)
//   toFloat(fp16), actScales(...), scaleAdd(...), fold(...)   the float steps around the tile products,
//   and Lane with zeroLane, scaleAddLane, storeLane: scaleAdd for 16 tokens into one lane held apart
//   (registers on the hardware) (gemm_amx_panel.hpp)
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace strata::kernels::detail {

inline constexpr int kTileCount = 8, kTileMaxRows = 16, kTileMaxColBytes = 64;

struct alignas(64) TileConfig {
    uint8_t palette = 1;
    uint8_t startRow = 0;
    uint8_t reserved[14] = {};
    uint16_t colBytes[16] = {};  // per tile; 0: unused
    uint8_t rows[16] = {};
};
static_assert(sizeof(TileConfig) == 64);

// `bytes` of a panel's scratch (grown as needed), 64-byte aligned: tile rows and AVX-512 lines.
inline uint8_t* alignedScratch(std::vector<std::byte>& scratch, size_t bytes)
{
    if (scratch.size() < bytes + 64)
        scratch.resize(bytes + 64);
    void* base = scratch.data();
    size_t space = scratch.size();
    return static_cast<uint8_t*>(std::align(64, bytes, base, space));
}

}  // namespace strata::kernels::detail
