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
};

}  // namespace strata::domain

Q_DECLARE_METATYPE(strata::domain::TelemetryFrame)
