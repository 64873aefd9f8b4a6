// WorkerPool::withdraw(): an announced batch that will not come (a hybrid MoE layer predicted to miss
// hit every expert). Workers that spin for it, or sleep on its timer, park without spinning on, the
// pool still runs the next batch, and the withdrawn announcement is no arrival for the gap model.
#include "strata/pool/worker_pool.hpp"

#include <QtTest/QtTest>

#include <atomic>
#include <chrono>
#include <thread>

using namespace strata::pool;

namespace {

PoolOptions adaptiveOptions(int workers)
{
    PoolOptions o;
    o.workers = workers;
    o.pin = false;
    o.policy = WaitPolicy::adaptive();
    o.adaptiveBacksOffUnderContention = false;  // about the announcement, not this box's CPU pressure
    return o;
}

std::uint64_t spinNanos(const PoolTelemetry& t)
{
    std::uint64_t spin = 0;
    for (const WorkerTelemetry& w : t.workers)
        spin += w.spinNanos;
    return spin;
}

bool everyWorkerParked(const PoolTelemetry& t)
{
    for (const WorkerTelemetry& w : t.workers)
        if (w.state != ThreadState::Parked)
            return false;
    return true;
}

void runOnce(WorkerPool& pool, std::atomic<int>& done)
{
    pool.run(
        64, [&](std::size_t b, std::size_t e, unsigned) { done.fetch_add(int(e - b)); }, RunOptions{1, ~0u});
}

}  // namespace

class TestPoolWithdraw : public QObject {
    Q_OBJECT
private slots:
    // Announced for up to a second, spinning: after withdraw() every worker parks at once and its
    // spin time stops growing. Without withdrawal the woken worker spins the whole second.
    void withdrawParksSpinningWorkers()
    {
        WorkerPool pool(adaptiveOptions(2));
        std::atomic<int> done{0};
        runOnce(pool, done);
        pool.idleHint();
        QTRY_VERIFY_WITH_TIMEOUT(everyWorkerParked(pool.telemetry()), 2000);

        pool.prepare(3, std::chrono::seconds(1));
        QTRY_VERIFY_WITH_TIMEOUT(pool.telemetry().workers[0].state == ThreadState::Spinning, 2000);
        pool.withdraw();
        QTRY_VERIFY_WITH_TIMEOUT(everyWorkerParked(pool.telemetry()), 200);
        const std::uint64_t spun = spinNanos(pool.telemetry());
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        const PoolTelemetry later = pool.telemetry();
        QVERIFY(everyWorkerParked(later));
        QCOMPARE(spinNanos(later), spun);
        QCOMPARE(later.withdrawals, std::uint64_t{1});

        runOnce(pool, done);  // a withdrawal leaves the pool usable
        QCOMPARE(done.load(), 128);
    }

    // Announced with a lead (the workers sleep on a timer first): withdrawn at once, they wake at
    // their timer and park without spinning for the announced second.
    void withdrawnTimedSleepersParkWithoutSpinning()
    {
        WorkerPool pool(adaptiveOptions(2));
        std::atomic<int> done{0};
        runOnce(pool, done);
        pool.idleHint();
        QTRY_VERIFY_WITH_TIMEOUT(everyWorkerParked(pool.telemetry()), 2000);
        const std::uint64_t before = spinNanos(pool.telemetry());

        pool.prepare(3, std::chrono::seconds(1), std::chrono::milliseconds(5));
        pool.withdraw();
        std::this_thread::sleep_for(std::chrono::milliseconds(40));  // well past the 5 ms timer
        const PoolTelemetry t = pool.telemetry();
        QVERIFY(everyWorkerParked(t));
        const std::uint64_t spun = spinNanos(t) - before;
        QVERIFY2(spun < 2'000'000, qPrintable(QString("spun %1 ms after the withdrawal").arg(spun / 1e6)));
    }

    // The gap from a batch's end runs on through a withdrawn announcement to the next real arrival:
    // the batch-gap histogram sees ~10 ms, not the microseconds to the announcement.
    void aWithdrawnAnnouncementIsNoArrival()
    {
        WorkerPool pool(adaptiveOptions(1));
        std::atomic<int> done{0};
        runOnce(pool, done);
        const LatencyHistogram before = pool.telemetry().batchGap;
        pool.prepare(2);
        pool.withdraw();
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        runOnce(pool, done);
        const LatencyHistogram gap = pool.telemetry().batchGap.since(before);
        QCOMPARE(gap.total(), std::uint64_t{1});
        QVERIFY2(gap.quantileNanos(0.5) > 5e6, qPrintable(QString("gap %1 µs").arg(gap.quantileNanos(0.5) / 1e3)));
    }

    // Fixed policies ignore announcements and so their withdrawal too (counted all the same).
    void fixedPoliciesIgnoreIt()
    {
        PoolOptions o = adaptiveOptions(1);
        o.policy = WaitPolicy::park();
        WorkerPool pool(o);
        std::atomic<int> done{0};
        pool.prepare(2);
        pool.withdraw();
        runOnce(pool, done);
        QCOMPARE(done.load(), 64);
        QCOMPARE(pool.telemetry().withdrawals, std::uint64_t{1});
    }
};

QTEST_GUILESS_MAIN(TestPoolWithdraw)
#include "test_pool_withdraw.moc"
