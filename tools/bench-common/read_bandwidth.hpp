// A STREAM-like read: the physical limit that decode kernels and the decode roofline are measured
// against.
#pragma once

#include <cstddef>
#include <cstdint>

#include "best_rate.hpp"

namespace strata::benchtools {

// Sum of every 32-byte vector of [p, p + bytes) (bytes a multiple of 128); the result only exists
// so the loads cannot be optimised away.
float sumOfLoads(const void* p, size_t bytes);

// GB/s of `threads` threads each reading its share of buf (bytes a multiple of 4096; make it far
// larger than the caches), best of the rounds bestRate() runs.
double readBandwidthGBs(const uint8_t* buf, size_t bytes, int threads, double minSeconds, Timing timing);

}  // namespace strata::benchtools
