// What a pool thread does: claim chunks of the current batch, then wait for the next one.
#include "futex.hpp"
#include "spin_clock.hpp"
#include "worker_pool_state.hpp"

#include "strata/pool/thread_affinity.hpp"

#include <pthread.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include <algorithm>
#include <string>

namespace strata::pool {

using namespace detail;

std::vector<int> WorkerPool::State::cpusForWorker(unsigned index) const
{
    if (!options.pin || topology.cores.empty())
        return topology.allowedCpus;
    // One worker per physical core, fastest kind first, the first core left to the host; only a
    // core's first hardware thread, so two workers never share a core while cores remain.
    const std::size_t cores = topology.cores.size();
    const std::size_t core = cores > 1 ? (index + 1) % cores : 0;
    return {topology.cores[core].cpus.front()};
}

void WorkerPool::State::workerMain(unsigned self, std::vector<int> cpus)
{
    // Set our own affinity first thing: never inherit the creating thread's pin.
    if (!setCurrentThreadAffinity(cpus))
        setCurrentThreadAffinity(topology.allowedCpus);
    const std::string name = "strata-pool-" + std::to_string(self);
    pthread_setname_np(pthread_self(), name.substr(0, 15).c_str());
#if defined(__linux__)
    // A wake-ahead sleep (wake_ahead.hpp) ends up to the thread's timer slack late, and Linux's
    // default slack (50 µs) is longer than the whole wake-ahead margin on a quiet machine.
    prctl(PR_SET_TIMERSLACK, 1000UL, 0UL, 0UL, 0UL);
#endif
    {
        std::lock_guard lock(affinityMutex);
        affinity[self] = currentThreadAffinity();
    }

    std::uint32_t seenEpoch = 0;
    for (;;) {
        const std::uint32_t seenSignal = signal.load(std::memory_order_acquire);
        if (stop.load(std::memory_order_acquire))
            break;
        const std::uint64_t word = job.load(std::memory_order_acquire);
        if (epochOf(word) != seenEpoch) {
            seenEpoch = epochOf(word);
            if (self < participants.load(std::memory_order_relaxed))
                drain(self, word);
            continue;
        }
        idleWait(self, seenSignal);
    }
    counters[self].setState(ThreadState::Stopped);
}

void WorkerPool::State::drain(unsigned self, std::uint64_t word)
{
    const std::uint32_t myEpoch = epochOf(word);
    bool busy = false;
    while (epochOf(word) == myEpoch && nextOf(word) < countOf(word)) {
        if (job.compare_exchange_weak(word, word + kOneClaim, std::memory_order_acq_rel, std::memory_order_acquire)) {
            if (!busy) {
                counters[self].setState(ThreadState::Busy);
                busy = true;
            }
            runChunk(self, nextOf(word), countOf(word));
            word = job.load(std::memory_order_acquire);
        }
    }
}

void WorkerPool::State::runChunk(unsigned self, std::uint32_t chunk, std::uint32_t count)
{
    ThreadCounters& c = counters[self];
    const std::int64_t t0 = nowNanos();
    const std::size_t begin = static_cast<std::size_t>(chunk) * grain;
    const std::size_t end = std::min(items, begin + grain);
    try {
        fn(ctx, begin, end, self);
    } catch (...) {
        std::lock_guard lock(errorMutex);
        if (!error)
            error = std::current_exception();
    }
    ThreadCounters::add(c.busyNanos, static_cast<std::uint64_t>(nowNanos() - t0));
    ThreadCounters::add(c.chunks, 1);
    // seq_cst pairs with the host's hostParked store: either it sees our count or we see its flag.
    if (done.fetch_add(1, std::memory_order_seq_cst) + 1 == count && hostParked.load(std::memory_order_seq_cst))
        futexWakeOne(done);
}

namespace {

// A spin whose clock reads are this far apart was descheduled (by the OS or the hypervisor):
// someone else wanted the CPU it was burning. Reads are ~1-4 µs apart while it runs.
constexpr std::int64_t kPreemptedReadGapNanos = 50'000;

}  // namespace

Contention WorkerPool::State::contention() const
{
    if (!options.adaptiveBacksOffUnderContention)
        return {};
    return {cpuPressurePermille.load(std::memory_order_relaxed), preemptedSpinPermille.load(std::memory_order_relaxed)};
}

bool WorkerPool::State::contended() const
{
    return isContended(contention());
}

SpinBudget WorkerPool::State::workerSpinBudget(unsigned self, std::int64_t now)
{
    const WaitPolicy p = decodePolicy(policyWord.load(std::memory_order_relaxed));
    switch (p.kind) {
    case WaitKind::FixedSpin: return {static_cast<std::int64_t>(p.spinMicros) * 1000, WaitReason::Fixed};
    case WaitKind::Park: return {0, WaitReason::Park};
    case WaitKind::Adaptive: break;
    }
    // Only the first spinCap workers spin: the host wakes the first `wanted` ones, so those are
    // the ones a batch needs, and no shared counter is touched on the way out of a spin.
    if (self >= spinCap.load(std::memory_order_relaxed))
        return {0, WaitReason::OverCap};
    // Learnt even while backing off, so telemetry shows what the model would do.
    const std::int64_t window = models[self].spans.learntWindow(missCostNanos.load(std::memory_order_relaxed));
    counters[self].windowNanos.store(window, std::memory_order_relaxed);
    if (contended())
        return {0, WaitReason::BackOff};
    if (idle.load(std::memory_order_relaxed))
        return {0, WaitReason::Boundary};  // request boundary: nothing comes soon
    if (withdrawn.load(std::memory_order_relaxed))
        return {0, WaitReason::Withdrawn};  // the announced batch will not come: park for the next arrival
    const std::int64_t until = prepareUntilNanos.load(std::memory_order_relaxed);
    if (until > now) {  // work was announced: stay awake for it, from shortly before it is due
        const std::int64_t arrival = prepareArrivalNanos.load(std::memory_order_relaxed);
        const std::int64_t latency = wakeLatencyNanos.load(std::memory_order_relaxed);
        const std::int64_t sleep =
            arrival > now ? models[self].wakeAhead.sleepNanos(arrival - now, latency, window) : 0;
        return {until - now, WaitReason::Announced, sleep};
    }
    // The batch that just ended said the next follows soon: stay awake for it.
    if (const std::int64_t follow = followedWithinNanos.load(std::memory_order_relaxed); follow > 0)
        return {follow, WaitReason::Announced};
    if (announcedWakesOnly.load(std::memory_order_relaxed))
        return {0, WaitReason::AwaitAnnouncement};  // the next batch's announcement wakes us on time
    return {window, WaitReason::Learned};
}

void WorkerPool::State::idleWait(unsigned self, std::uint32_t seenSignal)
{
    ThreadCounters& c = counters[self];
    WorkerSlot& slot = slots[self];
    const std::int64_t t0 = nowNanos();
    const SpinBudget budget = workerSpinBudget(self, t0);
    if (budget.sleepFirstNanos > 0) {
        sleepBeforeAnnounced(self, seenSignal, t0 + budget.sleepFirstNanos);
        return;  // the caller re-reads signal and job, and the next wait spins for the batch
    }

    if (budget.nanos > 0) {
        c.setState(ThreadState::Spinning);
        bool hit = false, preempted = false;
        std::int64_t t = t0;
        while (!hit) {
            for (int i = 0; i < kPausesPerClockRead; ++i) {
                if (signal.load(std::memory_order_relaxed) != seenSignal) {
                    hit = true;
                    break;
                }
                cpuRelax();
            }
            const std::int64_t now = nowNanos();
            preempted |= now - t > kPreemptedReadGapNanos;
            t = now;
            if (t - t0 >= budget.nanos)
                break;
        }
        if (budget.reason == WaitReason::Learned) {
            ThreadCounters::add(c.adaptiveSpins, 1);
            if (preempted)
                ThreadCounters::add(c.preemptedSpins, 1);
        }
        ThreadCounters::add(c.spinNanos, static_cast<std::uint64_t>(t - t0));
        if (hit) {
            ThreadCounters::add(c.spinHits, 1);
            passOnAnnouncedWake(self, t);
            learnSpan(self, budget, t0);
            return;  // the caller re-reads signal and job with acquire
        }
        ThreadCounters::add(c.wastedSpinNanos, static_cast<std::uint64_t>(t - t0));
        ThreadCounters::add(c.spinTimeouts, 1);
    } else if (budget.reason == WaitReason::OverCap) {
        ThreadCounters::add(c.capRefusals, 1);
    } else if (budget.reason == WaitReason::BackOff) {
        ThreadCounters::add(c.backOffs, 1);
    }

    // Park. parked=1 (seq_cst) before re-checking the signal pairs with the host's signal bump
    // then parked check: either we see the new signal or the host sees us parked and wakes us.
    c.setState(ThreadState::Parked);
    ThreadCounters::add(c.parks, 1);
    const std::int64_t p0 = nowNanos();
    std::uint32_t wakeSeen = slot.wake.load(std::memory_order_acquire);
    slot.parked.store(1, std::memory_order_seq_cst);
    while (signal.load(std::memory_order_seq_cst) == seenSignal) {
        futexWait(slot.wake, wakeSeen);
        wakeSeen = slot.wake.load(std::memory_order_acquire);
    }
    slot.parked.store(0, std::memory_order_relaxed);
    const std::int64_t p1 = nowNanos();
    ThreadCounters::add(c.parkedNanos, static_cast<std::uint64_t>(p1 - p0));
    ThreadCounters::add(c.wakes, 1);
    passOnAnnouncedWake(self, p1);
    // The wake latency (the host's FUTEX_WAKE -> this thread running) prices a miss for the model.
    const std::int64_t sent = slot.wokenAt.load(std::memory_order_relaxed);
    if (sent > p0 && p1 >= sent) {
        const std::int64_t old = wakeLatencyNanos.load(std::memory_order_relaxed);
        wakeLatencyNanos.store(old + (p1 - sent - old) / 8, std::memory_order_relaxed);
    }
    learnSpan(self, budget, t0);
}

// An announced worker's sleep until shortly before its batch is due: parked like any other (a
// publish or shutdown wakes it through the same Dekker pair), but with a timeout. A timeout
// teaches the worker how late its timed wakes run.
void WorkerPool::State::sleepBeforeAnnounced(unsigned self, std::uint32_t seenSignal, std::int64_t due)
{
    ThreadCounters& c = counters[self];
    WorkerSlot& slot = slots[self];
    c.setState(ThreadState::Parked);
    const std::int64_t p0 = nowNanos();
    std::uint32_t wakeSeen = slot.wake.load(std::memory_order_acquire);
    slot.parked.store(1, std::memory_order_seq_cst);
    std::int64_t now = p0;
    bool signalled = false;
    while (!(signalled = signal.load(std::memory_order_seq_cst) != seenSignal) && now < due) {
        futexWait(slot.wake, wakeSeen, due - now);
        wakeSeen = slot.wake.load(std::memory_order_acquire);
        now = nowNanos();
    }
    slot.parked.store(0, std::memory_order_relaxed);
    ThreadCounters::add(c.parkedNanos, static_cast<std::uint64_t>(now - p0));
    if (!signalled)
        models[self].wakeAhead.recordLateness(now - due);
}

// prepare() woke worker 0 only; worker i wakes 2i+1 and 2i+2 of the announced workers, so the
// wake-ups fan out in log2(n) steps without the host's help.
void WorkerPool::State::passOnAnnouncedWake(unsigned self, std::int64_t now)
{
    if (prepareUntilNanos.load(std::memory_order_relaxed) <= now)
        return;  // no announced batch pending (a publish resets it before it bumps the signal)
    const unsigned n = prepareWanted.load(std::memory_order_relaxed);
    for (unsigned child = 2 * self + 1; child <= 2 * self + 2 && child < n; ++child)
        wakeIfParked(child, now);
}

// The wait that started at idleStart ended because work arrived (a publish or prepare at
// signalNanos): that span is what the worker's model learns from. Other signals (policy switch,
// idle hint, shutdown) do not move signalNanos, so they teach nothing.
void WorkerPool::State::learnSpan(unsigned self, const SpinBudget& budget, std::int64_t idleStart)
{
    if (!budget.learns())
        return;
    const std::int64_t arrived = signalNanos.load(std::memory_order_relaxed);
    if (arrived < idleStart)
        return;
    models[self].spans.record(arrived - idleStart);
    if (options.onIdleSpan)
        options.onIdleSpan(self, arrived - idleStart);
}

}  // namespace strata::pool
