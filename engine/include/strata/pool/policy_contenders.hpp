// The waiting policies that `strata-bench --pool-policy all` and the A/B dialog's policy preset
// run against each other, and the one yardstick both report: each policy's figure over the best
// fixed policy's in the same run (issue 25 states its targets that way: Adaptive must reach 0.98x
// of the best policy a user could have picked by hand, on that machine, at that moment).
#pragma once

#include "strata/pool/wait_policy.hpp"

#include <functional>
#include <span>
#include <string>
#include <vector>

namespace strata::pool {

struct PolicyContender {
    std::string name;  // "adaptive", "park", "fixed:100us", "fixed:20ms" (parseWaitPolicy reads it)
    WaitPolicy policy;
    bool fixed = true;  // a policy a user could pick instead of Adaptive; the best of these is the bar
    // Run before each of this contender's runs, with its policy (empty: nothing); e.g. a hybrid MoE's
    // wake-ahead mode, which is no policy but changes how Adaptive is used.
    std::function<void()> setup;
};

// Adaptive, then the three fixed choices, in the order they run in each round: park, a 100 µs
// spin (the seeds' GPU-heavy fix) and a 20 ms spin (the old engine's default).
std::vector<PolicyContender> standardContenders();

// A hybrid MoE model's wake-ahead modes (model::ExpertWakeAhead), as the hooks that set them.
struct WakeAheadHooks {
    std::function<void()> automatic, on, off;
};

// standardContenders() for a hybrid MoE decode: "adaptive" is Adaptive with wake-ahead on auto (the
// default, what a user gets), followed by "adaptive+wake-ahead" and "adaptive-no-wake-ahead" (issue
// 26's rows), both Adaptive and not fixed, so the best fixed policy stays the bar. Each contender
// sets its mode first; the fixed ones set auto (a fixed policy ignores announcements anyway).
std::vector<PolicyContender> wakeAheadContenders(const WakeAheadHooks& hooks);

// Which contender is the best fixed one for a figure (`values[i]` belongs to `contenders[i]`):
// the highest value when higher is better (tok/s), the lowest positive one otherwise (a wait).
// -1 when no fixed contender has a positive value.
int bestFixedIndex(std::span<const PolicyContender> contenders, std::span<const double> values,
                   bool higherIsBetter = true);

// values[i] / values[best] for every contender, with `best` chosen by bestFixedIndex from the
// same values; all 0 when there is no best.
std::vector<double> ratiosToBestFixed(std::span<const PolicyContender> contenders, std::span<const double> values,
                                      bool higherIsBetter = true);

// values[i] / values[best] for a figure measured alongside another one (CPU % beside tok/s):
// the best fixed contender is the one `bestIndex` names, not the one with the best CPU.
std::vector<double> ratiosTo(int bestIndex, std::span<const double> values);

}  // namespace strata::pool
