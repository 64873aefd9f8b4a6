// Turns raw readings into what the panels show: pool counters into rates over the interval, token
// counters into tok/s, a hybrid MoE placement's counters into hit rates and per-token figures and
// its streamed long-prompt chunks into per-chunk timings, the pool's worker threads
// ("strata-pool-<i>", named by the pool) into the cores they last ran on, and the expert stagers
// ("strata-stager") into their threads, CPU and cores (from the thread sampler's /proc/self/task
// readings, taken on the telemetry thread). Plain code, no Qt objects, so it is tested on its own.
#pragma once

#include "app/engine/engine_telemetry_link.hpp"
#include "domain/telemetry/telemetry_frame.hpp"

#include <optional>
#include <string_view>

namespace strata::app {

class TelemetryFrameBuilder {
public:
    domain::TelemetryFrame build(const telemetry::SystemSnapshot& system, std::optional<pool::PoolTelemetry> pool,
                                 EngineTokenCounts tokens, std::optional<model::ExpertTelemetry> experts = {});

    static domain::PoolRates poolRates(const pool::PoolTelemetry& before, const pool::PoolTelemetry& after,
                                       double seconds);
    // `tokens`: computed in the interval (prefilled and decoded), for the per-token figures.
    static domain::ExpertRates expertRates(const model::ExpertTelemetry& before, const model::ExpertTelemetry& after,
                                           std::uint64_t tokens);
    static std::vector<int> workerCores(const std::vector<telemetry::ThreadUsage>& threads, std::size_t workers);
    // The threads named `name` (empty: none alive) and the cores those that ran in the interval last
    // ran on; a thread new in this interval adds no CPU yet.
    static std::optional<domain::ThreadGroupUsage> threadGroup(const std::vector<telemetry::ThreadUsage>& threads,
                                                               std::string_view name);
    // Per chunk of the streamed passes between `before` and `after` (empty: none in between).
    static std::optional<domain::PrefillStreamRates> prefillStreamRates(const model::PrefillStreamTelemetry& before,
                                                                        const model::PrefillStreamTelemetry& after);

private:
    std::optional<pool::PoolTelemetry> m_previousPool;
    std::optional<EngineTokenCounts> m_previousTokens;
    std::optional<model::ExpertTelemetry> m_previousExperts;        // without the expert map: only counters
    std::optional<domain::PrefillStreamRates> m_lastPrefillStream;  // of the placement in m_previousExperts
    std::int64_t m_previousNs = 0;
};

}  // namespace strata::app
