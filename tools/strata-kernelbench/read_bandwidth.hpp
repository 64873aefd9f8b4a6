// A STREAM-like read: the physical limit the matvec kernels are measured against.
#pragma once

#include <cstddef>

namespace strata::kernelbench {

// Sum of every 32-byte vector of [p, p + bytes) (bytes a multiple of 128); the result only exists
// so the loads cannot be optimised away.
float sumOfLoads(const void* p, size_t bytes);

}  // namespace strata::kernelbench
