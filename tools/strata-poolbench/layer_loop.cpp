#include "layer_loop.hpp"

#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace poolbench {

double processCpuSeconds()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec)
           + static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

namespace {

// The device phase: the host sleeps in the kernel like a blocking-sync device wait.
void deviceWait(double micros)
{
    if (micros > 0)
        std::this_thread::sleep_for(std::chrono::nanoseconds(static_cast<std::int64_t>(micros * 1000)));
}

}  // namespace

RoundResult runLayers(strata::pool::WorkerPool& pool, const MemoryWork& work, const Scenario& s, std::uint64_t layers,
                      Announce announce, std::mt19937_64& rng, const std::function<void(std::uint64_t)>& onLayer)
{
    std::uniform_real_distribution<double> coin(0.0, 1.0);
    std::atomic<std::uint64_t> jobIndex{0};
    std::atomic<float> sink{0};
    RoundResult r;
    const double cpu0 = processCpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    for (std::uint64_t layer = 0; layer < layers; ++layer) {
        if (onLayer)
            onLayer(layer);
        const bool cpu = coin(rng) < s.probability;
        // The device phase has the same shape for every policy (two waits when the layer has CPU
        // work, its routing known `lead` before the end); only the prepare() call differs.
        if (cpu && s.leadMicros > 0 && s.leadMicros < s.deviceMicros) {
            deviceWait(s.deviceMicros - s.leadMicros);
            const auto lead = std::chrono::microseconds(static_cast<std::int64_t>(s.leadMicros));
            if (announce == Announce::AtOnce)
                pool.prepare(s.jobs);
            else if (announce == Announce::WithLead)
                pool.prepare(s.jobs, std::chrono::microseconds{1000}, lead);
            deviceWait(s.leadMicros);
        } else {
            deviceWait(s.deviceMicros);
        }
        if (!cpu)
            continue;
        ++r.cpuLayers;
        pool.run(
            s.jobs,
            [&](std::size_t b, std::size_t e, unsigned) {
                float local = 0;
                for (std::size_t i = b; i < e; ++i)
                    local += work.run(jobIndex.fetch_add(1, std::memory_order_relaxed));
                sink.store(local, std::memory_order_relaxed);  // keeps the sums from being optimised out
            },
            strata::pool::RunOptions{1, ~0u});
    }
    r.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.cpuSeconds = processCpuSeconds() - cpu0;
    r.layers = layers;
    return r;
}

}  // namespace poolbench
