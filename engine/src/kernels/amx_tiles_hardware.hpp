// The AMX tile operations (amx_tiles.hpp) on the hardware: LDTILECFG, TILELOADD, TILEZERO,
// TDPBSSD, TILESTORED, TILERELEASE. Include only from files compiled with -mamx-tile -mamx-int8.
#pragma once

#include <immintrin.h>

#include <cstddef>

#include "kernels/amx_tiles.hpp"

namespace strata::kernels::detail {
namespace {  // internal linkage, as simd_common.hpp

// GCC's tile intrinsics are asm statements that name their tile in the instruction text (so the
// tile number must be a literal) and, for loads and LDTILECFG, do not tell the compiler which
// memory they read: a compiler barrier first keeps the stores they depend on (repacked weights,
// the configuration) before them.
inline void compilerBarrier()
{
    __asm__ volatile("" ::: "memory");
}

struct HardwareTileOps {
    static void configure(const TileConfig& config)
    {
        compilerBarrier();
        _tile_loadconfig(&config);
    }
    static void release() { _tile_release(); }

    // Tiles by number: 0, 1 activations, 2, 3 weights, 4-7 sums (both panels' layouts).
    template <int T>
    static void load(const void* base, size_t stride)
    {
        compilerBarrier();
        if constexpr (T == 0)
            _tile_loadd(0, base, stride);
        else if constexpr (T == 1)
            _tile_loadd(1, base, stride);
        else if constexpr (T == 2)
            _tile_loadd(2, base, stride);
        else if constexpr (T == 3)
            _tile_loadd(3, base, stride);
        else
            static_assert(T == 0, "no load into this tile");
    }
    template <int T>
    static void zero()
    {
        if constexpr (T == 4)
            _tile_zero(4);
        else if constexpr (T == 5)
            _tile_zero(5);
        else if constexpr (T == 6)
            _tile_zero(6);
        else if constexpr (T == 7)
            _tile_zero(7);
        else
            static_assert(T == 4, "no zeroing of this tile");
    }
    template <int T>
    static void store(void* base, size_t stride)
    {
        if constexpr (T == 4)
            _tile_stored(4, base, stride);
        else if constexpr (T == 5)
            _tile_stored(5, base, stride);
        else if constexpr (T == 6)
            _tile_stored(6, base, stride);
        else if constexpr (T == 7)
            _tile_stored(7, base, stride);
        else
            static_assert(T == 4, "no store from this tile");
    }
    template <int C, int A, int B>
    static void dpbssd()
    {
        if constexpr (C == 4 && A == 0 && B == 2)
            _tile_dpbssd(4, 0, 2);
        else if constexpr (C == 5 && A == 1 && B == 3)
            _tile_dpbssd(5, 1, 3);
        else if constexpr (C == 5 && A == 0 && B == 3)
            _tile_dpbssd(5, 0, 3);
        else if constexpr (C == 6 && A == 0 && B == 2)
            _tile_dpbssd(6, 0, 2);
        else if constexpr (C == 7 && A == 0 && B == 3)
            _tile_dpbssd(7, 0, 3);
        else if constexpr (C == 4 && A == 1 && B == 2)
            _tile_dpbssd(4, 1, 2);
        else if constexpr (C == 6 && A == 1 && B == 2)
            _tile_dpbssd(6, 1, 2);
        else if constexpr (C == 7 && A == 1 && B == 3)
            _tile_dpbssd(7, 1, 3);
        else
            static_assert(C == 4 && A == 0 && B == 2, "no product of these tiles");
    }
};

}  // namespace
}  // namespace strata::kernels::detail
