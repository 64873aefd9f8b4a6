// The waiting-policy preset's result, as `strata-bench --pool-policy all` prints it: per policy
// the medians of its runs and the ratios to the best fixed policy of the same run
// (pool/policy_contenders.hpp decides which that is).
#pragma once

#include "domain/ab/ab_types.hpp"

namespace strata::domain {

struct AbPolicyLine {
    QString policy;                     // "adaptive", "park", "fixed:100us", "fixed:20ms"
    double prefillTokensPerSecond = 0;  // medians of the policy's runs
    double decodeTokensPerSecond = 0;
    double cpuPercent = 0;
    double completionWaitP50Micros = 0;
    double prefillRatio = 0;  // to the fixed policy with the fastest prefill
    double decodeRatio = 0;   // to the fixed policy with the fastest decode
    double cpuRatio = 0;      // to the CPU of that fastest-decode fixed policy
};

// One line per policy of the preset, in its order; policies without rows give zeros.
QList<AbPolicyLine> summarizePolicies(const QList<AbRow>& rows);

}  // namespace strata::domain
