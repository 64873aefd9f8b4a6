// One snapshot of the machine and of this process: per-core CPU, process CPU and memory, our
// threads, and the GPUs. Built to be polled a few times per second from a sampler thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "strata/telemetry/cpu_load.hpp"
#include "strata/telemetry/gpu_sampler.hpp"
#include "strata/telemetry/process_usage.hpp"
#include "strata/telemetry/thread_usage.hpp"

namespace strata::telemetry {

// What sampling itself costs, measured with the sampling thread's own CPU clock.
struct SamplingCost {
    std::uint64_t samples = 0;
    std::int64_t cpuNanoseconds = 0;  // all samples together
    std::int64_t lastSampleCpuNanoseconds = 0;

    double meanCpuMicroseconds() const
    {
        return samples ? static_cast<double>(cpuNanoseconds) / 1e3 / static_cast<double>(samples) : 0.0;
    }
    // Share of one core that sampling at `hz` costs, in percent.
    double percentOfCoreAt(double hz) const { return meanCpuMicroseconds() * hz / 1e4; }
};

// Plain data: copy it to the GUI thread as it is.
struct SystemSnapshot {
    std::int64_t steadyNanoseconds = 0;  // when it was taken (std::chrono::steady_clock)
    double intervalSeconds = 0.0;        // since the previous snapshot

    std::vector<CoreLoad> cores;           // index = core number
    std::optional<float> cpuTotalPercent;  // all cores together, 0..100
    std::string cpuError;                  // empty unless /proc/stat could not be read

    ProcessUsage process;
    std::vector<ThreadUsage> threads;  // empty when thread sampling is off
    std::string threadError;

    std::vector<GpuSample> gpus;
    std::string gpuStatus;  // "no NVIDIA driver (...)" when there is none

    SamplingCost cost;
};

struct SystemSamplerOptions {
    bool threads = true;
    bool gpus = true;
    std::string procStatPath = "/proc/stat";
    std::string taskDirectory = "/proc/self/task";
    std::string nvmlLibrary = "libnvidia-ml.so.1";
};

// Not thread-safe: create it on, or hand it to, the one thread that samples; pass the snapshots
// on by value. The constructor takes a first reading (and initialises NVML, which can take a
// few hundred milliseconds with a driver), so the first sample() already has loads.
// Reusing the same SystemSnapshot for each call avoids allocations once its vectors have grown.
class SystemSampler {
public:
    explicit SystemSampler(SystemSamplerOptions options = {});

    void sample(SystemSnapshot& out);

    const std::string& gpuStatus() const { return gpu_ ? gpu_->status() : gpuOff_; }
    const SamplingCost& cost() const { return cost_; }

private:
    SystemSamplerOptions options_;
    CpuLoadSampler cpu_;
    ProcessSampler process_;
    std::optional<ThreadSampler> threads_;  // empty when options.threads is false
    std::optional<GpuSampler> gpu_;         // empty when options.gpus is false
    std::string gpuOff_ = "GPU sampling off";
    SamplingCost cost_;
    std::int64_t previousSteadyNs_ = 0;
};

}  // namespace strata::telemetry
