// Plain snapshot of a WorkerPool's counters (WorkerPool::telemetry()). Cheap to take a few times
// a second: it only reads relaxed atomics that the workers own on their own cache lines.
#pragma once

#include "strata/pool/wait_policy.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace strata::pool {

enum class ThreadState : std::uint8_t { Starting, Busy, Spinning, Parked, Stopped };
const char* toString(ThreadState state);

// Log-scale latency histogram: 4 buckets per power of two, from 1 ns up to ~68 s.
struct LatencyHistogram {
    static constexpr int kBucketsPerOctave = 4;
    static constexpr int kBucketCount = 36 * kBucketsPerOctave;
    std::array<std::uint64_t, kBucketCount> counts{};

    static int bucketOf(std::uint64_t nanos);
    static double bucketLowerNanos(int bucket);
    std::uint64_t total() const;
    // Quantile q in [0,1], interpolated inside the bucket; 0 when empty.
    double quantileNanos(double q) const;
    // What was recorded between an earlier snapshot and this one.
    LatencyHistogram since(const LatencyHistogram& earlier) const;
    void add(const LatencyHistogram& other);
};

struct WorkerTelemetry {
    ThreadState state = ThreadState::Starting;
    std::uint64_t busyNanos = 0;        // running jobs
    std::uint64_t spinNanos = 0;        // spinning while idle (all of it)
    std::uint64_t wastedSpinNanos = 0;  // spinning that ended in a park anyway
    std::uint64_t parkedNanos = 0;      // asleep in the kernel
    std::uint64_t parks = 0;
    std::uint64_t wakes = 0;     // returns from a park
    std::uint64_t spinHits = 0;  // spins that ended because work arrived
    std::uint64_t chunks = 0;    // job chunks this thread ran
    // Why a wait parked (workers; parks = spinTimeouts + capRefusals + backOffs + zero windows):
    std::uint64_t spinTimeouts = 0;  // spun its whole budget, then parked
    std::uint64_t capRefusals = 0;   // Adaptive: more spinners than the cap allows, parked at once
    std::uint64_t backOffs = 0;      // Adaptive: the CPUs looked contended, parked at once
};

struct PoolTelemetry {
    WaitPolicy policy;                     // in force at the time of the snapshot
    std::uint32_t adaptiveSpinMicros = 0;  // the adaptive worker spin window now
    std::uint32_t adaptiveHostSpinMicros = 0;
    std::uint32_t adaptiveSpinCap = 0;        // Adaptive: at most this many workers spin at a time
    std::uint32_t wakeLatencyMicros = 0;      // observed publish -> parked worker running (EWMA)
    std::uint32_t preemptedSpinPermille = 0;  // share of adaptive spins the OS preempted (EWMA)
    std::int32_t cpuPressurePermille = -1;    // Linux PSI: share of time tasks waited for a CPU; -1 unknown
    bool contended = false;                   // Adaptive sees the CPUs contended and does not spin
    std::uint64_t batches = 0;
    std::uint64_t items = 0;
    std::uint64_t prepares = 0;
    std::uint64_t idleHints = 0;
    std::uint64_t withdrawals = 0;         // announcements withdrawn (withdraw())
    std::uint64_t stalls = 0;              // watchdog reports
    std::uint64_t wakeCalls = 0;           // futex wakes the host sent to parked workers (publish, prepare)
    std::uint64_t wakeCallNanos = 0;       // host time spent sending them
    std::vector<WorkerTelemetry> workers;  // one per worker
    WorkerTelemetry host;                  // the thread that calls run(): its share of jobs and waits
    LatencyHistogram completionWait;       // host idle after its own share until the batch is done
    LatencyHistogram batchLatency;         // whole run(): publish to done
    LatencyHistogram batchGap;             // end of a batch to the next one's arrival (prepare or run)

    WorkerTelemetry workerTotals() const;  // sum over workers (state: Busy if any busy, ...)
};

// Counters accumulated between two snapshots of the same thread (state: the later one's).
WorkerTelemetry operator-(const WorkerTelemetry& later, const WorkerTelemetry& earlier);
WorkerTelemetry& operator+=(WorkerTelemetry& sum, const WorkerTelemetry& more);

}  // namespace strata::pool
