// Four consecutive weight rows for the decode kernels that take kDotRows rows at once
// (dot_rows_avx2.cpp, dot_rows_avx512.cpp). Include only from those files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <immintrin.h>

#include "strata/kernels/dot.hpp"

namespace strata::kernels::detail {
namespace {  // internal linkage: every ISA file keeps its own copy (see simd_common.hpp)

// Row r at w + r * wStride, and the by-hand prefetch of the next four. Four rows read side by side
// are four short streams that the hardware prefetchers lose track of at every row end; so the next
// four rows (the matvec's next call) are fetched a share of their lines per step. Prefetches past
// a mapping never fault.
template <typename Block>
struct RowGroup {
    const Block* row[kDotRows];
    const uint8_t* next;
    size_t linesPerStep;

    RowGroup(const void* w, size_t wStride, int64_t steps)
    {
        const auto* base = static_cast<const uint8_t*>(w);
        for (int r = 0; r < kDotRows; ++r)
            row[r] = reinterpret_cast<const Block*>(base + size_t(r) * wStride);
        next = base + kDotRows * wStride;
        linesPerStep = steps > 0 ? (kDotRows * wStride + size_t(steps) * 64 - 1) / (size_t(steps) * 64) : 0;
    }
    void prefetch(int64_t step) const
    {
        for (size_t l = 0; l < linesPerStep; ++l)
            _mm_prefetch(reinterpret_cast<const char*>(next + (size_t(step) * linesPerStep + l) * 64), _MM_HINT_T0);
    }
};

}  // namespace
}  // namespace strata::kernels::detail
