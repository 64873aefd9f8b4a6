// WorkerPool: construction, the host side of a batch (publish, help, wait), hints and telemetry.
#include "futex.hpp"
#include "spin_clock.hpp"
#include "worker_pool_state.hpp"

#include "strata/core/error.hpp"
#include "strata/pool/thread_affinity.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace strata::pool {

using namespace detail;

namespace {

// The host refreshes the adaptive inputs (spinner cap, miss cost, its own spin window, the
// contention signals) every this many batches: a sort of 32 waits, ~0.5 µs.
constexpr std::uint64_t kModelEvery = 8;
constexpr std::int64_t kMinHostSpinNanos = 10'000;
constexpr std::int64_t kMaxHostSpinNanos = 1'000'000;
// Oversubscribed: a spinning host may hold the CPU that the last chunk's worker needs.
constexpr std::int64_t kMaxHostSpinOversubscribedNanos = 20'000;
// The preempted-spin share is summed over the workers' counters at most this often.
constexpr std::int64_t kPreemptionCheckNanos = 2'000'000;

void defaultStallReport(const StallReport& r)
{
    std::fprintf(stderr, "strata pool: batch %llu not finished after %lld ms (%zu of %zu chunks done): %s\n",
                 static_cast<unsigned long long>(r.batch), static_cast<long long>(r.waited.count()), r.chunksDone,
                 r.chunksTotal, r.detail.c_str());
}

}  // namespace

WorkerPool::WorkerPool(PoolOptions options) : state_(std::make_unique<State>())
{
    State& s = *state_;
    s.options = std::move(options);
    s.topology = detectCpuTopology();
    // On hybrid CPUs the host (the thread building the pool, which then runs its batches) goes on the
    // performance cores unless it is on some already: the second seed's host was pinned to CPU 0,
    // a little core on its machine. Elsewhere it stays where it was started.
    if (s.options.pin)
        if (const std::vector<int> fast = performanceCpus(s.topology); !fast.empty()) {
            const std::vector<int> now = currentThreadAffinity();
            if (!std::includes(fast.begin(), fast.end(), now.begin(), now.end()))
                setCurrentThreadAffinity(fast);
        }
    const int cores = static_cast<int>(s.topology.cores.size());
    s.workers = static_cast<unsigned>(s.options.workers >= 0 ? s.options.workers : std::max(1, cores - 1));
    const WaitPolicy policy =
        s.options.policy ? *s.options.policy : waitPolicyFromEnvironment().value_or(WaitPolicy::adaptive());
    s.policyWord.store(encodePolicy(policy));
    const unsigned cpus = static_cast<unsigned>(s.topology.allowedCpus.size());
    s.oversubscribed = s.workers + 1 > cpus;
    // Never more spinners than CPUs left once the host has one.
    s.spinCap.store(s.oversubscribed ? cpus - 1 : s.workers);
    s.missCostNanos.store(missCostNanos({s.options.adaptiveLatencyWeight, 50'000, 2'000, 0.0, s.spinCap.load()}));
    s.slots = std::make_unique<WorkerSlot[]>(s.workers);
    s.models = std::make_unique<WorkerModel[]>(s.workers);
    s.counters = std::make_unique<ThreadCounters[]>(s.workers + 1);
    s.affinity.resize(s.workers);
    try {
        for (unsigned i = 0; i < s.workers; ++i)
            s.threads.emplace_back([&s, i] { s.workerMain(i, s.cpusForWorker(i)); });
    } catch (...) {
        s.shutdown();
        throw;
    }
}

WorkerPool::~WorkerPool()
{
    state_->shutdown();
}

void WorkerPool::State::shutdown()
{
    stop.store(true, std::memory_order_seq_cst);
    signal.fetch_add(1, std::memory_order_seq_cst);
    for (unsigned i = 0; i < threads.size(); ++i) {
        slots[i].wake.fetch_add(1, std::memory_order_release);
        futexWakeOne(slots[i].wake);
    }
    for (std::thread& t : threads)
        if (t.joinable())
            t.join();
}

unsigned WorkerPool::workerCount() const
{
    return state_->workers;
}

std::vector<std::vector<int>> WorkerPool::workerAffinity() const
{
    std::lock_guard lock(state_->affinityMutex);
    return state_->affinity;
}

void WorkerPool::State::bumpSignal(bool forWork)
{
    if (forWork)
        signalNanos.store(nowNanos(), std::memory_order_relaxed);
    signal.fetch_add(1, std::memory_order_seq_cst);
}

