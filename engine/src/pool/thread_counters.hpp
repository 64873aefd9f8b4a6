// Per-thread telemetry counters, each thread's on its own cache lines. One writer (the thread
// itself), any number of readers (snapshots): relaxed load+store, no read-modify-write.
#pragma once

#include "strata/pool/pool_telemetry.hpp"

#include <atomic>
#include <cstdint>

namespace strata::pool::detail {

inline constexpr std::size_t kCacheLine = 64;

struct alignas(2 * kCacheLine) ThreadCounters {  // 2 lines: adjacent-line prefetch pairs lines
    std::atomic<ThreadState> state{ThreadState::Starting};
    std::atomic<std::uint64_t> busyNanos{0};
    std::atomic<std::uint64_t> spinNanos{0};
    std::atomic<std::uint64_t> wastedSpinNanos{0};
    std::atomic<std::uint64_t> parkedNanos{0};
    std::atomic<std::uint64_t> parks{0};
    std::atomic<std::uint64_t> wakes{0};
    std::atomic<std::uint64_t> spinHits{0};
    std::atomic<std::uint64_t> chunks{0};
    std::atomic<std::uint64_t> spinTimeouts{0};
    std::atomic<std::uint64_t> capRefusals{0};
    std::atomic<std::uint64_t> backOffs{0};
    // Adaptive only (not in WorkerTelemetry): the worker's window now, its spins and how many of
    // them the OS preempted, which the host sums into the contention check.
    std::atomic<std::int64_t> windowNanos{0};
    std::atomic<std::uint64_t> adaptiveSpins{0};
    std::atomic<std::uint64_t> preemptedSpins{0};

    static void add(std::atomic<std::uint64_t>& counter, std::uint64_t value)
    {
        counter.store(counter.load(std::memory_order_relaxed) + value, std::memory_order_relaxed);
    }
    void setState(ThreadState s) { state.store(s, std::memory_order_relaxed); }
    WorkerTelemetry snapshot() const
    {
        WorkerTelemetry t;
        t.state = state.load(std::memory_order_relaxed);
        t.busyNanos = busyNanos.load(std::memory_order_relaxed);
        t.spinNanos = spinNanos.load(std::memory_order_relaxed);
        t.wastedSpinNanos = wastedSpinNanos.load(std::memory_order_relaxed);
        t.parkedNanos = parkedNanos.load(std::memory_order_relaxed);
        t.parks = parks.load(std::memory_order_relaxed);
        t.wakes = wakes.load(std::memory_order_relaxed);
        t.spinHits = spinHits.load(std::memory_order_relaxed);
        t.chunks = chunks.load(std::memory_order_relaxed);
        t.spinTimeouts = spinTimeouts.load(std::memory_order_relaxed);
        t.capRefusals = capRefusals.load(std::memory_order_relaxed);
        t.backOffs = backOffs.load(std::memory_order_relaxed);
        return t;
    }
};

// Written by the host only, read by snapshots.
struct AtomicHistogram {
    std::atomic<std::uint64_t> counts[LatencyHistogram::kBucketCount]{};

    void record(std::int64_t nanos)
    {
        auto& c = counts[LatencyHistogram::bucketOf(nanos > 0 ? static_cast<std::uint64_t>(nanos) : 0)];
        c.store(c.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    }
    LatencyHistogram snapshot() const
    {
        LatencyHistogram h;
        for (int i = 0; i < LatencyHistogram::kBucketCount; ++i)
            h.counts[i] = counts[i].load(std::memory_order_relaxed);
        return h;
    }
};

}  // namespace strata::pool::detail
