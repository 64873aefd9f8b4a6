#include "parallel_rows.hpp"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace strata::gguf {

void forRowRanges(uint64_t rows, uint64_t valuesPerRow, const std::function<void(uint64_t, uint64_t)>& fn,
                  uint64_t minValues)
{
    const uint64_t cores = std::max(1u, std::thread::hardware_concurrency());
    // Each thread gets at least minValues values, so a small tensor does not pay for thread starts.
    const uint64_t byWork = std::max<uint64_t>(1, rows * valuesPerRow / std::max<uint64_t>(1, minValues));
    const uint64_t threads = std::min({cores, byWork, std::max<uint64_t>(1, rows)});
    if (threads <= 1) {
        fn(0, rows);
        return;
    }
    std::exception_ptr first;
    std::mutex firstLock;
    std::vector<std::thread> workers;
    workers.reserve(threads - 1);
    auto run = [&](uint64_t begin, uint64_t end) {
        try {
            fn(begin, end);
        } catch (...) {
            const std::lock_guard lock(firstLock);
            if (!first)
                first = std::current_exception();
        }
    };
    for (uint64_t t = 1; t < threads; ++t)
        workers.emplace_back(run, rows * t / threads, rows * (t + 1) / threads);
    run(0, rows / threads);
    for (auto& w : workers)
        w.join();
    if (first)
        std::rethrow_exception(first);
}

}  // namespace strata::gguf
