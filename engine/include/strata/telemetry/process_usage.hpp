// The whole process's CPU use (getrusage) and resident memory (/proc/self/statm).
#pragma once

#include <cstdint>
#include <optional>

#include "strata/telemetry/proc_file.hpp"

namespace strata::telemetry {

struct ProcessUsage {
    std::optional<double> cpuPercent;  // over the last interval; 100 = one core fully busy
    double userSeconds = 0.0;          // since the process started
    double systemSeconds = 0.0;
    std::uint64_t rssBytes = 0;  // resident set now (0 when statm could not be read)
};

// Not thread-safe: one sampler thread owns it.
class ProcessSampler {
public:
    ProcessSampler();

    void sample(ProcessUsage& out);

private:
    ProcFile statm_;
    long pageSize_ = 4096;
    std::int64_t previousCpuNs_ = -1;
    std::int64_t previousWallNs_ = 0;
};

}  // namespace strata::telemetry