// Wakes parked workers among the first `limit` until `wanted` are awake: threads that are
// spinning already see the signal, so only the shortfall costs a syscall.
void WorkerPool::State::wakeWorkers(unsigned wanted, unsigned limit)
{
    unsigned awake = 0, calls = 0;
    const std::int64_t t0 = nowNanos();
    std::int64_t t = t0;
    for (unsigned i = 0; i < limit && awake < wanted; ++i, ++awake) {
        if (wakeIfParked(i, t)) {
            ++calls;
            t = nowNanos();
        }
    }
    if (calls > 0) {
        ThreadCounters::add(wakeCalls, calls);
        ThreadCounters::add(wakeCallNanos, static_cast<std::uint64_t>(t - t0));
        wakeCallEwma += (static_cast<double>(t - t0) / calls - wakeCallEwma) / 8.0;
    }
}

// The other half of the Dekker pair with idleWait's park: the caller bumped `signal` first.
bool WorkerPool::State::wakeIfParked(unsigned index, std::int64_t now)
{
    WorkerSlot& slot = slots[index];
    if (!slot.parked.load(std::memory_order_seq_cst))
        return false;
    slot.wokenAt.store(now, std::memory_order_relaxed);
    slot.wake.fetch_add(1, std::memory_order_release);
    futexWakeOne(slot.wake);
    return true;
}

// Host side of Adaptive, every kModelEvery batches: the inputs every idle worker reads.
void WorkerPool::State::refreshAdaptiveModel(std::int64_t now)
{
    cpuPressurePermille.store(pressure.sample(now), std::memory_order_relaxed);
    const unsigned cpuCap = oversubscribed ? static_cast<unsigned>(topology.allowedCpus.size()) - 1 : workers;
    const unsigned cap = widths.cap(cpuCap);
    spinCap.store(cap, std::memory_order_relaxed);
    const std::int64_t wakeLatency = wakeLatencyNanos.load(std::memory_order_relaxed);
    // A late worker holds up the widest batch's other workers and the host: cap threads.
    missCostNanos.store(detail::missCostNanos({options.adaptiveLatencyWeight, wakeLatency,
                                               static_cast<std::int64_t>(wakeCallEwma), announcedEwma, cap}),
                        std::memory_order_relaxed);
    // The host parks on `done` when its spin runs out; a worker then wakes it (no announcement).
    const std::int64_t hostCap = oversubscribed ? kMaxHostSpinOversubscribedNanos : kMaxHostSpinNanos;
    const auto hostMiss =
        static_cast<double>(detail::missCostNanos({options.adaptiveLatencyWeight, wakeLatency, 0, 0.0}));
    hostSpinNanos.store(std::clamp(hostWaits.chooseWindow(1.0, 1.0, hostMiss), kMinHostSpinNanos, hostCap),
                        std::memory_order_relaxed);
    if (now - lastPreemptionCheck >= kPreemptionCheckNanos) {
        lastPreemptionCheck = now;
        std::uint64_t spins = 0, preempted = 0;
        for (unsigned i = 0; i < workers; ++i) {
            spins += counters[i].adaptiveSpins.load(std::memory_order_relaxed);
            preempted += counters[i].preemptedSpins.load(std::memory_order_relaxed);
        }
        if (spins - spinsSeen >= 16) {
            const auto share = static_cast<std::int32_t>(1000 * (preempted - preemptedSeen) / (spins - spinsSeen));
            const auto old = static_cast<std::int32_t>(preemptedSpinPermille.load(std::memory_order_relaxed));
            preemptedSpinPermille.store(static_cast<std::uint32_t>(old + (share - old) / 4), std::memory_order_relaxed);
            spinsSeen = spins;
            preemptedSeen = preempted;
        }
    }
}

