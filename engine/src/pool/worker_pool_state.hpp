// The state a WorkerPool shares with its threads. Hot words each sit on their own cache lines.
#pragma once

#include "adaptive_decision.hpp"
#include "adaptive_spin.hpp"
#include "cpu_pressure.hpp"
#include "thread_counters.hpp"
#include "wake_ahead.hpp"

#include "strata/pool/cpu_topology.hpp"
#include "strata/pool/worker_pool.hpp"

#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace strata::pool {
namespace detail {

// The claim word: | epoch (32 bits) | next chunk (16) | chunk count (16) |. A thread claims chunk
// `next` with a compare-exchange of the whole word, so a thread still holding an old epoch can
// never take a chunk of a newer batch: its expected value no longer matches.
inline constexpr std::size_t kMaxChunks = 0xffff;
inline std::uint32_t epochOf(std::uint64_t w)
{
    return static_cast<std::uint32_t>(w >> 32);
}
inline std::uint32_t nextOf(std::uint64_t w)
{
    return static_cast<std::uint32_t>((w >> 16) & 0xffff);
}
inline std::uint32_t countOf(std::uint64_t w)
{
    return static_cast<std::uint32_t>(w & 0xffff);
}
inline std::uint64_t makeJobWord(std::uint32_t epoch, std::uint32_t count)
{
    return (static_cast<std::uint64_t>(epoch) << 32) | count;
}
inline constexpr std::uint64_t kOneClaim = std::uint64_t{1} << 16;

inline std::uint64_t encodePolicy(WaitPolicy p)
{
    return (std::uint64_t{p.spinMicros} << 8) | static_cast<std::uint8_t>(p.kind);
}
inline WaitPolicy decodePolicy(std::uint64_t w)
{
    return WaitPolicy{static_cast<WaitKind>(w & 0xff), static_cast<std::uint32_t>(w >> 8)};
}

struct alignas(2 * kCacheLine) WorkerSlot {
    std::atomic<std::uint32_t> wake{0};    // the futex word this worker parks on
    std::atomic<std::uint32_t> parked{0};  // 1 from just before it sleeps until it is awake again
    std::atomic<std::int64_t> wokenAt{0};  // when the host sent the last wake (wake latency)
};

// A worker's own Adaptive model; only that worker touches it.
struct alignas(2 * kCacheLine) WorkerModel {
    SpanLearner spans;
    WakeAheadTimer wakeAhead;
};

// Why an idle wait spins as long as it does; the span that ends a Learned, BackOff or OverCap
// wait teaches the worker's model (announced waits, request boundaries and withdrawn announcements
// say nothing about it).
enum class WaitReason : std::uint8_t {
    Fixed,
    Park,
    Learned,
    Announced,
    Boundary,
    BackOff,
    OverCap,
    AwaitAnnouncement,
    Withdrawn
};
struct SpinBudget {
    std::int64_t nanos = 0;
    WaitReason reason = WaitReason::Park;
    std::int64_t sleepFirstNanos = 0;  // Announced: sleep this long before spinning (wake_ahead.hpp)
    bool learns() const
    {
        return reason == WaitReason::Learned || reason == WaitReason::BackOff || reason == WaitReason::OverCap;
    }
};

}  // namespace detail

struct WorkerPool::State {
    PoolOptions options;
    CpuTopology topology;
    unsigned workers = 0;
    bool oversubscribed = false;  // more pool threads + host than CPUs

    // --- hot words, one per cache-line pair ---
    alignas(2 * detail::kCacheLine) std::atomic<std::uint64_t> job{0};
    alignas(2 * detail::kCacheLine) std::atomic<std::uint32_t> done{0};  // chunks finished; host parks on it
    alignas(2 * detail::kCacheLine) std::atomic<std::uint32_t> signal{
        0};  // bumped by publish/prepare/hints/stop; spinners watch it
    alignas(2 * detail::kCacheLine) std::atomic<std::uint32_t> hostParked{0};

    // --- the batch: written by the host before it publishes `job`, read by a thread only after it
    // claimed a chunk of that batch (the claim orders the reads; see docs/architecture/worker-pool.md) ---
    alignas(2 * detail::kCacheLine) void* ctx = nullptr;
    JobFn fn = nullptr;
    std::size_t items = 0;
    std::size_t grain = 1;
    std::atomic<std::uint32_t> participants{0};  // only a hint for idle threads: relaxed

