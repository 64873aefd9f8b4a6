// Clocks the samplers share: monotonic wall time and CPU time, in nanoseconds.
#pragma once

#include <cstdint>
#include <ctime>

namespace strata::telemetry::detail {

inline std::int64_t nanoseconds(clockid_t clock)
{
    timespec ts{};
    clock_gettime(clock, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

inline std::int64_t monotonicNs()
{
    return nanoseconds(CLOCK_MONOTONIC);
}
inline std::int64_t threadCpuNs()
{
    return nanoseconds(CLOCK_THREAD_CPUTIME_ID);
}

}  // namespace strata::telemetry::detail