void WorkerPool::runErased(std::size_t items, RunOptions options, void* ctx, JobFn fn)
{
    if (items == 0)
        return;
    State& s = *state_;
    if (s.running.exchange(true, std::memory_order_acquire))
        throw Error("WorkerPool::run: already running a batch (called from a job, or from two threads at once)");
    struct Release {
        State& s;
        ~Release() { s.running.store(false, std::memory_order_release); }
    } release{s};

    const unsigned participants = std::min(options.maxWorkers, s.workers);
    std::size_t grain = options.grain != 0
                            ? options.grain
                            : std::max<std::size_t>(1, (items + 4 * (participants + 1) - 1) / (4 * (participants + 1)));
    if ((items + grain - 1) / grain > kMaxChunks)
        grain = (items + kMaxChunks - 1) / kMaxChunks;
    const auto count = static_cast<std::uint32_t>((items + grain - 1) / grain);
    const unsigned wanted = std::min<unsigned>(count - 1, participants);

    const std::int64_t t0 = nowNanos();
    const WaitPolicy policy = decodePolicy(s.policyWord.load(std::memory_order_relaxed));
    if (s.gapOpen)
        s.batchGap.record((s.arrival != 0 ? s.arrival : t0) - s.lastBatchEnd);
    if (policy.kind == WaitKind::Adaptive) {
        if (s.gapOpen)
            s.announcedEwma += ((s.arrival != 0 || s.followUpAnnounced ? 1.0 : 0.0) - s.announcedEwma) / 8.0;
        s.widths.record(wanted);
        if (++s.batchesSinceModel >= kModelEvery) {
            s.batchesSinceModel = 0;
            s.refreshAdaptiveModel(t0);
        }
    }
    s.gapOpen = false;
    s.arrival = 0;
    s.idle.store(false, std::memory_order_relaxed);
    s.withdrawn.store(false, std::memory_order_relaxed);
    s.prepareUntilNanos.store(0, std::memory_order_relaxed);  // the announced batch is here
    s.prepareArrivalNanos.store(0, std::memory_order_relaxed);
    // Set before the publish: a worker that finishes its chunks goes idle before the host returns.
    const bool follows = policy.kind == WaitKind::Adaptive && options.followedWithin.count() > 0;
    s.followedWithinNanos.store(follows ? options.followedWithin.count() * 1000 : 0, std::memory_order_relaxed);
    s.followUpAnnounced = follows;

    // Describe the batch, then publish it with one release store of the claim word.
    s.ctx = ctx;
    s.fn = fn;
    s.items = items;
    s.grain = grain;
    s.participants.store(participants, std::memory_order_relaxed);
    s.done.store(0, std::memory_order_relaxed);
    if (++s.epoch == 0)
        s.epoch = 1;  // epoch 0 is "no batch yet"
    s.job.store(makeJobWord(s.epoch, count), std::memory_order_release);
    s.bumpSignal(true);
    s.wakeWorkers(wanted, participants);

    // The host helps drain, then waits for chunks still running elsewhere.
    s.drain(s.workers, s.job.load(std::memory_order_acquire));
    const std::int64_t t1 = nowNanos();
    s.waitDone(count, t1);
    const std::int64_t t2 = nowNanos();

    s.completionWait.record(t2 - t1);
    s.batchLatency.record(t2 - t0);
    if (policy.kind == WaitKind::Adaptive)
        s.hostWaits.record(t2 - t1);
    s.lastBatchEnd = t2;
    s.gapOpen = true;
    ThreadCounters::add(s.batchCount, 1);
    ThreadCounters::add(s.itemCount, items);

    std::exception_ptr error;
    {
        std::lock_guard lock(s.errorMutex);
        std::swap(error, s.error);
    }
    if (error)
        std::rethrow_exception(error);
}

void WorkerPool::State::waitDone(std::uint32_t count, std::int64_t start)
{
    ThreadCounters& c = counters[workers];
    if (done.load(std::memory_order_acquire) == count)
        return;
    const WaitPolicy p = decodePolicy(policyWord.load(std::memory_order_relaxed));
    std::int64_t budget = p.kind == WaitKind::FixedSpin ? static_cast<std::int64_t>(p.spinMicros) * 1000
                          : p.kind == WaitKind::Park    ? 0
                          : contended()                 ? 0
                                                        : hostSpinNanos.load(std::memory_order_relaxed);
    const std::int64_t stallNanos = std::max<std::int64_t>(1, options.stallTimeout.count()) * 1'000'000;
    budget = std::min(budget, stallNanos);
    if (budget > 0) {
        c.setState(ThreadState::Spinning);
        std::int64_t t = start;
        bool finished = false;
        while (!finished) {
            for (int i = 0; i < kPausesPerClockRead; ++i) {
                if (done.load(std::memory_order_acquire) == count) {
                    finished = true;
                    break;
                }
                cpuRelax();
            }
            t = nowNanos();
            if (t - start >= budget)
                break;
        }
        ThreadCounters::add(c.spinNanos, static_cast<std::uint64_t>(t - start));
        if (finished || done.load(std::memory_order_acquire) == count) {
            ThreadCounters::add(c.spinHits, 1);
            return;
        }
        ThreadCounters::add(c.wastedSpinNanos, static_cast<std::uint64_t>(t - start));
    }

    c.setState(ThreadState::Parked);
    ThreadCounters::add(c.parks, 1);
    const std::int64_t p0 = nowNanos();
    std::int64_t nextReport = start + stallNanos;
    hostParked.store(1, std::memory_order_seq_cst);
    for (std::uint32_t d; (d = done.load(std::memory_order_seq_cst)) != count;) {
        const std::int64_t now = nowNanos();
        if (now >= nextReport) {
            reportStall(count, now - start);
            nextReport = start + 2 * (nextReport - start);  // report again when the wait doubles
            continue;
        }
        futexWait(done, d, nextReport - now);
    }
    hostParked.store(0, std::memory_order_relaxed);
    ThreadCounters::add(c.parkedNanos, static_cast<std::uint64_t>(nowNanos() - p0));
    ThreadCounters::add(c.wakes, 1);
}

