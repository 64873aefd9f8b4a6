#include "app/telemetry/telemetry_frame_builder.hpp"

#include <algorithm>
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

// A later snapshot of the same placement never has fewer passes; a reload or a reset does.
bool sameExperts(const model::ExpertTelemetry& before, const model::ExpertTelemetry& after)
{
    return before.layers.size() == after.layers.size() && before.experts == after.experts
           && before.passes <= after.passes && before.prefill.passes <= after.prefill.passes
           && before.completionWaitsMicros.size() <= after.completionWaitsMicros.size();
}

std::optional<double> quantile(std::vector<float> values, double q)
{
    if (values.empty())
        return std::nullopt;
    const auto k = std::size_t(q * double(values.size() - 1) + 0.5);
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(k), values.end());
    return double(values[k]);
}

}  // namespace

domain::ExpertRates TelemetryFrameBuilder::expertRates(const model::ExpertTelemetry& before,
                                                       const model::ExpertTelemetry& after, std::uint64_t tokens)
{
    domain::ExpertRates r;
    std::uint64_t routes = 0, misses = 0;
    r.layerHitPercent.assign(after.layers.size(), -1.0);
    for (std::size_t l = 0; l < after.layers.size() && l < before.layers.size(); ++l) {
        const std::uint64_t layerRoutes = after.layers[l].routes - before.layers[l].routes;
        const std::uint64_t layerMisses = after.layers[l].misses - before.layers[l].misses;
        if (layerRoutes > 0)
            r.layerHitPercent[l] = 100.0 * double(layerRoutes - layerMisses) / double(layerRoutes);
        routes += layerRoutes;
        misses += layerMisses;
    }
    if (routes > 0)
        r.hitPercent = 100.0 * double(routes - misses) / double(routes);
    if (tokens > 0 && after.passes > before.passes) {
        r.cpuExpertMillisPerToken = (after.cpuExpertSeconds - before.cpuExpertSeconds) * 1000.0 / double(tokens);
        const double bytes =
            double(after.bytesToHost - before.bytesToHost) + double(after.bytesToDevice - before.bytesToDevice);
        r.pcieMiBPerToken = bytes / double(1 << 20) / double(tokens);
    }
    const auto& waits = after.completionWaitsMicros;
    const std::size_t from = std::min(before.completionWaitsMicros.size(), waits.size());
    const std::vector<float> interval(waits.begin() + std::ptrdiff_t(from), waits.end());
    r.completionWaitP50Micros = quantile(interval, 0.5);
    r.completionWaitP99Micros = quantile(interval, 0.99);
    return r;
}

std::optional<domain::PrefillStreamRates>
TelemetryFrameBuilder::prefillStreamRates(const model::PrefillStreamTelemetry& before,
                                          const model::PrefillStreamTelemetry& after)
{
    if (after.passes <= before.passes)
        return std::nullopt;
    domain::PrefillStreamRates r;
    r.chunks = after.passes - before.passes;
    r.tokens = after.tokens >= before.tokens ? after.tokens - before.tokens : 0;
    const double perChunk = 1000.0 / double(r.chunks);
    r.routingWaitMillis = (after.routingWaitSeconds - before.routingWaitSeconds) * perChunk;
    r.groupingMillis = (after.groupingSeconds - before.groupingSeconds) * perChunk;
    r.copyMillis = (after.copySeconds - before.copySeconds) * perChunk;
    r.copyWaitMillis = (after.waitSeconds - before.waitSeconds) * perChunk;
    r.computeMillis = (after.computeSeconds - before.computeSeconds) * perChunk;
    return r;
}

std::optional<domain::ThreadGroupUsage>
TelemetryFrameBuilder::threadGroup(const std::vector<telemetry::ThreadUsage>& threads, std::string_view name)
{
    domain::ThreadGroupUsage group;
    for (const auto& thread : threads) {
        if (std::string_view(thread.name.data()) != name)
            continue;
        ++group.threads;
        const float percent = thread.cpuPercent.value_or(0.0f);
        group.corePercent += percent;
        // An idle stager's last core is history: only those that ran in the interval mark theirs.
        if (thread.lastCpu >= 0 && percent > 0)
            group.cores.push_back(thread.lastCpu);
    }
    if (group.threads == 0)
        return std::nullopt;
    std::sort(group.cores.begin(), group.cores.end());
    group.cores.erase(std::unique(group.cores.begin(), group.cores.end()), group.cores.end());
    return group;
}

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
    constexpr std::string_view kPrefix = "strata-pool-";
    std::vector<int> cores(workers, -1);
    for (const auto& thread : threads) {
        const std::string_view name(thread.name.data());
        if (name.substr(0, kPrefix.size()) != kPrefix)
            continue;
        unsigned index = 0;
        const std::string_view digits = name.substr(kPrefix.size());
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
        if (error == std::errc() && end == digits.data() + digits.size() && index < workers)
            cores[index] = thread.lastCpu;
    }
    return cores;
}

domain::TelemetryFrame TelemetryFrameBuilder::build(const telemetry::SystemSnapshot& system,
                                                    std::optional<pool::PoolTelemetry> pool, EngineTokenCounts tokens,
                                                    std::optional<model::ExpertTelemetry> experts)
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
    frame.stagers = threadGroup(system.threads, "strata-stager");
    if (experts) {
        const bool same = m_previousExperts && sameExperts(*m_previousExperts, *experts);
        if (same && m_previousTokens) {
            const std::uint64_t computed =
                (tokens.prefilled - m_previousTokens->prefilled) + (tokens.decoded - m_previousTokens->decoded);
            frame.expertRates = expertRates(*m_previousExperts, *experts, computed);
        }
        // A placement seen for the first time starts from zero: its counters count since its load.
        if (!same)
            m_lastPrefillStream.reset();
        if (auto streamed = prefillStreamRates(same ? m_previousExperts->prefill : model::PrefillStreamTelemetry{},
                                               experts->prefill))
            m_lastPrefillStream = streamed;
        frame.prefillStream = m_lastPrefillStream;
        // The panels need the map and counters, not every sampled wait since the load.
        model::ExpertTelemetry counters;
        counters.layers = experts->layers;
        counters.passes = experts->passes;
        counters.cpuExpertSeconds = experts->cpuExpertSeconds;
        counters.bytesToHost = experts->bytesToHost;
        counters.bytesToDevice = experts->bytesToDevice;
        counters.experts = experts->experts;
        counters.prefill = experts->prefill;
        counters.completionWaitsMicros.swap(experts->completionWaitsMicros);
        m_previousExperts = std::move(counters);
    } else {
        m_previousExperts.reset();
        m_lastPrefillStream.reset();
    }
    frame.experts = std::move(experts);
    m_previousTokens = tokens;
    m_previousNs = system.steadyNanoseconds;
    return frame;
}

}  // namespace strata::app
