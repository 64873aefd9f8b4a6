// The Adaptive policy's decisions as pure functions of what the pool observed, so tests can feed
// them recorded traces (tests/engine/pool/test_pool_policy_model.cpp) and the pool only gathers
// the inputs.
//
// Why per worker: a worker that got no chunk of a narrow batch (attention over 4-8 KV heads,
// a 64-row MoE router) is idle from that batch's publish, not from its end, so the gap the host
// sees between batches is shorter than the span the worker must bridge. With the host's gap as
// the window such workers timed out and parked every layer; each worker therefore learns from
// its own idle spans (idle start to the arrival of work).
#pragma once

#include "adaptive_spin.hpp"

#include <array>
#include <cstdint>

namespace strata::pool::detail {

// What a parked worker costs when work arrives, in µs of worker spinning (core time):
//     M = latencyWeight * (C + u * L)  +  heldThreads * u * L,      u = 1 - announcedShare
// - the host's own time: the futex wake it must send (C) and, for work nobody announced with
//   prepare(), the wake latency it then waits for (L), weighted by how many µs of worker
//   spinning one µs of host time is worth (PoolOptions::adaptiveLatencyWeight);
// - the batch's critical path (issue 25): a batch ends when its slowest thread ends, so while the
//   late worker wakes, every other thread of the batch (the other workers the batch wants and the
//   host) is held for L too; that core time is lost whether they spin or sit idle. The pool
//   passes heldThreads = the spinner cap (the widest recent batch: its other workers plus the
//   host). 0 leaves only the host's term (the model before issue 25's fix).
// Announced work (prepare) is woken ahead of its batch, so its latency is off the critical path.
struct MissCost {
    double latencyWeight = 16.0;
    std::int64_t wakeLatencyNanos = 50'000;  // clamped to kMinModelWake..kMaxModelWake
    std::int64_t wakeCallNanos = 2'000;      // one FUTEX_WAKE as the host measured it
    double announcedShare = 0.0;             // share of recent batches announced by prepare()
    unsigned heldThreads = 0;                // threads a late worker holds up (see above)
};
// An idle core wakes a futex waiter in 5-70 µs (the seeds measured 59-72 µs waits when parked).
inline constexpr std::int64_t kMinModelWakeNanos = 2'000;
inline constexpr std::int64_t kMaxModelWakeNanos = 100'000;
std::int64_t missCostNanos(const MissCost& cost);

// Is someone else waiting for the CPUs our spinners would burn? Linux CPU pressure (PSI "some")
// above 20%, or more than 25% of recent spins preempted.
struct Contention {
    std::int32_t pressurePermille = -1;  // -1: unknown
    std::uint32_t preemptedPermille = 0;
};
bool isContended(const Contention& c);

// One worker's model: its last GapModel::kSamples idle spans and its window, re-solved every
// kSolveEvery spans (every span while it has fewer). Owned and used by that worker only.
class SpanLearner {
public:
    static constexpr unsigned kSolveEvery = 8;

    void record(std::int64_t spanNanos);
    // The spin window for the next idle wait: 0 while contended, otherwise learntWindow().
    std::int64_t window(std::int64_t missCostNanos, const Contention& contention);
    // The gap model's choice for one spinner at this miss cost (what telemetry shows).
    std::int64_t learntWindow(std::int64_t missCostNanos);
    std::size_t samples() const { return spans_.size(); }

private:
    GapModel spans_;
    unsigned sinceSolve_ = 0;
    bool solved_ = false;
    std::int64_t missCost_ = -1;
    std::int64_t window_ = 0;
};

// How many workers may spin at once: the widest of the last kBatches batches (a decode step's
// wide matrix products need every worker even when a router batch between them wants one), never
// more than cpuCap.
class WidthHistory {
public:
    static constexpr unsigned kBatches = 64;
    void record(unsigned wanted);
    unsigned cap(unsigned cpuCap) const;

private:
    std::array<std::uint16_t, kBatches> widths_{};
    unsigned next_ = 0;
};

}  // namespace strata::pool::detail