void WorkerPool::State::reportStall(std::uint32_t count, std::int64_t waitedNanos)
{
    ThreadCounters::add(stallCount, 1);
    StallReport r;
    r.batch = batchCount.load(std::memory_order_relaxed) + 1;
    r.chunksTotal = count;
    r.chunksDone = done.load(std::memory_order_relaxed);
    r.waited = std::chrono::milliseconds(waitedNanos / 1'000'000);
    std::ostringstream detail;
    for (unsigned i = 0; i < workers; ++i)
        detail << (i ? ", " : "") << "worker " << i << ' '
               << toString(counters[i].state.load(std::memory_order_relaxed));
    r.detail = detail.str();
    if (options.onStall)
        options.onStall(r);
    else
        defaultStallReport(r);
}

void WorkerPool::prepare(unsigned expectedJobs, std::chrono::microseconds within, std::chrono::microseconds expectedIn)
{
    State& s = *state_;
    ThreadCounters::add(s.prepareCount, 1);
    if (decodePolicy(s.policyWord.load(std::memory_order_relaxed)).kind != WaitKind::Adaptive)
        return;
    const std::int64_t now = nowNanos();
    if (s.gapOpen && s.arrival == 0)
        s.arrival = now;  // for the gap model the work "arrived" when it was announced
    const std::int64_t inNanos = std::max<std::int64_t>(0, expectedIn.count()) * 1000;
    s.prepareUntilNanos.store(now + std::max(std::max<std::int64_t>(0, within.count()) * 1000, inNanos),
                              std::memory_order_relaxed);
    s.prepareArrivalNanos.store(inNanos > 0 ? now + inNanos : 0, std::memory_order_relaxed);
    s.idle.store(false, std::memory_order_relaxed);
    s.withdrawn.store(false, std::memory_order_relaxed);
    if (s.contended())
        return;  // nobody may spin now, so waking workers early would only make them park again
    const unsigned wanted = std::min(expectedJobs > 0 ? expectedJobs - 1 : 0u, s.workers);
    const unsigned n = std::min(wanted, s.spinCap.load(std::memory_order_relaxed));
    s.prepareWanted.store(n, std::memory_order_relaxed);
    s.bumpSignal(true);
    // The host wakes only the root of a binary tree over the first n workers; each woken (or
    // spinning) worker wakes its two children (passOnAnnouncedWake). Announcing work then costs
    // the host one FUTEX_WAKE instead of n: with prepare() the syscalls were the host's whole
    // overhead against a spinning pool (strata-poolbench cpu-positive, 0.955x of fixed 20 ms).
    if (n > 0)
        s.wakeWorkers(1, 1);
}

void WorkerPool::setAnnouncedWakesOnly(bool on)
{
    state_->announcedWakesOnly.store(on, std::memory_order_relaxed);
}

void WorkerPool::idleHint()
{
    State& s = *state_;
    ThreadCounters::add(s.idleHintCount, 1);
    if (decodePolicy(s.policyWord.load(std::memory_order_relaxed)).kind != WaitKind::Adaptive)
        return;
    s.idle.store(true, std::memory_order_relaxed);
    s.followedWithinNanos.store(0, std::memory_order_relaxed);
    s.prepareUntilNanos.store(0, std::memory_order_relaxed);
    s.prepareArrivalNanos.store(0, std::memory_order_relaxed);
    s.gapOpen = false;    // the pause across a request boundary says nothing about decode gaps
    s.bumpSignal(false);  // spinners re-evaluate and park
}

