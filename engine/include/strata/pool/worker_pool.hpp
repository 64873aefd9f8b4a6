// strata::pool::WorkerPool: a fork-join pool for the engine's CPU kernels.
//
//   WorkerPool pool;                       // physical cores - 1 workers, Adaptive waiting
//   pool.prepare(8);                       // optional: work is coming (e.g. MoE routing known)
//   pool.run(n, [&](std::size_t begin, std::size_t end, unsigned worker) { ... });
//   pool.idleHint();                       // request finished: idle workers park now
//
// run() splits [0, n) into chunks that the workers and the calling (host) thread claim
// dynamically; it returns when every item ran exactly once. `worker` is 0..workerCount()-1
// for pool threads and workerCount() for the host, so per-thread scratch needs
// workerCount() + 1 slots. run() is for one host thread at a time and not reentrant.
// Design notes: docs/architecture/worker-pool.md.
#pragma once

#include "strata/pool/pool_telemetry.hpp"
#include "strata/pool/wait_policy.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace strata::pool {

struct StallReport {
    std::uint64_t batch = 0;  // batch number (1-based)
    std::size_t chunksTotal = 0;
    std::size_t chunksDone = 0;
    std::chrono::milliseconds waited{0};
    std::string detail;  // per-thread states, for logs
};

struct PoolOptions {
    // Number of pool threads; -1: physical cores minus one (the host's), at least 1. 0 is allowed
    // (the host runs everything).
    int workers = -1;
    // Pin worker i to one physical core (performance cores first, never two workers on SMT
    // siblings while cores remain). Off: each worker sets its affinity to every allowed CPU.
    bool pin = true;
    // Default: STRATA_POOL_SPIN_US when set, otherwise Adaptive.
    std::optional<WaitPolicy> policy;
    // The watchdog reports a batch that has not finished after this long (and again each time
    // the wait doubles); it never abandons the batch.
    std::chrono::milliseconds stallTimeout{10000};
    // Called on the host thread by the watchdog; default prints one line to stderr.
    std::function<void(const StallReport&)> onStall;
    // Adaptive: how many µs of worker spinning one µs of host wake latency is worth. A miss is
    // priced at this weight times the host's wake call and wait, plus the core time the late
    // worker holds the rest of its batch for (unweighted; engine/src/pool/adaptive_decision.hpp).
    double adaptiveLatencyWeight = 16.0;
    // Adaptive: stop spinning while the CPUs are contended (Linux CPU pressure, preempted spins,
    // slow wakes). Off only to study the gap model alone (strata-poolbench --no-contention).
    bool adaptiveBacksOffUnderContention = true;
    // Adaptive: called on a worker thread with every idle span (idle start to the arrival of
    // work, ns) that worker's model learns from; for recording traces (strata-bench --pool-trace,
    // strata-poolbench --trace). Keep it short: it runs as the worker starts on the new batch.
    std::function<void(unsigned worker, std::int64_t spanNanos)> onIdleSpan;
};

struct RunOptions {
    std::size_t grain = 0;      // items per chunk; 0: about 4 chunks per participant
    unsigned maxWorkers = ~0u;  // pool threads allowed to take part (the host always does)
    // Adaptive: the caller's next batch follows this one within this long (one layer's products of
    // a hybrid MoE decode: gate and up, then down). Workers that finish spin for it, up to this
    // long, instead of parking (setAnnouncedWakesOnly) or spinning their learnt window; the next
    // batch then counts as announced and the span is not learnt from. 0: nothing announced.
    std::chrono::microseconds followedWithin{0};
};

class WorkerPool {
public:
    explicit WorkerPool(PoolOptions options = {});
    ~WorkerPool();  // stops and joins every worker, parked or not
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    unsigned workerCount() const;
    // CPUs each worker was asked to run on (empty until the worker started).
    std::vector<std::vector<int>> workerAffinity() const;

    template <class Fn>
    void run(std::size_t items, Fn&& fn, RunOptions options = {})
    {
        using F = std::remove_reference_t<Fn>;
        runErased(items, options, const_cast<void*>(static_cast<const void*>(std::addressof(fn))),
                  [](void* f, std::size_t b, std::size_t e, unsigned w) { (*static_cast<F*>(f))(b, e, w); });
    }

    // prepare() and idleHint() belong to the thread that calls run(); setPolicy() and telemetry()
    // may be called from any thread.
    // Announces a batch of about `expectedJobs` jobs within `within`: Adaptive wakes that many
    // parked workers and keeps them awake until it arrives (at most `within`). `expectedIn`, when
    // the caller knows it (the device work still queued before the batch): the workers sleep until
    // their measured wake delay before then and spin only for the rest. Fixed policies ignore it.
    void prepare(unsigned expectedJobs, std::chrono::microseconds within = std::chrono::microseconds{1000},
                 std::chrono::microseconds expectedIn = std::chrono::microseconds{0});
    // A request ended (or the caller knows no batch comes soon): Adaptive workers park at once
    // and the gap across the boundary is not learnt from. Fixed policies ignore it.
    void idleHint();
    // The announced batch will not come after all (a hybrid MoE layer whose routing, predicted to
    // miss, hit every expert): ends a pending prepare(). Adaptive workers that sleep on its timer or
    // spin for it park (a sleeper when its timer ends, without spinning), and the withdrawn
    // announcement is not an arrival: the gap goes on to the next prepare() or run(). Fixed
    // policies ignore it.
    void withdraw();
    // On: the caller announces every batch it cares about with prepare(..., expectedIn) (a hybrid
    // MoE decode's wake-ahead), so Adaptive workers park as soon as a batch ends instead of spinning
    // their learnt window into the next announcement, and wake on its timer. Off by default.
    void setAnnouncedWakesOnly(bool on);

    // Takes effect for spinning and parked threads without a restart; safe while batches run.
    void setPolicy(WaitPolicy policy);
    WaitPolicy policy() const;

    PoolTelemetry telemetry() const;

    struct State;  // the shared state, in worker_pool_state.hpp

private:
    using JobFn = void (*)(void*, std::size_t, std::size_t, unsigned);
    void runErased(std::size_t items, RunOptions options, void* ctx, JobFn fn);

    std::unique_ptr<State> state_;
};

}  // namespace strata::pool
