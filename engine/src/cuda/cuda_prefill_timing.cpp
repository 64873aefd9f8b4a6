#include "cuda_prefill_timing.hpp"

#include <cstdlib>
#include <cstring>

namespace strata::cuda {

bool prefillTimingRequested()
{
    static const bool requested = [] {
        const char* v = std::getenv("STRATA_PREFILL_TIMING");
        return v && std::strcmp(v, "0") != 0 && *v;
    }();
    return requested;
}

void addPrefillTimings(model::PrefillStreamTelemetry& to, uint32_t tokens, const std::vector<PrefillLayerTiming>& pass)
{
    if (pass.empty())
        return;
    to.tokens += tokens;
    ++to.passes;
    for (const PrefillLayerTiming& l : pass) {
        to.routingWaitSeconds += l.routingWait;
        to.groupingSeconds += l.grouping;
        to.copySeconds += l.copy;
        to.waitSeconds += l.wait;
        to.computeSeconds += l.compute;
    }
}

void printPrefillTimings(std::FILE* to, uint32_t tokens, const std::vector<PrefillLayerTiming>& pass)
{
    if (pass.empty())
        return;
    PrefillLayerTiming sum;
    std::fprintf(to,
                 "prefill timing: %u tokens, %zu streamed layers (ms: routing wait, grouping, copy, wait, compute)\n",
                 tokens, pass.size());
    for (const PrefillLayerTiming& l : pass) {
        std::fprintf(to, "  layer %3u: %8.3f %8.3f %8.3f %8.3f %8.3f  %3llu experts %7.1f MiB\n", l.layer,
                     l.routingWait * 1e3, l.grouping * 1e3, l.copy * 1e3, l.wait * 1e3, l.compute * 1e3,
                     static_cast<unsigned long long>(l.experts), double(l.bytes) / (1 << 20));
        sum.routingWait += l.routingWait;
        sum.grouping += l.grouping;
        sum.copy += l.copy;
        sum.wait += l.wait;
        sum.compute += l.compute;
        sum.bytes += l.bytes;
    }
    const double gbps = sum.copy > 0 ? double(sum.bytes) / sum.copy / 1e9 : 0.0;
    std::fprintf(to, "  total    : %8.1f %8.1f %8.1f %8.1f %8.1f  %.2f GB/s while copying\n", sum.routingWait * 1e3,
                 sum.grouping * 1e3, sum.copy * 1e3, sum.wait * 1e3, sum.compute * 1e3, gbps);
}

}  // namespace strata::cuda
