// /proc/stat: "cpu  u n s i w q sq st g gn" for all cores, then "cpuN ..." for each online core.
#include "strata/telemetry/cpu_load.hpp"

#include <charconv>

namespace strata::telemetry {

namespace {

// Cores beyond this number are refused: a corrupt line must not make us allocate gigabytes.
constexpr unsigned kMaxCores = 65536;

std::string_view nextToken(std::string_view& rest)
{
    std::size_t begin = rest.find_first_not_of(' ');
    if (begin == std::string_view::npos) {
        rest = {};
        return {};
    }
    rest.remove_prefix(begin);
    const std::size_t end = rest.find(' ');
    std::string_view token = rest.substr(0, end);
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end);
    return token;
}

bool parseUnsigned(std::string_view token, std::uint64_t& value)
{
    const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    return ec == std::errc() && ptr == token.data() + token.size();
}

}  // namespace

bool parseProcStat(std::string_view text, ProcStat& out, std::string& error)
{
    out.total = CpuTimes{};
    for (CpuTimes& core : out.cores)
        core.present = false;

    bool sawTotal = false;
    std::size_t lineNumber = 0;
    while (!text.empty()) {
        ++lineNumber;
        const std::size_t newline = text.find('\n');
        std::string_view line = text.substr(0, newline);
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
        if (line.substr(0, 3) != "cpu")
            continue;  // intr, ctxt, btime, processes, ... follow the cpu lines

        std::string_view rest = line;
        const std::string_view label = nextToken(rest);
        CpuTimes* target = nullptr;
        if (label == "cpu") {
            target = &out.total;
            sawTotal = true;
        } else {
            std::uint64_t core = 0;
            if (!parseUnsigned(label.substr(3), core) || core >= kMaxCores) {
                error =
                    "/proc/stat line " + std::to_string(lineNumber) + ": bad cpu label '" + std::string(label) + "'";
                return false;
            }
            if (core >= out.cores.size())
                out.cores.resize(core + 1);
            target = &out.cores[core];
        }

        target->ticks = {};
        std::size_t field = 0;
        for (std::string_view token = nextToken(rest); !token.empty(); token = nextToken(rest)) {
            std::uint64_t value = 0;
            if (!parseUnsigned(token, value)) {
                error = "/proc/stat line " + std::to_string(lineNumber) + " field " + std::to_string(field + 1) + ": '"
                        + std::string(token) + "' is not a tick count";
                return false;
            }
            if (field < CpuTimes::kFields)
                target->ticks[field] = value;
            ++field;
        }
        // user nice system idle are in every kernel since 2.4; the rest came later.
        if (field < 4) {
            error = "/proc/stat line " + std::to_string(lineNumber) + ": " + std::to_string(field)
                    + " tick fields, expected at least 4";
            return false;
        }
        target->present = true;
    }
    if (!sawTotal) {
        error = "/proc/stat: no aggregate 'cpu' line";
        return false;
    }
    return true;
}

std::optional<float> busyPercent(const CpuTimes& before, const CpuTimes& after)
{
    if (!before.present || !after.present)
        return std::nullopt;
    // Field order: user nice system idle iowait irq softirq steal. Idle time is idle + iowait.
    constexpr std::uint64_t kBackwards = std::uint64_t{1} << 63;
    std::uint64_t busy = 0;
    std::uint64_t idle = 0;
    for (std::size_t i = 0; i < CpuTimes::kFields; ++i) {
        std::uint64_t delta = after.ticks[i] - before.ticks[i];  // modular: a wrap stays small
        if (delta >= kBackwards)
            delta = 0;  // went backwards: iowait quirk or a restarted counter
        if (i == 3 || i == 4)
            idle += delta;
        else
            busy += delta;
    }
    const std::uint64_t all = busy + idle;
    if (all == 0)
        return std::nullopt;
    return static_cast<float>(100.0 * static_cast<double>(busy) / static_cast<double>(all));
}

}  // namespace strata::telemetry
