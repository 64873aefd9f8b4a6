#include "read_bandwidth.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "strata/kernels/matmul.hpp"

#ifdef STRATA_BENCHTOOLS_X86
#include <immintrin.h>
#endif

namespace strata::benchtools {

#ifdef STRATA_BENCHTOOLS_X86
namespace {

// The wrapping int32 total of four accumulators' lanes, as a float.
float laneTotal(__m256i a0, __m256i a1, __m256i a2, __m256i a3)
{
    alignas(32) int32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes),
                       _mm256_add_epi32(_mm256_add_epi32(a0, a1), _mm256_add_epi32(a2, a3)));
    uint32_t s = 0;
    for (int32_t l : lanes)
        s += uint32_t(l);
    return float(s);
}

}  // namespace
#endif

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
    return laneTotal(a0, a1, a2, a3);
#else
    uint32_t s0 = 0, s1 = 0;
    for (size_t i = 0; i + 2 <= n; i += 2) {
        s0 += uint32_t(v[i]);
        s1 += uint32_t(v[i + 1]);
    }
    return float(s0 + s1);
#endif
}

float sumOfLoadsWithVector(const void* p, size_t bytes, const uint8_t* vector)
{
    const int32_t* v = static_cast<const int32_t*>(p);
    const size_t n = bytes / sizeof(int32_t);
    constexpr size_t kVectorInts = kMatvecVectorBytes / sizeof(int32_t);
    const auto* x = reinterpret_cast<const int32_t*>(vector);
#ifdef STRATA_BENCHTOOLS_X86
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
    const auto line = [](const int32_t* w, const int32_t* vec) {
        return _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(w)),
                                _mm256_load_si256(reinterpret_cast<const __m256i*>(vec)));
    };
    for (size_t i = 0; i + 32 <= n; i += 32) {
        const int32_t* xi = x + i % kVectorInts;
        a0 = _mm256_add_epi32(a0, line(v + i, xi));
        a1 = _mm256_add_epi32(a1, line(v + i + 8, xi + 8));
        a2 = _mm256_add_epi32(a2, line(v + i + 16, xi + 16));
        a3 = _mm256_add_epi32(a3, line(v + i + 24, xi + 24));
    }
    return laneTotal(a0, a1, a2, a3);
#else
    uint32_t s0 = 0, s1 = 0;
    for (size_t i = 0; i + 2 <= n; i += 2) {
        s0 += uint32_t(v[i] & x[i % kVectorInts]);
        s1 += uint32_t(v[i + 1] & x[(i + 1) % kVectorInts]);
    }
    return float(s0 + s1);
#endif
}

volatile float gSink;  // keeps the loads alive

namespace {

// bestRate over `threads` contiguous shares of buf, each read by sum(begin, bytes).
template <class Sum>
double shareRateGBs(const uint8_t* buf, size_t bytes, int threads, double minSeconds, Timing timing, Sum sum)
{
    return bestRate(
               threads, minSeconds,
               [&](int part) {
                   const kernels::RowRange r = kernels::splitRows(int64_t(bytes / 4096), threads, part);
                   const size_t n = size_t(r.end - r.begin) * 4096;
                   gSink = gSink + sum(buf + size_t(r.begin) * 4096, n);
                   return double(n);
               },
               timing)
           / 1e9;
}

}  // namespace

double readBandwidthGBs(const uint8_t* buf, size_t bytes, int threads, double minSeconds, Timing timing)
{
    return shareRateGBs(buf, bytes, threads, minSeconds, timing, sumOfLoads);
}

double matvecReadGBs(const uint8_t* buf, size_t bytes, int threads, double minSeconds, Timing timing)
{
    // All ones: the AND keeps the weights' bytes, so the sum cannot be folded away.
    const std::unique_ptr<uint8_t, decltype(&std::free)> vector(
        static_cast<uint8_t*>(std::aligned_alloc(64, kMatvecVectorBytes)), std::free);
    if (!vector)
        return 0;
    std::memset(vector.get(), 0xff, kMatvecVectorBytes);
    return shareRateGBs(buf, bytes, threads, minSeconds, timing,
                        [&](const uint8_t* p, size_t n) { return sumOfLoadsWithVector(p, n, vector.get()); });
}

}  // namespace strata::benchtools
