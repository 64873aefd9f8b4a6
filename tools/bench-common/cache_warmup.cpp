#include "cache_warmup.hpp"

#include "percentile.hpp"

#include <algorithm>
#include <cstdio>

namespace strata::benchtools {
namespace {

double hitPercent(uint64_t routes, uint64_t misses)
{
    return routes ? 100.0 * double(routes - misses) / double(routes) : 100.0;
}

}  // namespace

CacheWarmup summarizeWarmup(const std::vector<TokenSample>& samples, uint32_t window)
{
    CacheWarmup w;
    if (samples.empty() || window == 0)
        return w;
    for (size_t first = 0; first < samples.size(); first += window) {
        const size_t end = std::min(samples.size(), first + window);
        WarmupWindow win{uint32_t(first), uint32_t(end - first)};
        uint64_t routes = 0, misses = 0;
        double seconds = 0;
        for (size_t i = first; i < end; ++i) {
            routes += samples[i].routes;
            misses += samples[i].misses;
            seconds += samples[i].seconds;
            win.maxMillis = std::max(win.maxMillis, 1e3 * samples[i].seconds);
            win.copiedBytes += samples[i].copiedBytes;
        }
        win.hitPercent = hitPercent(routes, misses);
        win.tokensPerSecond = seconds > 0 ? double(win.tokens) / seconds : 0;
        w.windows.push_back(win);
    }
    uint64_t routes = 0, misses = 0;
    for (size_t i = samples.size() - std::max<size_t>(samples.size() / 4, std::min<size_t>(window, samples.size()));
         i < samples.size(); ++i) {
        routes += samples[i].routes;
        misses += samples[i].misses;
    }
    w.steadyHitPercent = hitPercent(routes, misses);
    size_t steadyFrom = w.windows.size();
    while (steadyFrom > 0 && w.windows[steadyFrom - 1].hitPercent >= w.steadyHitPercent - kSteadyTolerance)
        --steadyFrom;
    // The last window is in the steady quarter, so at least it counts.
    steadyFrom = std::min(steadyFrom, w.windows.size() - 1);
    w.tokensToSteady = w.windows[steadyFrom].firstToken + w.windows[steadyFrom].tokens;

    std::vector<double> millis, copyMillis, steadyMillis, steadyCopy, steadyQuiet;
    for (size_t i = 0; i < samples.size(); ++i) {
        millis.push_back(1e3 * samples[i].seconds);
        if (samples[i].copiedBytes > 0)
            copyMillis.push_back(millis.back());
        if (i >= w.tokensToSteady) {
            steadyMillis.push_back(millis.back());
            (samples[i].copiedBytes > 0 ? steadyCopy : steadyQuiet).push_back(millis.back());
        }
    }
    w.steadyCopyTokens = uint32_t(steadyCopy.size());
    w.steadyQuietTokens = uint32_t(steadyQuiet.size());
    w.steadyCopyP50Millis = percentile(steadyCopy, 0.5);
    w.steadyCopyP99Millis = percentile(steadyCopy, 0.99);
    w.steadyQuietP50Millis = percentile(steadyQuiet, 0.5);
    w.steadyQuietP99Millis = percentile(steadyQuiet, 0.99);
    w.p50Millis = percentile(millis, 0.5);
    w.p99Millis = percentile(millis, 0.99);
    w.maxMillis = *std::max_element(millis.begin(), millis.end());
    if (!steadyMillis.empty()) {
        w.steadyP50Millis = percentile(steadyMillis, 0.5);
        w.steadyP99Millis = percentile(steadyMillis, 0.99);
        w.steadyMaxMillis = *std::max_element(steadyMillis.begin(), steadyMillis.end());
    }
    w.copyTokens = uint32_t(copyMillis.size());
    if (!copyMillis.empty()) {
        w.copyP99ExcessMillis = std::max(0.0, percentile(copyMillis, 0.99) - w.p50Millis);
        w.copyMaxExcessMillis = std::max(0.0, *std::max_element(copyMillis.begin(), copyMillis.end()) - w.p50Millis);
    }
    return w;
}

std::string warmupText(const CacheWarmup& w)
{
    std::string text = "| tokens | VRAM hits % | tok/s | slowest token ms | MiB copied in |\n|---|---|---|---|---|\n";
    char line[200];
    for (const WarmupWindow& win : w.windows) {
        std::snprintf(line, sizeof line, "| %u-%u | %.1f | %.1f | %.2f | %.1f |\n", win.firstToken,
                      win.firstToken + win.tokens - 1, win.hitPercent, win.tokensPerSecond, win.maxMillis,
                      double(win.copiedBytes) / 1048576.0);
        text += line;
    }
    std::snprintf(line, sizeof line,
                  "\ncache warm-up: steady hit rate %.1f%% (last quarter), reached (within %.0f point) after %u "
                  "tokens; per-token time p50 %.2f ms, p99 %.2f ms, max %.2f ms;\n",
                  w.steadyHitPercent, kSteadyTolerance, w.tokensToSteady, w.p50Millis, w.p99Millis, w.maxMillis);
    text += line;
    std::snprintf(line, sizeof line, "after it: per-token time p50 %.2f ms, p99 %.2f ms, max %.2f ms;\n",
                  w.steadyP50Millis, w.steadyP99Millis, w.steadyMaxMillis);
    text += line;
    std::snprintf(line, sizeof line,
                  "tokens during which copies finished: %u, their time over the median: p99 %.2f ms, max %.2f ms\n",
                  w.copyTokens, w.copyP99ExcessMillis, w.copyMaxExcessMillis);
    text += line;
    std::snprintf(line, sizeof line,
                  "after the steady point: %u tokens with copies finishing, p50 %.2f ms, p99 %.2f ms; %u without, "
                  "p50 %.2f ms, p99 %.2f ms\n",
                  w.steadyCopyTokens, w.steadyCopyP50Millis, w.steadyCopyP99Millis, w.steadyQuietTokens,
                  w.steadyQuietP50Millis, w.steadyQuietP99Millis);
    text += line;
    return text;
}

}  // namespace strata::benchtools
