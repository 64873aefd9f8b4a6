// The CPU jobs of the benchmark: sums over slices of a buffer far bigger than the caches, so
// each job does real memory-bound work of a calibrated duration (like an expert's matvec).
#pragma once

#include <cstddef>
#include <vector>

namespace poolbench {

class MemoryWork {
public:
    explicit MemoryWork(std::size_t bytes);
    // Sets the slice length so that one job takes about `micros` on this machine, one thread.
    void calibrate(double micros);
    // Sums job `index`'s slice (slices rotate through the buffer) and returns the sum.
    float run(std::size_t index) const;
    std::size_t sliceFloats() const { return slice_; }

private:
    std::vector<float> data_;
    std::size_t slice_ = 4096;
};

}  // namespace poolbench
