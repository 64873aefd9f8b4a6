// Stress: many batches of random shape while policies switch, hints fly and pools shut down.
// Bounded by count AND wall time so it stays well under a minute under the sanitizers.
#include "strata/pool/worker_pool.hpp"

#include <QtTest/QtTest>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>
#include <vector>

using namespace strata::pool;
using Clock = std::chrono::steady_clock;

namespace {

WaitPolicy policyNumber(unsigned i)
{
    switch (i % 5) {
    case 0: return WaitPolicy::park();
    case 1: return WaitPolicy::fixedSpin(1);
    case 2: return WaitPolicy::fixedSpin(200);
    case 3: return WaitPolicy::adaptive();
    default: return WaitPolicy::fixedSpin(20000);
    }
}

// Runs random batches until maxBatches or `budget` elapsed; returns the number run. Every item
// must be seen exactly once per batch.
std::uint64_t hammer(WorkerPool& pool, std::uint64_t maxBatches, std::chrono::milliseconds budget, unsigned seed,
                     bool hints)
{
    std::mt19937 rng(seed);
    std::vector<std::atomic<std::uint32_t>> stamp(4096);
    const auto end = Clock::now() + budget;
    std::uint64_t batch = 0;
    while (batch < maxBatches && Clock::now() < end) {
        ++batch;
        const std::size_t n = 1 + rng() % (rng() % 8 == 0 ? 4096 : 64);
        RunOptions run;
        run.grain = rng() % 3 == 0 ? 0 : 1 + rng() % 16;
        run.maxWorkers = rng() % 4 == 0 ? rng() % (pool.workerCount() + 1) : ~0u;
        if (hints && rng() % 16 == 0)
            pool.prepare(1 + rng() % 8, std::chrono::microseconds(rng() % 500),
                         std::chrono::microseconds(rng() % 2 ? 0 : rng() % 300));  // some with a lead
        std::atomic<int> wrong{0};
        const auto stampValue = static_cast<std::uint32_t>(batch);
        pool.run(
            n,
            [&](std::size_t b, std::size_t e, unsigned) {
                for (std::size_t i = b; i < e; ++i)
                    if (stamp[i].exchange(stampValue, std::memory_order_relaxed) == stampValue)
                        wrong.fetch_add(1, std::memory_order_relaxed);  // ran twice in this batch
            },
            run);
        if (wrong.load() != 0)
            return 0;
        for (std::size_t i = 0; i < n; ++i)
            if (stamp[i].load(std::memory_order_relaxed) != stampValue)
                return 0;  // missed
        if (hints && rng() % 64 == 0)
            pool.idleHint();
    }
    return batch;
}

}  // namespace

class TestPoolStress : public QObject {
    Q_OBJECT
private slots:
    void randomBatchesWhilePoliciesSwitch()
    {
        PoolOptions o;
        o.workers = 3;  // more than this machine's spare cores on purpose
        o.pin = false;
        WorkerPool pool(o);
        std::atomic<bool> stopSwitching{false};
        std::atomic<unsigned> switches{0};
        std::thread switcher([&] {
            for (unsigned i = 0; !stopSwitching.load(); ++i) {
                pool.setPolicy(policyNumber(i));
                switches.fetch_add(1);
                (void)pool.telemetry();  // the app's panel polls while batches run
                std::this_thread::sleep_for(std::chrono::microseconds(700));
            }
        });
        const std::uint64_t ran = hammer(pool, 1'000'000, std::chrono::milliseconds(4000), 1, true);
        stopSwitching.store(true);
        switcher.join();
        QVERIFY2(ran > 0, "an item ran twice or not at all");
        QVERIFY(switches.load() > 10);
        qInfo("%llu batches, %u policy switches", static_cast<unsigned long long>(ran), switches.load());
        QCOMPARE(pool.telemetry().stalls, std::uint64_t{0});
    }

    void parkPolicyNeverLosesAWakeUp()
    {
        // Two chunks; the host, if it takes one, waits for a *worker* to take the other. A lost
        // wake-up leaves the worker asleep and the host times out.
        PoolOptions o;
        o.workers = 1;
        o.pin = false;
        o.policy = WaitPolicy::park();
        WorkerPool pool(o);
        const auto end = Clock::now() + std::chrono::seconds(3);
        int batches = 0, lost = 0;
        while (batches < 20000 && Clock::now() < end && lost == 0) {
            ++batches;
            std::atomic<int> byWorker{0};
            pool.run(
                2,
                [&](std::size_t, std::size_t, unsigned w) {
                    if (w < pool.workerCount()) {
                        byWorker.fetch_add(1);
                        return;
                    }
                    const auto limit = Clock::now() + std::chrono::seconds(5);
                    while (byWorker.load() == 0 && Clock::now() < limit)
                        std::this_thread::yield();
                    if (byWorker.load() == 0)
                        ++lost;
                },
                RunOptions{1, ~0u});
        }
        QCOMPARE(lost, 0);
        QVERIFY(pool.telemetry().workers[0].wakes > 0);
    }

    void shutdownWhileSpinningParkedOrStarting()
    {
        for (unsigned round = 0; round < 40; ++round) {
            PoolOptions o;
            o.workers = 1 + static_cast<int>(round % 5);
            o.pin = round % 2 == 0;
            o.policy = policyNumber(round);
            WorkerPool pool(o);
            if (round % 3 == 0)
                continue;  // destroyed while its threads may still be starting
            hammer(pool, 20, std::chrono::milliseconds(200), round, true);
            if (round % 3 == 1)
                pool.prepare(8, std::chrono::microseconds(50000),                // destroyed while spinning or,
                             std::chrono::microseconds(round % 2 ? 0 : 40000));  // with a lead, asleep
        }
    }

    void oversubscribedStress()
    {
        PoolOptions o;
        o.workers = static_cast<int>(2 * std::max(1u, std::thread::hardware_concurrency()) + 1);
        o.pin = true;
        o.policy = WaitPolicy::adaptive();
        WorkerPool pool(o);
        QVERIFY(hammer(pool, 200'000, std::chrono::milliseconds(1500), 7, true) > 0);
    }
};

QTEST_GUILESS_MAIN(TestPoolStress)
#include "test_pool_stress.moc"
