#include "memory_work.hpp"

#include <algorithm>
#include <chrono>

namespace poolbench {

MemoryWork::MemoryWork(std::size_t bytes) : data_(bytes / sizeof(float))
{
    for (std::size_t i = 0; i < data_.size(); ++i)
        data_[i] = static_cast<float>(i & 1023) * 0.001f;
}

float MemoryWork::run(std::size_t index) const
{
    const std::size_t slices = std::max<std::size_t>(1, data_.size() / slice_);
    const float* p = data_.data() + (index % slices) * slice_;
    // Four accumulators so the loop is bound by memory, not by one add chain.
    float a = 0, b = 0, c = 0, d = 0;
    std::size_t i = 0;
    for (; i + 4 <= slice_; i += 4) {
        a += p[i];
        b += p[i + 1];
        c += p[i + 2];
        d += p[i + 3];
    }
    return a + b + c + d;
}

void MemoryWork::calibrate(double micros)
{
    using Clock = std::chrono::steady_clock;
    slice_ = 16384;
    volatile float sink = 0;
    // The fastest of many single jobs: robust to preemption on a busy machine, where an average
    // would make the jobs far too short once the machine is quiet.
    for (int pass = 0; pass < 3; ++pass) {
        double best = 1e30;
        for (int j = 0; j < 100; ++j) {
            const auto t0 = Clock::now();
            sink = sink + run(static_cast<std::size_t>(j) * 7919 + static_cast<std::size_t>(pass) * 104729);
            best = std::min(best, std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
        }
        const double scaled = static_cast<double>(slice_) * micros / std::max(best, 0.01);
        slice_ = std::clamp<std::size_t>(static_cast<std::size_t>(scaled) / 4 * 4, 64, data_.size());
    }
    (void)sink;
}

}  // namespace poolbench
