#include "read_bandwidth.hpp"

#include <cstdint>

#include "strata/kernels/matmul.hpp"

#ifdef STRATA_BENCHTOOLS_X86
#include <immintrin.h>
#endif

namespace strata::benchtools {

float sumOfLoads(const void* p, size_t bytes)
{
    // Integer adds: the buffer holds arbitrary bytes, and float adds of subnormals could stall.
    const int32_t* v = static_cast<const int32_t*>(p);
    const size_t n = bytes / sizeof(int32_t);
#ifdef STRATA_BENCHTOOLS_X86
    // Four independent accumulators: the adds never limit the load rate.
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
    for (size_t i = 0; i + 32 <= n; i += 32) {
        a0 = _mm256_add_epi32(a0, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v + i)));
        a1 = _mm256_add_epi32(a1, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v + i + 8)));
        a2 = _mm256_add_epi32(a2, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v + i + 16)));
        a3 = _mm256_add_epi32(a3, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v + i + 24)));
    }
    alignas(32) int32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes),
                       _mm256_add_epi32(_mm256_add_epi32(a0, a1), _mm256_add_epi32(a2, a3)));
    uint32_t s = 0;
    for (int32_t l : lanes)
        s += uint32_t(l);
    return float(s);
#else
    uint32_t s0 = 0, s1 = 0;
    for (size_t i = 0; i + 2 <= n; i += 2) {
        s0 += uint32_t(v[i]);
        s1 += uint32_t(v[i + 1]);
    }
    return float(s0 + s1);
#endif
}

volatile float gSink;  // keeps the loads alive

double readBandwidthGBs(const uint8_t* buf, size_t bytes, int threads, double minSeconds, Timing timing)
{
    return bestRate(
               threads, minSeconds,
               [&](int part) {
                   const kernels::RowRange r = kernels::splitRows(int64_t(bytes / 4096), threads, part);
                   const size_t n = size_t(r.end - r.begin) * 4096;
                   gSink = gSink + sumOfLoads(buf + size_t(r.begin) * 4096, n);
                   return double(n);
               },
               timing)
           / 1e9;
}

}  // namespace strata::benchtools
