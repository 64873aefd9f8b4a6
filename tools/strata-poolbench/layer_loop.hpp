// The host loop of the benchmark: "layers" of a device phase (the host blocked, as in a device
// sync) followed, with probability p, by a batch of CPU jobs on the pool.
#pragma once

#include "memory_work.hpp"

#include "strata/pool/worker_pool.hpp"

#include <cstdint>
#include <functional>
#include <random>

namespace poolbench {

struct Scenario {
    const char* name = "gpu-heavy";
    double probability = 0.1;   // a layer has CPU work
    double deviceMicros = 200;  // G
    unsigned jobs = 4;          // k
    double leadMicros = 100;    // wake-ahead: the CPU work is known this long before it exists
};

struct RoundResult {
    std::uint64_t layers = 0;
    std::uint64_t cpuLayers = 0;
    double wallSeconds = 0;
    double cpuSeconds = 0;
};

// How a layer announces its CPU batch, `leadMicros` before it exists.
enum class Announce {
    None,      // no prepare()
    AtOnce,    // prepare(jobs): the workers wake now and spin until the batch
    WithLead,  // prepare(jobs, 1 ms, lead): they sleep until about one wake delay before it
};

// Runs `layers` layers. `onLayer(i)`, when given, runs at the start of layer i (trace recording
// marks tokens with it).
RoundResult runLayers(strata::pool::WorkerPool& pool, const MemoryWork& work, const Scenario& s, std::uint64_t layers,
                      Announce announce, std::mt19937_64& rng, const std::function<void(std::uint64_t)>& onLayer = {});

double processCpuSeconds();

}  // namespace poolbench
