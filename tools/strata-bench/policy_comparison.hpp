// strata-bench --pool-policy all: the pool's waiting policies against each other on one model in
// one run, interleaved (A B C D A B C D ...), so that machine noise hits them alike. Prints each
// policy's prefill and decode speed, CPU and wait p50 with its ratio to the best fixed policy,
// then the pool's own account of every decoded token (parks, wakes, gaps against the spin window,
// cap and back-off), which says *why* a policy is slower.
#pragma once

#include "strata/pool/policy_contenders.hpp"
#include "strata/pool/worker_pool.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace strata::bench {

struct PolicyWorkload {
    std::string prefillName;               // "pp256"; empty: no prefill test
    std::function<std::size_t()> prefill;  // one prefill; returns the tokens it computed
    std::string decodeName;                // "tg128"; empty: no decode test
    std::function<std::size_t()> decode;   // one decode run; returns the tokens it computed
    // A hybrid MoE model: its counts so far of decode tokens and of those run with wake-ahead on
    // (ExpertTelemetry); empty otherwise.
    std::function<std::pair<std::uint64_t, std::uint64_t>()> wakeAheadTokens;
};

// Runs `rounds` rounds of every contender on `pool` (its setup, then its policy with setPolicy,
// each run ended with idleHint as a request would be) and prints the tables to stdout. Leaves
// Adaptive in force, with the first contender's setup.
void comparePolicies(pool::WorkerPool& pool, const PolicyWorkload& work, int rounds, const std::string& title,
                     const std::vector<pool::PolicyContender>& contenders = pool::standardContenders());

// Process CPU time (user + system) in seconds.
double processCpuSeconds();

}  // namespace strata::bench
