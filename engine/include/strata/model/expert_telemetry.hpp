// What a hybrid MoE placement did since the model was loaded (or the counters were reset): how often
// the routing hit the experts in VRAM, how long the host waited and worked for the rest, and how long
// the GPU then waited for the CPU's share. strata-bench prints it; the app's panels will show it.
#pragma once

#include <cstdint>
#include <vector>

namespace strata::model {

struct ExpertLayerTelemetry {
    uint64_t routes = 0;  // (token, expert) pairs the router chose
    uint64_t misses = 0;  // of them, run on the CPU
};

// Long prompts whose missed experts were streamed to the GPU (issue 21): where their time went,
// summed over the streamed layers of every such pass (the layers' figures are per layer, so they add).
struct PrefillStreamTelemetry {
    uint64_t tokens = 0, passes = 0;
    double routingWaitSeconds = 0;  // the host asleep until a layer's routing arrived
    double groupingSeconds = 0;     // the host sorting routes by expert
    double copySeconds = 0;         // stager batches in flight (file -> pinned -> VRAM)
    double waitSeconds = 0;         // the host asleep until a group's copies were in VRAM
    double computeSeconds = 0;      // the GPU running the streamed experts
};

struct ExpertTelemetry {
    std::vector<ExpertLayerTelemetry> layers;  // every layer; dense and all-resident ones stay zero
    uint64_t passes = 0;                       // hybrid layer passes (a layer of one forward call)
    double routingWaitSeconds = 0;             // host asleep (or polling) until a layer's routing arrived
    double cpuExpertSeconds = 0;               // host and pool computing the CPU experts
    // Sampled GPU stalls, µs: from the GPU finishing a layer's resident experts to the CPU's share
    // being on the GPU (its copy included). One layer per pass is sampled, in turn.
    std::vector<float> completionWaitsMicros;
    uint64_t bytesToHost = 0, bytesToDevice = 0;  // PCIe traffic of the hybrid layers (rows, routing, experts)
    uint64_t cacheBytesCopied = 0;  // the cache's swaps: experts copied into its VRAM slots (in bytesToDevice too)
    uint64_t streamedExperts = 0;   // long prompts: missed experts copied to the GPU for one batch (issue 21)
    uint64_t decodeTokens = 0;      // one-token passes, and those of them run with wake-ahead on
    uint64_t wakeAheadTokens = 0;
    PrefillStreamTelemetry prefill;

    // The expert map, [layers][experts] row by row (experts per layer in `experts`):
    enum class Use : uint8_t { Unused, Hit, Missed };  // in the most recent pass
    uint32_t experts = 0;
    std::vector<uint8_t> resident;  // 1: in VRAM now (every expert of an all-VRAM layer), 0: on the CPU
    std::vector<Use> lastPass;      // hybrid layers; others stay Unused
    std::vector<float> heat;        // Cache: the routing heat the cache decides by; empty otherwise
};

}  // namespace strata::model
