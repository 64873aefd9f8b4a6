// How fast can a loop stream weights from memory when it also reads an activation from L1?
// A matrix-vector product cannot keep its vector in registers, so every line of weights it streams
// comes with some L1 loads of the activation. This measures, on the machine at hand, the read rate
// of a 1 GiB buffer by loops that differ only in those extra loads — the ceiling any decode kernel
// meets there, beside the plain read that strata-bench's roofline uses.
//
//   g++ -O2 -std=c++20 -mavx512f -mavx512bw -pthread tools/dev/stream_ceiling/stream_ceiling.cpp -o /tmp/stream_ceiling
//   /tmp/stream_ceiling [threads...]      (default: 1 2)
#include <immintrin.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
volatile int gSink;
uint8_t* gActivation;  // 16 KiB, stays in L1/L2
constexpr size_t kActivationBytes = 16384;

enum class Extra { None, Line512, Line256Broadcast, SameLines, TwoHalves };

// Sums the buffer's int32 lanes; each 64-byte weight line is ANDed with an activation load first.
template <Extra E>
int streamWith(const uint8_t* p, size_t n)
{
    __m512i acc[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
    for (size_t i = 0; i < n; i += 256)
        for (int k = 0; k < 4; ++k) {
            const size_t a = (i + 64 * size_t(k)) % kActivationBytes;
            __m512i v = _mm512_load_si512(p + i + 64 * k);
            if constexpr (E == Extra::Line512)
                v = _mm512_and_si512(v, _mm512_load_si512(gActivation + a));
            else if constexpr (E == Extra::Line256Broadcast)
                v = _mm512_and_si512(v, _mm512_broadcast_i64x4(
                                            _mm256_load_si256(reinterpret_cast<const __m256i*>(gActivation + a / 2))));
            else if constexpr (E == Extra::TwoHalves)
                v = _mm512_and_si512(
                    v, _mm512_inserti64x4(
                           _mm512_castsi256_si512(_mm256_load_si256(reinterpret_cast<const __m256i*>(gActivation + a))),
                           _mm256_load_si256(reinterpret_cast<const __m256i*>(gActivation + a + 32)), 1));
            else if constexpr (E == Extra::SameLines)
                v = _mm512_and_si512(v, _mm512_load_si512(gActivation + 64 * k));
            acc[k] = _mm512_add_epi32(acc[k], v);
        }
    return _mm512_reduce_add_epi32(
        _mm512_add_epi32(_mm512_add_epi32(acc[0], acc[1]), _mm512_add_epi32(acc[2], acc[3])));
}

// Best rate over ~0.5 s of whole-buffer passes, the buffer split in contiguous thread shares.
template <class Fn>
double bestGBs(const uint8_t* buf, size_t bytes, int threads, Fn fn)
{
    double best = 0;
    const auto start = Clock::now();
    while (std::chrono::duration<double>(Clock::now() - start).count() < 0.5) {
        const auto t0 = Clock::now();
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back([&, t] {
                const size_t part = bytes / size_t(threads) / 256 * 256;
                gSink = gSink + fn(buf + size_t(t) * part, part);
            });
        for (auto& th : pool)
            th.join();
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        best = std::max(best, double(bytes) / s / 1e9);
    }
    return best;
}

}  // namespace

int main(int argc, char** argv)
{
    const size_t bytes = size_t(1) << 30;
    auto* buf = static_cast<uint8_t*>(std::aligned_alloc(4096, bytes));
    gActivation = static_cast<uint8_t*>(std::aligned_alloc(64, kActivationBytes));
    if (!buf || !gActivation)
        return 1;
    std::memset(buf, 1, bytes);
    std::memset(gActivation, 0xff, kActivationBytes);
    std::vector<int> threads;
    for (int i = 1; i < argc; ++i)
        threads.push_back(std::stoi(argv[i]));
    if (threads.empty())
        threads = {1, 2};
    std::printf(
        "| threads | plain read GB/s | + one 64 B L1 load per line | + one 32 B broadcast load | + same 4 L1 lines | + 64 B as two 32 B loads |\n"
        "|---:|---:|---:|---:|---:|---:|\n");
    for (int t : threads)
        for (int round = 0; round < 2; ++round) {
            const double plain = bestGBs(buf, bytes, t, streamWith<Extra::None>);
            const double l512 = bestGBs(buf, bytes, t, streamWith<Extra::Line512>);
            const double l256 = bestGBs(buf, bytes, t, streamWith<Extra::Line256Broadcast>);
            const double same = bestGBs(buf, bytes, t, streamWith<Extra::SameLines>);
            const double halves = bestGBs(buf, bytes, t, streamWith<Extra::TwoHalves>);
            std::printf("| %d | %.1f | %.1f (%.0f %%) | %.1f (%.0f %%) | %.1f (%.0f %%) | %.1f (%.0f %%) |\n", t, plain,
                        l512, 100 * l512 / plain, l256, 100 * l256 / plain, same, 100 * same / plain, halves,
                        100 * halves / plain);
        }
    return 0;
}
