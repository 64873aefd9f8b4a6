// The hybrid MoE counters of one decode test (model::ExpertTelemetry) as strata-bench prints them:
// how often the routing hit VRAM, the host's time per token waiting for routing and computing the
// CPU experts, and the GPU's completion wait (resident experts done -> the CPU's share added).
#pragma once

#include "strata/model/expert_telemetry.hpp"

#include <string>

namespace strata::bench {

struct ExpertSummary {
    double hitPercent = 0;            // of all routes, over the hybrid layers
    double worstLayerHitPercent = 0;  // the hybrid layer with the fewest hits
    double routingWaitMicrosPerToken = 0;
    double cpuExpertMicrosPerToken = 0;
    double completionWaitP50 = 0, completionWaitP99 = 0;  // µs
    double pcieMiBPerToken = 0;
};

ExpertSummary summarize(const model::ExpertTelemetry& t, double tokens);
std::string expertText(const ExpertSummary& s);  // one line, for the table output
std::string expertJson(const ExpertSummary& s);  // `"experts": {...}`, for --json
// Long prompts whose missed experts went to the GPU: where the time of the prefill runs went.
std::string streamedPrefillText(const model::PrefillStreamTelemetry& p);

}  // namespace strata::bench
