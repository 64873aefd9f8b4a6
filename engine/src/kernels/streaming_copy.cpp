#include "streaming_copy.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#define STRATA_STREAMING_STORES 1
#endif

namespace strata::kernels {

void streamingCopy(void* to, const void* from, size_t bytes)
{
#if STRATA_STREAMING_STORES
    auto* d = static_cast<std::byte*>(to);
    const auto* s = static_cast<const std::byte*>(from);
    // Up to the destination's first 64-byte line with an ordinary copy: the streamed part then
    // fills whole lines, which the CPU's write-combining sends out without a read.
    const size_t head = std::min(bytes, size_t((64 - reinterpret_cast<uintptr_t>(d) % 64) % 64));
    std::memcpy(d, s, head);
    d += head, s += head, bytes -= head;
    const size_t lines = bytes / 64;
    for (size_t i = 0; i < lines; ++i, d += 64, s += 64) {
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 16));
        const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 32));
        const __m128i e = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 48));
        _mm_stream_si128(reinterpret_cast<__m128i*>(d), a);
        _mm_stream_si128(reinterpret_cast<__m128i*>(d + 16), b);
        _mm_stream_si128(reinterpret_cast<__m128i*>(d + 32), c);
        _mm_stream_si128(reinterpret_cast<__m128i*>(d + 48), e);
    }
    _mm_sfence();  // streamed stores are weakly ordered: fence them before anything that publishes them
    std::memcpy(d, s, bytes % 64);
#else
    std::memcpy(to, from, bytes);
#endif
}

}  // namespace strata::kernels
