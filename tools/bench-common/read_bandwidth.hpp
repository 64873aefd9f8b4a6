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

// The bytes of the vector a matrix-vector read combines with every line (it stays in L1).
inline constexpr size_t kMatvecVectorBytes = 16384;

// sumOfLoads with a 64-byte load of `vector` (kMatvecVectorBytes, 32-byte aligned) combined with
// each 64-byte line: what a matrix-vector loop can stream, since its vector does not stay in
// registers (tools/dev/stream_ceiling's "+ one 64 B L1 load per line"). Decode kernels are held
// to this read; the plain one stays the physical limit beside it.
float sumOfLoadsWithVector(const void* p, size_t bytes, const uint8_t* vector);

// readBandwidthGBs for that loop.
double matvecReadGBs(const uint8_t* buf, size_t bytes, int threads, double minSeconds, Timing timing);

}  // namespace strata::benchtools
