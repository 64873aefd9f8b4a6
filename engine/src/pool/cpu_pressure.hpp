// How much runnable work waits for a CPU, from Linux pressure stall information
// (/proc/pressure/cpu, "some" line). A pool should not spin on a machine where threads already
// queue for CPUs: the seeds' 20 ms spin took the CPUs the GPU driver and the host needed.
#pragma once

#include <cstdint>

namespace strata::pool::detail {

class CpuPressure {
public:
    // Returns the share (0..1000 per mille) of wall time in which some task waited for a CPU,
    // over the interval since the previous sample; at most one file read per kMinIntervalNanos,
    // otherwise the previous value. -1 when the kernel has no PSI.
    int sample(std::int64_t nowNanos);

    static constexpr std::int64_t kMinIntervalNanos = 200'000'000;

private:
    bool unavailable_ = false;
    std::int64_t lastNanos_ = 0;
    std::uint64_t lastStallMicros_ = 0;
    int last_ = -1;
};

}  // namespace strata::pool::detail
