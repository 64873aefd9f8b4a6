// Command line of strata-bench (llama-bench's spelling where the two overlap).
#pragma once

#include "strata/model/model.hpp"
#include "strata/pool/wait_policy.hpp"

#include <optional>
#include <string>
#include <vector>

namespace strata::bench {

struct BenchOptions {
    std::string model;
    int promptTokens = 512;  // -p: prefill test size (0: skip)
    int genTokens = 128;     // -n: decode test size (0: skip)
    int depth = 0;           // -d: decode after a context of this many tokens (llama-bench's -d)
    int threads = -1;        // -t: total threads including the caller, as llama-bench counts
    int repetitions = 3;     // -r
    int batch = 0;           // -b; 0: the engine chooses (model::ModelOptions::batchSize)
    bool pin = true;
    int pinHost = -1;  // --pin-host: the CPU the calling thread is pinned to before the model opens
    bool json = false;
    bool roofline = true;  // decode against the read bandwidth measured right after it
    // --device cpu|cuda[:N], --gpu-wait, --vram-budget, --experts, --no-wake-ahead, --expert-state
    // (tools/common/gpu_options); default: the CPU pool.
    model::ModelOptions gpu;
    bool cuda() const { return gpu.device == model::Device::Cuda; }
    std::optional<pool::WaitPolicy> policy;
    std::string traceFile;     // --pool-trace FILE: one decode run's Adaptive idle spans, per token
    bool allPolicies = false;  // --pool-policy all: compare the policies in one run (policy_comparison.hpp)
    int cacheCurveTokens = 0;  // --cache-curve N: a hybrid cache's warm-up over N decoded tokens (cache_warmup.hpp)
};

// Parses argv; prints usage and exits on --help or a bad argument.
BenchOptions parseBenchOptions(int argc, char** argv);

}  // namespace strata::bench
