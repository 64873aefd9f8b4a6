// The two primitives of a spin: a CPU pause hint and a cheap monotonic clock.
#pragma once

#include <cstdint>
#include <time.h>

namespace strata::pool::detail {

inline void cpuRelax()
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield" ::: "memory");
#endif
}

// CLOCK_MONOTONIC through the vDSO: ~20 ns, so spins read it only every kPausesPerClockRead pauses.
inline std::int64_t nowNanos()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// One pause is ~10-140 cycles depending on the CPU; 32 of them keep the clock overhead small
// while bounding the overshoot past a spin budget to a few microseconds.
inline constexpr int kPausesPerClockRead = 32;

}  // namespace strata::pool::detail
