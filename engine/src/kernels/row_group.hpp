// Four consecutive weight rows for the decode kernels that take kDotRows rows at once
// (dot_rows_avx2.cpp, dot_rows_avx512.cpp). Include only from those files.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <immintrin.h>

#include "strata/kernels/dot.hpp"

namespace strata::kernels::detail {
namespace {  // internal linkage: every ISA file keeps its own copy (see simd_common.hpp)

// Row r at w + r * wStride, and the by-hand prefetch of the next four. Four rows read side by side
// are four short streams that the hardware prefetchers lose track of at every row end; so the next
// four rows (the matvec's next call, or a later one for short rows) are fetched a share of their
// lines per step. Prefetches past a mapping never fault.
template <typename Block>
struct RowGroup {
    // The least distance a prefetch runs ahead of the reads (Xeon host, strata-kernelbench Q4_K
    // matvec at 256 columns, one thread: 7.4 GB/s fetching the next group, 9.0 at 2 KiB ahead,
    // 11.4 at 4 KiB, as fast as rows of 2048 columns, which this leaves as they were).
    static constexpr size_t kMinAheadBytes = 4096;
    const Block* row[kDotRows];
    const uint8_t* next;
    size_t linesPerStep;

    RowGroup(const void* w, size_t wStride, int64_t steps)
    {
        const auto* base = static_cast<const uint8_t*>(w);
        for (int r = 0; r < kDotRows; ++r)
            row[r] = reinterpret_cast<const Block*>(base + size_t(r) * wStride);
        // Short rows (an MoE expert's down rows of one or two blocks) end before a prefetch of
        // the very next four could hide a memory access: then a later call's group is fetched.
        const size_t groupBytes = kDotRows * wStride;
        const size_t groupsAhead = std::max<size_t>(1, (kMinAheadBytes + groupBytes - 1) / groupBytes);
        next = base + groupsAhead * groupBytes;
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