    // --- waiting parameters, read by idle threads ---
    alignas(2 * detail::kCacheLine) std::atomic<std::uint64_t> policyWord{0};
    std::atomic<std::int64_t> missCostNanos{0};  // Adaptive: what one parked worker costs (host-written)
    std::atomic<std::int64_t> hostSpinNanos{20'000};
    std::atomic<std::int64_t> prepareUntilNanos{0};
    std::atomic<std::int64_t> prepareArrivalNanos{0};     // when the announced batch is expected; 0: now
    std::atomic<std::uint32_t> prepareWanted{0};          // workers the last prepare() woke (a tree)
    std::atomic<std::int64_t> followedWithinNanos{0};     // the running batch's RunOptions::followedWithin
    std::atomic<std::int64_t> signalNanos{0};             // time of the last publish/prepare
    std::atomic<std::int64_t> wakeLatencyNanos{50'000};   // EWMA, updated by woken workers
    std::atomic<std::uint32_t> spinCap{0};                // Adaptive: workers with a lower index may spin
    std::atomic<std::uint32_t> preemptedSpinPermille{0};  // EWMA: adaptive spins the OS preempted
    std::atomic<std::int32_t> cpuPressurePermille{-1};    // PSI "some" share; -1: unknown
    std::atomic<bool> idle{false};
    std::atomic<bool> withdrawn{false};           // withdraw(): park until the next prepare or run
    std::atomic<bool> announcedWakesOnly{false};  // setAnnouncedWakesOnly
    std::atomic<bool> stop{false};

    std::unique_ptr<detail::WorkerSlot[]> slots;
    std::unique_ptr<detail::WorkerModel[]> models;
    std::unique_ptr<detail::ThreadCounters[]> counters;  // workers + 1: the host is last
    detail::AtomicHistogram completionWait;
    detail::AtomicHistogram batchLatency;
    detail::AtomicHistogram batchGap;
    std::atomic<std::uint64_t> batchCount{0}, itemCount{0}, prepareCount{0}, idleHintCount{0}, withdrawCount{0},
        stallCount{0};
    std::atomic<std::uint64_t> wakeCalls{0}, wakeCallNanos{0};  // host-written

    std::mutex errorMutex;
    std::exception_ptr error;

    // --- host-only (the thread that calls run/prepare/idleHint) ---
    std::atomic<bool> running{false};
    std::uint32_t epoch = 0;
    bool gapOpen = false;            // a batch ended and the next arrival is not yet recorded
    bool followUpAnnounced = false;  // the last batch announced the next (RunOptions::followedWithin)
    std::int64_t lastBatchEnd = 0;
    std::int64_t arrival = 0;       // first prepare() since the last batch ended
    detail::WidthHistory widths;    // workers recent batches wanted (the spinner cap)
    detail::GapModel hostWaits;     // the host's completion waits (its own spin window)
    double announcedEwma = 0.0;     // share of recent batches announced by prepare()
    double wakeCallEwma = 2'000.0;  // ns the host spends on one FUTEX_WAKE
    std::uint64_t batchesSinceModel = 0;
    std::int64_t lastPreemptionCheck = 0;
    std::uint64_t spinsSeen = 0, preemptedSeen = 0;
    detail::CpuPressure pressure;

    mutable std::mutex affinityMutex;
    std::vector<std::vector<int>> affinity;
    std::vector<std::thread> threads;

    std::vector<int> cpusForWorker(unsigned index) const;
    void workerMain(unsigned self, std::vector<int> cpus);
    void idleWait(unsigned self, std::uint32_t seenSignal);
    void sleepBeforeAnnounced(unsigned self, std::uint32_t seenSignal, std::int64_t due);
    void learnSpan(unsigned self, const detail::SpinBudget& budget, std::int64_t idleStart);
    detail::SpinBudget workerSpinBudget(unsigned self, std::int64_t now);
    bool contended() const;
    detail::Contention contention() const;
    void refreshAdaptiveModel(std::int64_t now);
    void drain(unsigned self, std::uint64_t word);
    void runChunk(unsigned self, std::uint32_t chunk, std::uint32_t count);
    void wakeWorkers(unsigned wanted, unsigned limit);
    bool wakeIfParked(unsigned index, std::int64_t now);
    void passOnAnnouncedWake(unsigned self, std::int64_t now);
    void bumpSignal(bool forWork);
    void waitDone(std::uint32_t count, std::int64_t start);
    void reportStall(std::uint32_t count, std::int64_t waitedNanos);
    void shutdown();
};

}  // namespace strata::pool
