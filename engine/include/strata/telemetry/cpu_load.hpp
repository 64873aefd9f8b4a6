// Per-core CPU load from /proc/stat: the share of jiffies spent busy between two readings.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "strata/telemetry/proc_file.hpp"

namespace strata::telemetry {

// One "cpu" line of /proc/stat, in clock ticks (USER_HZ).
struct CpuTimes {
    // user nice system idle iowait irq softirq steal; guest and guest_nice are already part of
    // user and nice, so they are not read.
    static constexpr std::size_t kFields = 8;
    std::array<std::uint64_t, kFields> ticks{};
    bool present = false;  // false: the kernel listed no line for this core (offline)
};

// /proc/stat's CPU lines: the aggregate line and one entry per core number. Cores that are
// offline have no line; their entry stays with present == false.
struct ProcStat {
    CpuTimes total;
    std::vector<CpuTimes> cores;  // index = core number
};

// Parses /proc/stat text into `out`, reusing its storage. Returns false and sets `error`
// (line number and what was wrong) when the text is not /proc/stat's format.
bool parseProcStat(std::string_view text, ProcStat& out, std::string& error);

// Busy share in percent (0..100) between two readings of the same core, or nothing when the
// interval cannot be judged: the core was absent in either reading, or no tick elapsed.
// A counter that went backwards (iowait does on some kernels; a core's counters can restart
// after it comes back online) counts as 0 ticks for that field; a counter that wrapped past
// 2^64 is counted correctly by modular subtraction.
std::optional<float> busyPercent(const CpuTimes& before, const CpuTimes& after);

struct CoreLoad {
    int cpu = 0;
    bool online = false;           // listed in the latest reading
    std::optional<float> percent;  // busy share over the last interval
};

// Reads /proc/stat (kept open, read with pread into a reused buffer) and turns two consecutive
// readings into per-core loads. Not thread-safe: one sampler thread owns it.
class CpuLoadSampler {
public:
    explicit CpuLoadSampler(std::string procStatPath = "/proc/stat");

    // Reads the file again and fills `cores` (one entry per core ever seen) and `total`
    // (all cores together). Returns false with a reason in error() when the file could not be
    // read or parsed; the previous reading is kept then.
    bool sample(std::vector<CoreLoad>& cores, std::optional<float>& total);

    const std::string& error() const { return error_; }

private:
    ProcFile file_;
    ProcStat previous_;
    ProcStat current_;
    std::string error_;
};

}  // namespace strata::telemetry
