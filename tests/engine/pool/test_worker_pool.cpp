// WorkerPool basics: every item once, options, errors, telemetry, oversubscription.
#include "strata/core/error.hpp"
#include "strata/pool/worker_pool.hpp"

#include <QtTest/QtTest>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace strata::pool;

namespace {

PoolOptions optionsWith(int workers, WaitPolicy policy, bool pin = false)
{
    PoolOptions o;
    o.workers = workers;
    o.policy = policy;
    o.pin = pin;
    return o;
}

void expectEachOnce(WorkerPool& pool, std::size_t n, RunOptions run = {})
{
    std::vector<std::atomic<int>> hits(n);
    pool.run(
        n,
        [&](std::size_t b, std::size_t e, unsigned) {
            for (std::size_t i = b; i < e; ++i)
                hits[i].fetch_add(1, std::memory_order_relaxed);
        },
        run);
    for (std::size_t i = 0; i < n; ++i)
        QCOMPARE(hits[i].load(), 1);
}

}  // namespace

class TestWorkerPool : public QObject {
    Q_OBJECT
private slots:
    void defaultPoolLeavesACoreForTheHost()
    {
        WorkerPool pool;
        const unsigned cores = static_cast<unsigned>(std::max(1u, std::thread::hardware_concurrency()));
        QVERIFY(pool.workerCount() >= 1);
        QVERIFY(pool.workerCount() <= std::max(1u, cores - 1));
        expectEachOnce(pool, 1000);
    }

    void everyItemRunsExactlyOnce_data()
    {
        QTest::addColumn<int>("workers");
        QTest::addColumn<int>("policy");  // 0 adaptive, 1 park, 2 fixed 50 µs
        for (int w : {0, 1, 3, 8})
            for (int p : {0, 1, 2})
                QTest::addRow("w%d-p%d", w, p) << w << p;
    }
    void everyItemRunsExactlyOnce()
    {
        QFETCH(int, workers);
        QFETCH(int, policy);
        const WaitPolicy wp = policy == 0   ? WaitPolicy::adaptive()
                              : policy == 1 ? WaitPolicy::park()
                                            : WaitPolicy::fixedSpin(50);
        WorkerPool pool(optionsWith(workers, wp));
        QCOMPARE(pool.workerCount(), static_cast<unsigned>(workers));
        for (std::size_t n : {1u, 2u, 7u, 64u, 1000u, 100000u})
            expectEachOnce(pool, n);
        expectEachOnce(pool, 1000, RunOptions{1, ~0u});
        expectEachOnce(pool, 1000, RunOptions{333, ~0u});
        expectEachOnce(pool, 200000, RunOptions{1, ~0u});  // > 65535 chunks: grain grows
    }

    void workerIndexIsInRangeAndMaxWorkersIsHonoured()
    {
        WorkerPool pool(optionsWith(4, WaitPolicy::fixedSpin(200)));
        std::vector<std::atomic<int>> byWorker(pool.workerCount() + 1);
        std::atomic<int> outOfRange{0};
        for (int round = 0; round < 50; ++round)
            pool.run(
                64,
                [&](std::size_t, std::size_t, unsigned w) {
                    if (w > pool.workerCount()) {
                        outOfRange.fetch_add(1);
                        return;
                    }
                    byWorker[w].fetch_add(1);
                    std::this_thread::sleep_for(std::chrono::microseconds(20));
                },
                RunOptions{1, 1});
        QCOMPARE(outOfRange.load(), 0);
        for (unsigned w = 1; w < pool.workerCount(); ++w)
            QCOMPARE(byWorker[w].load(), 0);  // only worker 0 and the host may take part
        QCOMPARE(byWorker[0].load() + byWorker[pool.workerCount()].load(), 50 * 64);
    }

    void jobExceptionReachesTheHostAndThePoolStaysUsable()
    {
        WorkerPool pool(optionsWith(2, WaitPolicy::park()));
        bool threw = false;
        try {
            pool.run(
                100,
                [](std::size_t b, std::size_t e, unsigned) {
                    if (b <= 57 && 57 < e)
                        throw std::runtime_error("item 57");
                },
                RunOptions{1, ~0u});
        } catch (const std::runtime_error& e) {
            threw = std::string(e.what()) == "item 57";
        }
        QVERIFY(threw);
        expectEachOnce(pool, 500);
    }

    void nestedRunIsRefused()
    {
        WorkerPool pool(optionsWith(1, WaitPolicy::park()));
        std::atomic<int> refused{0};
        pool.run(
            4,
            [&](std::size_t, std::size_t, unsigned) {
                try {
                    pool.run(1, [](std::size_t, std::size_t, unsigned) {});
                } catch (const strata::Error&) {
                    refused.fetch_add(1);
                }
            },
            RunOptions{1, ~0u});
        QCOMPARE(refused.load(), 4);
    }

