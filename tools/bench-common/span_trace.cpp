#include "span_trace.hpp"

#include "strata/core/error.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace strata::benchtools {

std::function<void(unsigned, std::int64_t)> SpanTrace::observer()
{
    return [this](unsigned worker, std::int64_t nanos) {
        if (!recording_.load(std::memory_order_relaxed))
            return;
        const std::size_t token = token_.load(std::memory_order_relaxed);
        std::lock_guard lock(mutex_);
        spans_.push_back({token, worker, nanos});
    };
}

void SpanTrace::write(const std::string& path, const std::string& header) const
{
    std::vector<Span> spans;
    {
        std::lock_guard lock(mutex_);
        spans = spans_;
    }
    std::stable_sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
        return a.token != b.token ? a.token < b.token : a.worker < b.worker;
    });
    std::ofstream out(path);
    if (!out)
        throw Error("cannot write the trace file '" + path + "'");
    std::istringstream lines(header);
    for (std::string line; std::getline(lines, line);)
        out << "# " << line << '\n';
    out << "# token worker idle-span-us...\n";
    for (std::size_t i = 0; i < spans.size();) {
        out << spans[i].token << ' ' << spans[i].worker;
        const std::size_t token = spans[i].token;
        const unsigned worker = spans[i].worker;
        for (; i < spans.size() && spans[i].token == token && spans[i].worker == worker; ++i) {
            char us[32];
            std::snprintf(us, sizeof us, " %.1f", static_cast<double>(spans[i].nanos) / 1000.0);
            out << us;
        }
        out << '\n';
    }
    if (!out)
        throw Error("cannot write the trace file '" + path + "'");
}

}  // namespace strata::benchtools