// What the models learn from a withdrawn announcement: nothing. The host's gap (the batch-gap
// histogram, the announced share that prices a miss) runs on to the next real arrival, a prepare()
// or run(): the announcement ended no gap, and a batch that then comes unannounced pays a wake.
// The workers learn no span across it either (WaitReason::Withdrawn, like a request boundary): a
// span from the withdrawal to the next arrival starts mid-gap and would teach a gap shorter than
// the real one, stretching spin windows. (A worker whose learnt spin the prepare() ended has learnt
// that span already; with setAnnouncedWakesOnly, the wake-ahead's mode, workers do not spin
// between batches at all, so nothing is learnt there.) Timed sleepers are not woken: a host
// FUTEX_WAKE per worker would cost the host more than each sleeper's one wake at its timer, after
// which it parks without spinning.
void WorkerPool::withdraw()
{
    State& s = *state_;
    ThreadCounters::add(s.withdrawCount, 1);
    if (decodePolicy(s.policyWord.load(std::memory_order_relaxed)).kind != WaitKind::Adaptive)
        return;
    s.prepareUntilNanos.store(0, std::memory_order_relaxed);
    s.prepareArrivalNanos.store(0, std::memory_order_relaxed);
    s.prepareWanted.store(0, std::memory_order_relaxed);  // woken workers wake no children
    s.followedWithinNanos.store(0, std::memory_order_relaxed);
    s.followUpAnnounced = false;
    s.arrival = 0;
    s.withdrawn.store(true, std::memory_order_relaxed);
    s.bumpSignal(false);  // spinners re-evaluate and park (the seq_cst bump publishes `withdrawn`)
}

void WorkerPool::setPolicy(WaitPolicy policy)
{
    state_->policyWord.store(encodePolicy(policy), std::memory_order_relaxed);
    state_->bumpSignal(false);  // spinners pick up the new budget now; parked threads on their next wait
}

WaitPolicy WorkerPool::policy() const
{
    return decodePolicy(state_->policyWord.load(std::memory_order_relaxed));
}

PoolTelemetry WorkerPool::telemetry() const
{
    const State& s = *state_;
    PoolTelemetry t;
    t.policy = policy();
    const unsigned cap = std::min(s.spinCap.load(std::memory_order_relaxed), s.workers);
    std::int64_t window = 0;  // the longest window among the workers that may spin
    for (unsigned i = 0; i < cap; ++i)
        window = std::max(window, s.counters[i].windowNanos.load(std::memory_order_relaxed));
    t.adaptiveSpinMicros = static_cast<std::uint32_t>(window / 1000);
    t.adaptiveHostSpinMicros = static_cast<std::uint32_t>(s.hostSpinNanos.load(std::memory_order_relaxed) / 1000);
    t.wakeLatencyMicros = static_cast<std::uint32_t>(s.wakeLatencyNanos.load(std::memory_order_relaxed) / 1000);
    t.preemptedSpinPermille = s.preemptedSpinPermille.load(std::memory_order_relaxed);
    t.cpuPressurePermille = s.cpuPressurePermille.load(std::memory_order_relaxed);
    t.contended = s.contended();
    t.batches = s.batchCount.load(std::memory_order_relaxed);
    t.items = s.itemCount.load(std::memory_order_relaxed);
    t.prepares = s.prepareCount.load(std::memory_order_relaxed);
    t.idleHints = s.idleHintCount.load(std::memory_order_relaxed);
    t.withdrawals = s.withdrawCount.load(std::memory_order_relaxed);
    t.stalls = s.stallCount.load(std::memory_order_relaxed);
    t.wakeCalls = s.wakeCalls.load(std::memory_order_relaxed);
    t.wakeCallNanos = s.wakeCallNanos.load(std::memory_order_relaxed);
    t.adaptiveSpinCap = s.spinCap.load(std::memory_order_relaxed);
    t.workers.reserve(s.workers);
    for (unsigned i = 0; i < s.workers; ++i)
        t.workers.push_back(s.counters[i].snapshot());
    t.host = s.counters[s.workers].snapshot();
    t.completionWait = s.completionWait.snapshot();
    t.batchLatency = s.batchLatency.snapshot();
    t.batchGap = s.batchGap.snapshot();
    return t;
}

}  // namespace strata::pool