    void oversubscribedPoolsWork()
    {
        const unsigned cpus = std::max(1u, std::thread::hardware_concurrency());
        for (WaitPolicy p : {WaitPolicy::adaptive(), WaitPolicy::fixedSpin(100), WaitPolicy::park()}) {
            WorkerPool pool(optionsWith(static_cast<int>(2 * cpus + 2), p, true));
            for (int i = 0; i < 200; ++i)
                expectEachOnce(pool, 1 + static_cast<std::size_t>(i) * 7, RunOptions{1, ~0u});
        }
    }

    void telemetryCountsBatchesAndTime()
    {
        WorkerPool pool(optionsWith(2, WaitPolicy::fixedSpin(30)));
        for (int i = 0; i < 100; ++i)
            expectEachOnce(pool, 50, RunOptions{1, ~0u});
        const PoolTelemetry t = pool.telemetry();
        QCOMPARE(t.batches, std::uint64_t{100});
        QCOMPARE(t.items, std::uint64_t{5000});
        QCOMPARE(t.completionWait.total(), std::uint64_t{100});
        QCOMPARE(t.batchLatency.total(), std::uint64_t{100});
        QCOMPARE(t.workers.size(), std::size_t{2});
        QVERIFY(t.policy == WaitPolicy::fixedSpin(30));
        const WorkerTelemetry sum = t.workerTotals();
        QCOMPARE(sum.chunks + t.host.chunks, std::uint64_t{5000});
        QVERIFY(t.host.busyNanos > 0);
        QVERIFY(t.batchLatency.quantileNanos(0.5) <= t.batchLatency.quantileNanos(0.99));
        QVERIFY(sum.wastedSpinNanos <= sum.spinNanos);
    }

    void histogramBucketsAndQuantiles()
    {
        LatencyHistogram h;
        QCOMPARE(h.quantileNanos(0.5), 0.0);
        for (std::uint64_t v : {1000u, 1000u, 1000u, 100000u})
            ++h.counts[LatencyHistogram::bucketOf(v)];
        QVERIFY(h.quantileNanos(0.5) >= 840 && h.quantileNanos(0.5) <= 1190);
        QVERIFY(h.quantileNanos(0.99) >= 84000 && h.quantileNanos(0.99) <= 119000);
        for (std::uint64_t v = 1; v < (1ull << 40); v = v * 3 + 1) {
            const int b = LatencyHistogram::bucketOf(v);
            QVERIFY(LatencyHistogram::bucketLowerNanos(b) <= static_cast<double>(v));
            if (b + 1 < LatencyHistogram::kBucketCount)
                QVERIFY(static_cast<double>(v) < LatencyHistogram::bucketLowerNanos(b + 1));
        }
    }

    void policyTextAndEnvironment()
    {
        QVERIFY(parseWaitPolicy("park") == WaitPolicy::park());
        QVERIFY(parseWaitPolicy("adaptive") == WaitPolicy::adaptive());
        QVERIFY(parseWaitPolicy("fixed:100") == WaitPolicy::fixedSpin(100));
        QVERIFY(parseWaitPolicy("20000us") == WaitPolicy::fixedSpin(20000));
        QVERIFY(parseWaitPolicy("fixed:100us") == WaitPolicy::fixedSpin(100));
        QVERIFY(parseWaitPolicy("fixed:20ms") == WaitPolicy::fixedSpin(20000));
        QVERIFY_THROWS_EXCEPTION(strata::Error, parseWaitPolicy("fixed:61000ms"));
        QVERIFY_THROWS_EXCEPTION(strata::Error, parseWaitPolicy("fixed:ms"));
        QVERIFY_THROWS_EXCEPTION(strata::Error, parseWaitPolicy("fast"));
        QVERIFY_THROWS_EXCEPTION(strata::Error, parseWaitPolicy("fixed:-3"));
        QCOMPARE(QString::fromStdString(toString(WaitPolicy::fixedSpin(100))), QString("fixed-spin 100us"));

        qputenv("STRATA_POOL_SPIN_US", "100");
        QVERIFY(waitPolicyFromEnvironment().value() == WaitPolicy::fixedSpin(100));
        {
            PoolOptions o;
            o.workers = 1;
            WorkerPool pool(o);
            QVERIFY(pool.policy() == WaitPolicy::fixedSpin(100));
        }
        qputenv("STRATA_POOL_SPIN_US", "lots");
        QVERIFY_THROWS_EXCEPTION(strata::Error, waitPolicyFromEnvironment());
        qunsetenv("STRATA_POOL_SPIN_US");
        QVERIFY(!waitPolicyFromEnvironment().has_value());
    }
};

QTEST_GUILESS_MAIN(TestWorkerPool)
#include "test_worker_pool.moc"
