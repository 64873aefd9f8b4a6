// CPU use of each of our own threads, from /proc/self/task/<tid>/stat, so panels can show what
// the engine's workers are doing (threads are named after what they serve).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "strata/telemetry/proc_file.hpp"

namespace strata::telemetry {

// The fields of a task's stat line that we use.
struct TaskStat {
    int tid = 0;
    std::array<char, 16> name{};  // comm, NUL-terminated (the kernel keeps 15 characters)
    char state = '?';             // R running, S sleeping, D disk wait, ...
    std::uint64_t userTicks = 0;
    std::uint64_t systemTicks = 0;
    int lastCpu = -1;  // the core it last ran on
};

// Parses one /proc/<pid>/task/<tid>/stat line. The name may hold spaces and parentheses, so the
// fields are found after the LAST ')'. Returns false on text that is not in that format.
bool parseTaskStat(std::string_view text, TaskStat& out);

struct ThreadUsage {
    int tid = 0;
    std::array<char, 16> name{};
    char state = '?';
    int lastCpu = -1;
    std::optional<float> cpuPercent;  // over the last interval; 100 = one core; none if new
    double cpuSeconds = 0.0;          // since the thread started
};

// Keeps one open stat file per live thread; threads that exit are dropped, new ones picked up.
// Not thread-safe: one sampler thread owns it.
class ThreadSampler {
public:
    explicit ThreadSampler(std::string taskDirectory = "/proc/self/task");
    ~ThreadSampler();
    ThreadSampler(const ThreadSampler&) = delete;
    ThreadSampler& operator=(const ThreadSampler&) = delete;

    // Fills `out` sorted by thread id. Returns false with error() when the directory could
    // not be listed.
    bool sample(std::vector<ThreadUsage>& out);
    const std::string& error() const { return error_; }

private:
    struct Tracked {
        int tid = 0;
        ProcFile stat;
        std::uint64_t previousTicks = 0;
        std::int64_t previousWallNs = 0;
        bool primed = false;
        bool seen = false;
    };

    Tracked* findOrOpen(int tid);

    std::string directory_;
    int directoryFd_ = -1;
    std::vector<Tracked> tracked_;  // sorted by tid
    std::vector<char> direntBuffer_;
    std::string error_;
    double ticksPerSecond_ = 100.0;
};

}  // namespace strata::telemetry
