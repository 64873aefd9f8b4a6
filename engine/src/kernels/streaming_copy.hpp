// A copy whose destination is not read again by this CPU (a stager's pinned slot, which the DMA
// engine reads next): non-temporal stores write whole cache lines to memory without first reading
// them in (no read-for-ownership) and without evicting the caches' working data. glibc's memcpy
// switches to such stores only above a threshold tied to the cache size, larger than an expert's
// matrix, so a stager's copies of ~1 MiB pieces read the destination as well (issue 21: the
// stagers' copies are most of a long prompt's process CPU).
#pragma once

#include <cstddef>

namespace strata::kernels {

// Copies `bytes` from `from` to `to` (not overlapping) with non-temporal stores where the CPU has
// them (x86-64: SSE2, every such CPU), memcpy elsewhere and for the unaligned head and the tail.
// The stores are fenced before it returns: a later store that publishes the data orders after them.
void streamingCopy(void* to, const void* from, size_t bytes);

}  // namespace strata::kernels
