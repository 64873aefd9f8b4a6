#include "app/telemetry/telemetry_frame_builder.hpp"

#include <charconv>
#include <string_view>

namespace strata::app {

namespace {

// A later snapshot of the same pool never has smaller counters; a new pool (model reloaded) does.
bool samePool(const pool::PoolTelemetry& before, const pool::PoolTelemetry& after)
{
    return before.workers.size() == after.workers.size() && before.batches <= after.batches
           && before.host.parks <= after.host.parks;
}

std::optional<double> quantileMicros(const pool::LatencyHistogram& before, const pool::LatencyHistogram& after,
                                     double q)
{
    pool::LatencyHistogram delta;
    for (std::size_t i = 0; i < delta.counts.size(); ++i)
        delta.counts[i] = after.counts[i] >= before.counts[i] ? after.counts[i] - before.counts[i] : 0;
    if (delta.total() == 0)
        return std::nullopt;
    return delta.quantileNanos(q) / 1000.0;
}

}  // namespace

domain::PoolRates TelemetryFrameBuilder::poolRates(const pool::PoolTelemetry& before, const pool::PoolTelemetry& after,
                                                   double seconds)
{
    domain::PoolRates r;
    if (seconds <= 0)
        return r;
    std::uint64_t busy = 0, spin = 0, parked = 0, wasted = 0, parks = 0;
    for (std::size_t i = 0; i < after.workers.size() && i < before.workers.size(); ++i) {
        const auto& a = after.workers[i];
        const auto& b = before.workers[i];
        busy += a.busyNanos - b.busyNanos;
        spin += a.spinNanos - b.spinNanos;
        parked += a.parkedNanos - b.parkedNanos;
        wasted += a.wastedSpinNanos - b.wastedSpinNanos;
        parks += a.parks - b.parks;
    }
    parks += after.host.parks - before.host.parks;
    const double accounted = double(busy + spin + parked);
    if (accounted > 0) {
        r.busyPercent = 100.0 * double(busy) / accounted;
        r.spinPercent = 100.0 * double(spin) / accounted;
    }
    r.parksPerSecond = double(parks) / seconds;
    r.wastedSpinCorePercent = 100.0 * double(wasted) / 1e9 / seconds;
    r.completionWaitP50Micros = quantileMicros(before.completionWait, after.completionWait, 0.5);
    r.completionWaitP99Micros = quantileMicros(before.completionWait, after.completionWait, 0.99);
    r.batches = after.batches - before.batches;
    return r;
}

std::vector<int> TelemetryFrameBuilder::workerCores(const std::vector<telemetry::ThreadUsage>& threads,
                                                    std::size_t workers)
{
    constexpr std::string_view prefix = "strata-pool-";
    std::vector<int> cores(workers, -1);
    for (const auto& thread : threads) {
        const std::string_view name(thread.name.data());
        if (name.substr(0, prefix.size()) != prefix)
            continue;
        unsigned index = 0;
        const std::string_view digits = name.substr(prefix.size());
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
        if (error == std::errc() && end == digits.data() + digits.size() && index < workers)
            cores[index] = thread.lastCpu;
    }
    return cores;
}

domain::TelemetryFrame TelemetryFrameBuilder::build(const telemetry::SystemSnapshot& system,
                                                    std::optional<pool::PoolTelemetry> pool, EngineTokenCounts tokens)
{
    domain::TelemetryFrame frame;
    frame.system = system;
    const double seconds = m_previousNs ? double(system.steadyNanoseconds - m_previousNs) / 1e9 : 0.0;
    if (m_previousTokens && seconds > 0) {
        frame.prefillTokensPerSecond = double(tokens.prefilled - m_previousTokens->prefilled) / seconds;
        frame.decodeTokensPerSecond = double(tokens.decoded - m_previousTokens->decoded) / seconds;
    }
    if (pool) {
        frame.workerCores = workerCores(system.threads, pool->workers.size());
        if (m_previousPool && samePool(*m_previousPool, *pool))
            frame.poolRates = poolRates(*m_previousPool, *pool, seconds);
    }
    frame.pool = pool;
    m_previousPool = std::move(pool);
    m_previousTokens = tokens;
    m_previousNs = system.steadyNanoseconds;
    return frame;
}

}  // namespace strata::app
