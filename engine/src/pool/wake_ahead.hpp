// When a worker that prepare() woke for an announced batch should start spinning for it.
//
// Why not at once: in strata-poolbench's gpu-heavy scenario on a quiet 16-core host (issue 25),
// prepare() came 100 µs before the batch and woke 3 workers in ~28 µs, so each spun ~72 µs per
// CPU layer: ~10% of a core, Adaptive's CPU at 1.54x park's (target 1.3x). Here an announced
// worker sleeps (a timed futex wait: a publish still wakes it) until the batch's expected arrival
// minus how late such a timed wake has run on this thread, plus a margin for its jitter, and
// spins only for the rest. The lateness is measured on every timed wake, like a TCP round-trip
// estimate (mean + 4 mean deviations), so a busy machine's later wakes make it wake earlier.
#pragma once

#include <cstdint>

namespace strata::pool::detail {

// Below this a sleep saves less spinning than the futex wait and its wake cost in CPU (~5 µs).
inline constexpr std::int64_t kMinWakeAheadSleepNanos = 10'000;
// Never trust a wake to be punctual to better than this.
inline constexpr std::int64_t kMinWakeAheadMarginNanos = 5'000;

// The decision as a pure function: given the time until the batch's expected arrival, the
// expected lateness of a timed wake and its mean deviation, how long to sleep first (0: spin now).
// A worker whose gap model would spin through a wait this long anyway (its learnt window reaches
// the arrival: a CPU-positive decode) does not gamble on a timed wake and spins.
std::int64_t wakeAheadSleepNanos(std::int64_t untilArrivalNanos, std::int64_t expectedLateNanos,
                                 std::int64_t lateDeviationNanos, std::int64_t learntWindowNanos = 0);

// One worker's estimate of its timed wakes' lateness. Owned and used by that worker only.
class WakeAheadTimer {
public:
    // Before its first sample it assumes the pool's measured wake latency (the host's futex wake
    // to the worker running), with a deviation of half of it.
    std::int64_t sleepNanos(std::int64_t untilArrivalNanos, std::int64_t poolWakeLatencyNanos,
                            std::int64_t learntWindowNanos = 0) const;
    // A timed sleep meant to end at some moment ended `lateNanos` after it.
    void recordLateness(std::int64_t lateNanos);
    // How long before the arrival this worker aims to be running (lateness + margin); telemetry.
    std::int64_t leadNanos(std::int64_t poolWakeLatencyNanos) const;
    bool measured() const { return samples_ > 0; }

private:
    double late_ = 0, deviation_ = 0;
    unsigned samples_ = 0;
};

}  // namespace strata::pool::detail
