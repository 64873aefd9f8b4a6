// How a hybrid expert cache warms up during a chat (issue 26): from one decode run's per-token
// samples, the hit rate per window of tokens, how many tokens it takes to reach its steady rate, and
// whether decode stalls while the cache copies experts in (the per-token time's tail).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace strata::benchtools {

// One decoded token: its wall time and what the routing and the cache did during it.
struct TokenSample {
    double seconds = 0;
    uint64_t routes = 0;       // expert selections of the hybrid layers
    uint64_t misses = 0;       // of which ran on the CPU
    uint64_t copiedBytes = 0;  // experts the cache finished copying into VRAM
};

struct WarmupWindow {
    uint32_t firstToken = 0, tokens = 0;
    double hitPercent = 0;
    double tokensPerSecond = 0;
    double maxMillis = 0;
    uint64_t copiedBytes = 0;
};

struct CacheWarmup {
    std::vector<WarmupWindow> windows;
    double steadyHitPercent = 0;  // over the last quarter of the tokens (one window at least)
    // Tokens until the hit rate stays within kSteadyTolerance points of the steady rate: the end of
    // the first window from which no later window falls below it. 0 when there is no sample.
    uint32_t tokensToSteady = 0;
    double p50Millis = 0, p99Millis = 0, maxMillis = 0;  // per-token time, every token
    // The same over the tokens after tokensToSteady, where misses no longer fall: what is left of the
    // tail there comes from the work of each token and from the copies that go on.
    double steadyP50Millis = 0, steadyP99Millis = 0, steadyMaxMillis = 0;
    // The same tail over the tokens during which copies finished, less the median of every token:
    // what a cache update costs the user (the bound is 2 ms).
    uint32_t copyTokens = 0;
    double copyP99ExcessMillis = 0, copyMaxExcessMillis = 0;
    // After tokensToSteady, split by whether copies finished during the token: the same run's tokens
    // without copies are the control for those with them (their work differs only by the copies).
    uint32_t steadyCopyTokens = 0, steadyQuietTokens = 0;
    double steadyCopyP50Millis = 0, steadyCopyP99Millis = 0, steadyQuietP50Millis = 0, steadyQuietP99Millis = 0;
};

inline constexpr double kSteadyTolerance = 1.0;  // percentage points

CacheWarmup summarizeWarmup(const std::vector<TokenSample>& samples, uint32_t window);
std::string warmupText(const CacheWarmup& w);

}  // namespace strata::benchtools
