// Plain values of an A/B run: what to compare, one measured run, and the medians. The A/B dialog
// (ui/ab) shows them, the runner (app/ab) produces them.
#pragma once

#include "strata/model/backend.hpp"
#include "strata/model/cuda_backend.hpp"
#include "strata/pool/wait_policy.hpp"

#include <QList>
#include <QMetaType>
#include <QString>

namespace strata::domain {

// One side of the comparison. What the A/B runner varies; everything else (prompt, context,
// sampling with a fixed seed, reply length) is the same for both sides.
struct AbConfig {
    pool::WaitPolicy policy;  // how the pool's threads wait
    int threads = 0;          // computing threads; 0: one per physical core
    model::KvType kvCacheType = model::KvType::F16;
    int gpu = -1;  // -1: the CPU; n: CUDA device n
    // A MoE model on the GPU: where its experts live (model::CudaExperts), to compare placements and
    // budgets. A Cache side starts cold (no saved state), so both sides measure the same warm-up.
    model::ExpertPlacement experts = model::ExpertPlacement::Gpu;
    int expertBudgetMiB = 4096;  // Cache
    int cpuExpertLayers = 0;     // CpuLayers

    // "adaptive, threads: 2, KV f16", on a GPU with ", GPU 0, experts: VRAM cache 4096 MiB"
    QString describe() const;
    bool operator==(const AbConfig&) const = default;
};

// What a run compares.
enum class AbPreset {
    TwoConfigs,       // configuration A against configuration B
    WaitingPolicies,  // A's threads and KV type under each of pool::standardContenders() (adaptive,
                      // park, fixed:100us, fixed:20ms), as `strata-bench --pool-policy all` runs them
};

struct AbRequest {
    AbPreset preset = AbPreset::TwoConfigs;
    QString modelPath;
    QString prompt;
    AbConfig a;
    AbConfig b;
    int repetitions = 3;    // measured runs per configuration, after one warm-up each
    int maxTokens = 64;     // reply length of every run
    int contextLength = 0;  // 0: the model's trained context, capped by the engine
};

struct AbRow {
    int run = 0;     // 1-based, in the order the runs happened (A B A B ...)
    QString config;  // "A" or "B"; the policy's name under AbPreset::WaitingPolicies
    int promptTokens = 0;
    int generatedTokens = 0;
    double prefillTokensPerSecond = 0;
    double decodeTokensPerSecond = 0;
    double cpuPercent = 0;               // the whole process during the run; 100 = one core busy
    double completionWaitP50Micros = 0;  // the pool's completion wait during this run, median
};

// Median of one figure for A and for B, and B/A (0 when A's median is 0).
struct AbMedian {
    double a = 0;
    double b = 0;
    double ratio = 0;
};

struct AbSummary {
    AbMedian prefillTokensPerSecond;
    AbMedian decodeTokensPerSecond;
    AbMedian cpuPercent;
    AbMedian completionWaitP50Micros;
};

}  // namespace strata::domain

Q_DECLARE_METATYPE(strata::domain::AbRequest)
Q_DECLARE_METATYPE(strata::domain::AbRow)
