#include "cache_curve_run.hpp"

#include "cache_warmup.hpp"
#include "strata/core/error.hpp"

#include <chrono>
#include <cstdio>
#include <span>

namespace strata::bench {
namespace {

struct Totals {
    uint64_t routes = 0, misses = 0, copiedBytes = 0;
};

Totals totals(model::Model& m)
{
    Totals t;
    const auto telemetry = m.backend().expertTelemetry();
    if (!telemetry)
        return t;
    for (const model::ExpertLayerTelemetry& l : telemetry->layers) {
        t.routes += l.routes;
        t.misses += l.misses;
    }
    t.copiedBytes = telemetry->cacheBytesCopied;
    return t;
}

}  // namespace

void printCacheWarmup(model::Model& m, model::Session& session, const std::vector<int32_t>& prompt,
                      const std::vector<int32_t>& tokens)
{
    const auto start = m.backend().expertTelemetry();
    if (!start || start->heat.empty())
        throw Error("--cache-curve needs a hybrid expert cache (--device cuda --experts cache:MIB)");
    if (tokens.size() < 2)
        throw Error("--cache-curve needs 2 tokens or more");
    using Clock = std::chrono::steady_clock;
    session.clear();
    const auto promptStart = Clock::now();
    session.setPrompt(prompt.empty() ? std::span(tokens).first(1) : std::span(prompt));
    const double promptSeconds = std::chrono::duration<double>(Clock::now() - promptStart).count();
    std::vector<benchtools::TokenSample> samples;
    Totals before = totals(m);
    for (size_t i = prompt.empty() ? 1 : 0; i < tokens.size(); ++i) {
        const auto t0 = Clock::now();
        session.append(tokens[i]);
        const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        const Totals now = totals(m);
        samples.push_back(
            {seconds, now.routes - before.routes, now.misses - before.misses, now.copiedBytes - before.copiedBytes});
        before = now;
    }
    std::printf("cache warm-up of a chat: %zu prompt tokens read in %.2f s, then %zu tokens decoded one by one\n\n",
                prompt.empty() ? size_t(1) : prompt.size(), promptSeconds, samples.size());
    std::fputs(benchtools::warmupText(benchtools::summarizeWarmup(samples, 25)).c_str(), stdout);
}

}  // namespace strata::bench
