#include "strata/telemetry/system_sampler.hpp"

#include <chrono>

#include "clock.hpp"

namespace strata::telemetry {

namespace {

std::int64_t steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

SystemSampler::SystemSampler(SystemSamplerOptions options) : options_(std::move(options)), cpu_(options_.procStatPath)
{
    if (options_.threads)
        threads_.emplace(options_.taskDirectory);
    if (options_.gpus)
        gpu_.emplace(options_.nvmlLibrary);
    // Prime the process and thread counters so the first sample() has figures. NVML's first
    // queries are slow (5.6 ms of CPU on the H200 box, against ~130 us later): take them here,
    // not in the sampler thread's first period.
    if (gpu_) {
        std::vector<GpuSample> gpus;
        gpu_->sample(gpus);
    }
    ProcessUsage process;
    process_.sample(process);
    if (threads_) {
        std::vector<ThreadUsage> threads;
        threads_->sample(threads);
    }
    previousSteadyNs_ = steadyNs();
}

void SystemSampler::sample(SystemSnapshot& out)
{
    const std::int64_t cpuStart = detail::threadCpuNs();

    out.steadyNanoseconds = steadyNs();
    out.intervalSeconds = static_cast<double>(out.steadyNanoseconds - previousSteadyNs_) / 1e9;
    previousSteadyNs_ = out.steadyNanoseconds;

    if (cpu_.sample(out.cores, out.cpuTotalPercent))
        out.cpuError.clear();
    else
        out.cpuError = cpu_.error();

    process_.sample(out.process);

    if (threads_) {
        if (threads_->sample(out.threads))
            out.threadError.clear();
        else
            out.threadError = threads_->error();
    } else {
        out.threads.clear();
    }

    if (gpu_)
        gpu_->sample(out.gpus);
    else
        out.gpus.clear();
    if (out.gpuStatus != gpuStatus())
        out.gpuStatus = gpuStatus();

    cost_.lastSampleCpuNanoseconds = detail::threadCpuNs() - cpuStart;
    cost_.cpuNanoseconds += cost_.lastSampleCpuNanoseconds;
    ++cost_.samples;
    out.cost = cost_;
}

}  // namespace strata::telemetry
