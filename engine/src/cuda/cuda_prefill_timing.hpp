// Where a streamed long prompt's time goes, per hybrid layer of one forward pass (issue 21):
// STRATA_PREFILL_TIMING=1 prints it to stderr after every pass that streamed experts, and the totals
// reach the app through ExpertTelemetry::prefill.
#pragma once

#include "strata/model/expert_telemetry.hpp"

#include <cstdint>
#include <cstdio>
#include <vector>

namespace strata::cuda {

struct PrefillLayerTiming {
    uint32_t layer = 0;
    double routingWait = 0;  // s: the host asleep until the GPU's routing arrived
    double grouping = 0;     // s: the host sorting the routes by expert and choosing the copies
    double copy = 0;         // s: the stagers' batches in flight (file -> pinned -> VRAM)
    double wait = 0;         // s: the host asleep until a group's copies were in VRAM
    double compute = 0;      // s: the GPU running the streamed experts (events; 0 until read)
    uint64_t experts = 0, bytes = 0;
};

bool prefillTimingRequested();  // STRATA_PREFILL_TIMING=1, read once
void addPrefillTimings(model::PrefillStreamTelemetry& to, uint32_t tokens, const std::vector<PrefillLayerTiming>& pass);
void printPrefillTimings(std::FILE* to, uint32_t tokens, const std::vector<PrefillLayerTiming>& pass);

}  // namespace strata::cuda
