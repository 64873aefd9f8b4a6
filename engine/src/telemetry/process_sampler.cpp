#include <sys/resource.h>
#include <unistd.h>

#include <charconv>

#include "clock.hpp"
#include "strata/telemetry/process_usage.hpp"

namespace strata::telemetry {

namespace {

std::int64_t toNs(const timeval& tv)
{
    return static_cast<std::int64_t>(tv.tv_sec) * 1'000'000'000 + static_cast<std::int64_t>(tv.tv_usec) * 1000;
}

}  // namespace

ProcessSampler::ProcessSampler() : statm_("/proc/self/statm")
{
    const long page = sysconf(_SC_PAGESIZE);
    if (page > 0)
        pageSize_ = page;
}

void ProcessSampler::sample(ProcessUsage& out)
{
    // getrusage is one system call with no text to parse, cheaper than /proc/self/stat.
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const std::int64_t wallNs = detail::monotonicNs();
    const std::int64_t userNs = toNs(usage.ru_utime);
    const std::int64_t systemNs = toNs(usage.ru_stime);
    const std::int64_t cpuNs = userNs + systemNs;
    out.userSeconds = static_cast<double>(userNs) / 1e9;
    out.systemSeconds = static_cast<double>(systemNs) / 1e9;
    if (previousCpuNs_ >= 0 && wallNs > previousWallNs_ && cpuNs >= previousCpuNs_)
        out.cpuPercent =
            100.0 * static_cast<double>(cpuNs - previousCpuNs_) / static_cast<double>(wallNs - previousWallNs_);
    else
        out.cpuPercent.reset();
    previousCpuNs_ = cpuNs;
    previousWallNs_ = wallNs;

    // statm: "size resident shared text lib data dt", in pages.
    out.rssBytes = 0;
    const std::string_view text = statm_.read();
    const std::size_t space = text.find(' ');
    if (space != std::string_view::npos) {
        const char* begin = text.data() + space + 1;
        std::uint64_t pages = 0;
        const auto [ptr, ec] = std::from_chars(begin, text.data() + text.size(), pages);
        if (ec == std::errc() && ptr != begin)
            out.rssBytes = pages * static_cast<std::uint64_t>(pageSize_);
    }
}

}  // namespace strata::telemetry
