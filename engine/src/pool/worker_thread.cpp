// What a pool thread does: claim chunks of the current batch, then wait for the next one.
#include "futex.hpp"
#include "spin_clock.hpp"
#include "worker_pool_state.hpp"

#include "strata/pool/thread_affinity.hpp"

#include <pthread.h>
#include <sys/resource.h>

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

long involuntarySwitches()
{
    rusage ru{};
    getrusage(RUSAGE_THREAD, &ru);
    return ru.ru_nivcsw;
}

// Past this wake latency, or with this share of spins preempted, the CPUs are contended:
// a spinner then takes a CPU that the host or the device driver needs (the seeds' 20 ms spin
// cost 15% decode that way), so Adaptive stops spinning until the machine calms down.
constexpr std::int64_t kContendedWakeNanos = 150'000;
constexpr std::uint32_t kContendedPreemptedPermille = 250;
// Tasks waiting for a CPU more than this share of the time (PSI "some").
constexpr std::int32_t kContendedPressurePermille = 200;

}  // namespace

bool WorkerPool::State::contended() const
{
    if (!options.adaptiveBacksOffUnderContention)
        return false;
    return cpuPressurePermille.load(std::memory_order_relaxed) > kContendedPressurePermille ||
           wakeLatencyNanos.load(std::memory_order_relaxed) > kContendedWakeNanos ||
           preemptedSpinPermille.load(std::memory_order_relaxed) > kContendedPreemptedPermille;
}

std::int64_t WorkerPool::State::workerSpinBudget(std::int64_t now) const
{
    const WaitPolicy p = decodePolicy(policyWord.load(std::memory_order_relaxed));
    switch (p.kind) {
    case WaitKind::FixedSpin: return static_cast<std::int64_t>(p.spinMicros) * 1000;
    case WaitKind::Park: return 0;
    case WaitKind::Adaptive: break;
    }
    if (contended())
        return 0;
    const std::int64_t until = prepareUntilNanos.load(std::memory_order_relaxed);
    if (until > now)
        return until - now;  // work was announced: stay awake for it
    if (idle.load(std::memory_order_relaxed))
        return 0;  // request boundary: nothing comes soon
    return adaptiveSpinNanos.load(std::memory_order_relaxed);
}

bool WorkerPool::State::acquireSpinSlot(WaitKind kind)
{
    if (kind != WaitKind::Adaptive)
        return true;  // fixed policies are literal: every idle worker spins its budget
    if (spinners.fetch_add(1, std::memory_order_relaxed) < spinCap.load(std::memory_order_relaxed))
        return true;
    spinners.fetch_sub(1, std::memory_order_relaxed);
    return false;
}

void WorkerPool::State::idleWait(unsigned self, std::uint32_t seenSignal)
{
    ThreadCounters& c = counters[self];
    WorkerSlot& slot = slots[self];
    const std::int64_t t0 = nowNanos();
    const WaitKind kind = decodePolicy(policyWord.load(std::memory_order_relaxed)).kind;
    const std::int64_t budget = workerSpinBudget(t0);

    if (budget > 0 && acquireSpinSlot(kind)) {
        c.setState(ThreadState::Spinning);
        const long switches = kind == WaitKind::Adaptive ? involuntarySwitches() : 0;
        bool hit = false;
        std::int64_t t = t0;
        while (!hit) {
            for (int i = 0; i < kPausesPerClockRead; ++i) {
                if (signal.load(std::memory_order_relaxed) != seenSignal) {
                    hit = true;
                    break;
                }
                cpuRelax();
            }
            t = nowNanos();
            if (t - t0 >= budget)
                break;
        }
        if (kind == WaitKind::Adaptive) {
            spinners.fetch_sub(1, std::memory_order_relaxed);
            // Was this spin preempted? Then someone else wanted the CPU we were burning.
            const std::uint32_t sample = involuntarySwitches() > switches ? 1000 : 0;
            const auto old = static_cast<std::int32_t>(preemptedSpinPermille.load(std::memory_order_relaxed));
            const std::int32_t next = old + (static_cast<std::int32_t>(sample) - old) / 16;
            preemptedSpinPermille.store(static_cast<std::uint32_t>(next), std::memory_order_relaxed);
        }
        ThreadCounters::add(c.spinNanos, static_cast<std::uint64_t>(t - t0));
        if (hit) {
            ThreadCounters::add(c.spinHits, 1);
            return;  // the caller re-reads signal and job with acquire
        }
        ThreadCounters::add(c.wastedSpinNanos, static_cast<std::uint64_t>(t - t0));
        ThreadCounters::add(c.spinTimeouts, 1);
    } else if (budget > 0) {
        ThreadCounters::add(c.capRefusals, 1);
    } else if (kind == WaitKind::Adaptive && contended()) {
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
    // Learn the wake latency (announcement -> this thread running) for the adaptive cost model.
    const std::int64_t sent = signalNanos.load(std::memory_order_relaxed);
    if (sent > p0 && p1 >= sent) {
        const std::int64_t old = wakeLatencyNanos.load(std::memory_order_relaxed);
        wakeLatencyNanos.store(old + (p1 - sent - old) / 8, std::memory_order_relaxed);
    }
}

}  // namespace strata::pool
