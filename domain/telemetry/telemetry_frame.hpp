// One telemetry sample as the panels see it: plain values, copied from the telemetry thread to the
// GUI thread through a queued signal (registered as a meta-type by the app's TelemetryHost).
#pragma once

#include "strata/model/expert_telemetry.hpp"
#include "strata/pool/pool_telemetry.hpp"
#include "strata/telemetry/system_sampler.hpp"

#include <QMetaType>
#include <optional>
#include <vector>

namespace strata::domain {

// The pool's counters turned into rates over the last sampling interval.
struct PoolRates {
    double spinPercent = 0;                         // share of the workers' time spent spinning
    double busyPercent = 0;                         // share of the workers' time running jobs
    double parksPerSecond = 0;                      // workers and host together
    double wastedSpinCorePercent = 0;               // CPU burnt by spins that ended in a park; 100 = one core
    std::optional<double> completionWaitP50Micros;  // host's wait for the batch, this interval
    std::optional<double> completionWaitP99Micros;
    std::uint64_t batches = 0;  // batches run in the interval
};

// A hybrid MoE placement's counters over the last sampling interval (empty figures: nothing ran).
struct ExpertRates {
    std::optional<double> hitPercent;               // routes that found their expert in VRAM
    std::vector<double> layerHitPercent;            // per layer; -1: no routes in that layer this interval
    std::optional<double> cpuExpertMillisPerToken;  // host and pool computing CPU experts, per token
    std::optional<double> pcieMiBPerToken;          // both directions, per token
    std::optional<double> completionWaitP50Micros;  // GPU done -> CPU share on the GPU, sampled
    std::optional<double> completionWaitP99Micros;
};

// Long prompts whose missed experts were streamed to the GPU (ExpertTelemetry::prefill, issue 21):
// the chunks (forward passes) that streamed since the previous frame that saw one, and where their
// time went, per chunk, summed over the streamed layers. The copies overlap the GPU's work, so the
// figures do not add up to the chunk's wall time.
struct PrefillStreamRates {
    std::uint64_t chunks = 0;
    std::uint64_t tokens = 0;
    double routingWaitMillis = 0;  // the host asleep until a layer's routing arrived
    double groupingMillis = 0;     // the host sorting the routes by expert
    double copyMillis = 0;         // the stagers' copies in flight (file -> pinned -> VRAM)
    double copyWaitMillis = 0;     // the host asleep until a group's copies were in VRAM
    double computeMillis = 0;      // the GPU running the streamed experts
};

// The CPU of the threads of one kind over the last interval (from their /proc/self/task names).
struct ThreadGroupUsage {
    int threads = 0;
    double corePercent = 0;  // all of them together; 100 = one core
    std::vector<int> cores;  // where those that ran in the interval last ran, each once, ascending
};

struct TelemetryFrame {
    telemetry::SystemSnapshot system;
    std::optional<pool::PoolTelemetry> pool;  // empty: no model loaded
    PoolRates poolRates;
    std::vector<int> workerCores;       // pool worker i last ran on this core (-1: not seen)
    double prefillTokensPerSecond = 0;  // over the interval
    double decodeTokensPerSecond = 0;
    // Hybrid MoE placement: the counters and expert map (its completionWaitsMicros left empty: the
    // interval's quantiles are in expertRates); empty without a model or a hybrid placement.
    std::optional<model::ExpertTelemetry> experts;
    ExpertRates expertRates;
    // The most recent streamed chunks of this placement; kept from frame to frame until newer ones
    // stream (a chunk of 8,192 tokens takes seconds, many frames). Empty: none streamed since the
    // load (a CPU model, a model all in VRAM, or only short prompts).
    std::optional<PrefillStreamRates> prefillStream;
    // The engine's expert stagers (threads `strata-stager`); empty while none exists.
    std::optional<ThreadGroupUsage> stagers;
};

}  // namespace strata::domain

Q_DECLARE_METATYPE(strata::domain::TelemetryFrame)
