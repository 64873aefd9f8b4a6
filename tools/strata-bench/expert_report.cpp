#include "expert_report.hpp"

#include "percentile.hpp"

#include <algorithm>
#include <cstdio>

namespace strata::bench {

using benchtools::percentile;

ExpertSummary summarize(const model::ExpertTelemetry& t, double tokens)
{
    ExpertSummary s;
    uint64_t routes = 0, misses = 0;
    s.worstLayerHitPercent = 100;
    for (const model::ExpertLayerTelemetry& l : t.layers) {
        if (l.routes == 0)
            continue;
        routes += l.routes;
        misses += l.misses;
        s.worstLayerHitPercent =
            std::min(s.worstLayerHitPercent, 100.0 * double(l.routes - l.misses) / double(l.routes));
    }
    s.hitPercent = routes ? 100.0 * double(routes - misses) / double(routes) : 100.0;
    if (tokens > 0) {
        s.routingWaitMicrosPerToken = 1e6 * t.routingWaitSeconds / tokens;
        s.cpuExpertMicrosPerToken = 1e6 * t.cpuExpertSeconds / tokens;
        s.pcieMiBPerToken = double(t.bytesToHost + t.bytesToDevice) / 1048576.0 / tokens;
    }
    s.completionWaitP50 = percentile(t.completionWaitsMicros, 0.5);
    s.completionWaitP99 = percentile(t.completionWaitsMicros, 0.99);
    return s;
}

std::string expertText(const ExpertSummary& s)
{
    char line[320];
    std::snprintf(line, sizeof line,
                  "experts: %.1f%% of routes hit VRAM (worst layer %.1f%%); per token the host waited %.0f us for "
                  "routing and ran the CPU experts for %.0f us; completion wait p50 %.0f us, p99 %.0f us; PCIe "
                  "%.2f MiB/token",
                  s.hitPercent, s.worstLayerHitPercent, s.routingWaitMicrosPerToken, s.cpuExpertMicrosPerToken,
                  s.completionWaitP50, s.completionWaitP99, s.pcieMiBPerToken);
    return line;
}

std::string expertJson(const ExpertSummary& s)
{
    char json[400];
    std::snprintf(json, sizeof json,
                  "\"experts\": {\"hit_percent\": %.2f, \"worst_layer_hit_percent\": %.2f, "
                  "\"routing_wait_us_per_token\": %.1f, \"cpu_expert_us_per_token\": %.1f, "
                  "\"completion_wait_p50_us\": %.1f, \"completion_wait_p99_us\": %.1f, \"pcie_mib_per_token\": %.3f}",
                  s.hitPercent, s.worstLayerHitPercent, s.routingWaitMicrosPerToken, s.cpuExpertMicrosPerToken,
                  s.completionWaitP50, s.completionWaitP99, s.pcieMiBPerToken);
    return json;
}

std::string streamedPrefillText(const model::PrefillStreamTelemetry& p)
{
    char line[400];
    std::snprintf(line, sizeof line,
                  "streamed prefill: %llu tokens in %llu passes (warm-up included); per pass, summed over the "
                  "streamed layers: routing wait %.1f ms, grouping %.1f ms, copies in flight %.1f ms, host waiting "
                  "for copies %.1f ms, GPU on streamed experts %.1f ms",
                  static_cast<unsigned long long>(p.tokens), static_cast<unsigned long long>(p.passes),
                  1e3 * p.routingWaitSeconds / double(p.passes), 1e3 * p.groupingSeconds / double(p.passes),
                  1e3 * p.copySeconds / double(p.passes), 1e3 * p.waitSeconds / double(p.passes),
                  1e3 * p.computeSeconds / double(p.passes));
    return line;
}

}  // namespace strata::bench
