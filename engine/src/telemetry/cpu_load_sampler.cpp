#include <cstring>

#include "strata/telemetry/cpu_load.hpp"

namespace strata::telemetry {

CpuLoadSampler::CpuLoadSampler(std::string procStatPath) : file_(procStatPath)
{
    if (!file_.isOpen()) {
        error_ = procStatPath + ": " + std::strerror(file_.lastErrno());
        return;
    }
    const std::string_view text = file_.read();
    if (text.empty())
        error_ = procStatPath + ": empty read";
    else
        parseProcStat(text, previous_, error_);
}

bool CpuLoadSampler::sample(std::vector<CoreLoad>& cores, std::optional<float>& total)
{
    const std::string_view text = file_.read();
    if (text.empty()) {
        if (error_.empty())
            error_ = "/proc/stat: read failed: " + std::string(std::strerror(file_.lastErrno()));
        return false;
    }
    error_.clear();
    if (!parseProcStat(text, current_, error_))
        return false;

    // Keep one entry per core ever seen, so a core going offline stays visible (as offline).
    if (previous_.cores.size() < current_.cores.size())
        previous_.cores.resize(current_.cores.size());
    if (current_.cores.size() < previous_.cores.size())
        current_.cores.resize(previous_.cores.size());

    cores.resize(current_.cores.size());
    for (std::size_t i = 0; i < current_.cores.size(); ++i) {
        cores[i].cpu = static_cast<int>(i);
        cores[i].online = current_.cores[i].present;
        cores[i].percent = busyPercent(previous_.cores[i], current_.cores[i]);
    }
    total = busyPercent(previous_.total, current_.total);
    std::swap(previous_, current_);
    return true;
}

}  // namespace strata::telemetry
