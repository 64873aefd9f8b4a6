#include "cpu_pressure.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace strata::pool::detail {

namespace {

// Reads "some ... total=<µs>" from /proc/pressure/cpu.
bool readStallMicros(std::uint64_t& out)
{
    std::FILE* f = std::fopen("/proc/pressure/cpu", "re");
    if (f == nullptr)
        return false;
    char line[256];
    bool ok = false;
    while (std::fgets(line, sizeof line, f) != nullptr) {
        if (std::strncmp(line, "some ", 5) != 0)
            continue;
        const char* total = std::strstr(line, "total=");
        unsigned long long v = 0;
        ok = total != nullptr && std::sscanf(total + 6, "%llu", &v) == 1;
        out = v;
        break;
    }
    std::fclose(f);
    return ok;
}

}  // namespace

int CpuPressure::sample(std::int64_t nowNanos)
{
    if (unavailable_)
        return -1;
    if (lastNanos_ != 0 && nowNanos - lastNanos_ < kMinIntervalNanos)
        return last_;
    std::uint64_t stall = 0;
    if (!readStallMicros(stall)) {
        unavailable_ = true;
        return last_ = -1;
    }
    if (lastNanos_ != 0) {
        const double wallMicros = static_cast<double>(nowNanos - lastNanos_) / 1000.0;
        const double share = static_cast<double>(stall - lastStallMicros_) / std::max(wallMicros, 1.0);
        last_ = static_cast<int>(std::clamp(share, 0.0, 1.0) * 1000.0);
    }
    lastNanos_ = nowNanos;
    lastStallMicros_ = stall;
    return last_;
}

}  // namespace strata::pool::detail
