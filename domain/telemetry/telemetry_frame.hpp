// One telemetry sample as the panels see it: plain values, copied from the telemetry thread to the
// GUI thread through a queued signal (registered as a meta-type by the app's TelemetryHost).
#pragma once

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

struct TelemetryFrame {
    telemetry::SystemSnapshot system;
    std::optional<pool::PoolTelemetry> pool;  // empty: no model loaded
    PoolRates poolRates;
    std::vector<int> workerCores;       // pool worker i last ran on this core (-1: not seen)
    double prefillTokensPerSecond = 0;  // over the interval
    double decodeTokensPerSecond = 0;
};

}  // namespace strata::domain

Q_DECLARE_METATYPE(strata::domain::TelemetryFrame)
