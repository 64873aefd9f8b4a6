// Turns raw readings into what the panels show: pool counters into rates over the interval, token
// counters into tok/s, a hybrid MoE placement's counters into hit rates and per-token figures, and
// the pool's worker threads ("strata-pool-<i>", named by the pool) into
// the cores they last ran on (from the thread sampler's /proc/self/task readings). Plain code, no
// Qt objects, so it is tested on its own.
#pragma once

#include "app/engine/engine_telemetry_link.hpp"
#include "domain/telemetry/telemetry_frame.hpp"

#include <optional>

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

private:
    std::optional<pool::PoolTelemetry> m_previousPool;
    std::optional<EngineTokenCounts> m_previousTokens;
    std::optional<model::ExpertTelemetry> m_previousExperts;  // without the expert map: only counters
    std::int64_t m_previousNs = 0;
};

}  // namespace strata::app
