// The adaptive GPU wait's plan (model::GpuWaitPlan), driven by simulated steps: the first wait
// polls, later ones sleep through most of the step; a plan that sleeps too long shrinks, one that
// polls past its limit grows; and on steady steps with jitter and a late-waking OS, the host polls
// a small share of each step while the GPU rarely waits for it.
#include "strata/model/gpu_wait_plan.hpp"

#include <QTest>

#include <algorithm>
#include <cstdint>
#include <random>

using strata::model::GpuWaitPlan;

namespace {

constexpr int64_t kUs = 1000, kMs = 1000 * kUs;

struct StepOutcome {
    int64_t polled = 0;  // host time spent polling
    int64_t late = 0;    // time between the step's end and the host seeing it (the GPU idles)
};

// One wait on a step that ends `duration` after it was queued, the way HostWaiter runs it, with an
// OS whose sleeps end `wakeDelay` late and a poll loop that sees the end within a microsecond.
StepOutcome step(GpuWaitPlan& plan, int64_t duration, int64_t wakeDelay)
{
    StepOutcome o;
    int64_t now = 0;
    const int64_t sleep = plan.sleepNanos(now);
    if (sleep > 0) {
        now = sleep + wakeDelay;
        plan.sleptFor(sleep, sleep + wakeDelay);
    }
    if (sleep > 0 && now >= duration) {
        plan.doneAtFirstPollAfterSleep(now);
        o.late = now - duration;
        return o;
    }
    const int64_t start = now;
    if (duration > plan.pollLimitNanos()) {
        plan.stillRunning(plan.pollLimitNanos());
        o.polled = plan.pollLimitNanos() - start;
        o.late = 200 * kUs;  // woken by the driver
        return o;
    }
    plan.doneWhilePolling(duration);
    o.polled = duration - start;
    return o;
}

}  // namespace

class TestGpuWaitPlan : public QObject {
    Q_OBJECT
private slots:
    void theFirstWaitPollsAndLearnsTheStep()
    {
        GpuWaitPlan plan;
        QCOMPARE(plan.sleepNanos(0), int64_t(0));
        QVERIFY(plan.pollLimitNanos() >= 10 * kMs);
        plan.doneWhilePolling(3 * kMs);
        QCOMPARE(plan.expectedNanos(), double(3 * kMs));
        // The next one sleeps through most of it (a margin of 3%), less what already passed.
        QCOMPARE(plan.sleepNanos(0), int64_t(3 * kMs - 90 * kUs));
        QCOMPARE(plan.sleepNanos(1 * kMs), int64_t(2 * kMs - 90 * kUs));
        QCOMPARE(plan.sleepNanos(5 * kMs), int64_t(0));
        QVERIFY(plan.pollLimitNanos() > 3 * kMs && plan.pollLimitNanos() <= 4 * kMs);
    }

    void theOsWakeUpDelayIsSubtracted()
    {
        GpuWaitPlan plan;
        plan.doneWhilePolling(3 * kMs);
        const int64_t before = plan.sleepNanos(0);
        for (int i = 0; i < 20; ++i)
            plan.sleptFor(1 * kMs, 1 * kMs + 60 * kUs);
        QVERIFY(std::abs(plan.wakeDelayNanos() - 60.0 * kUs) < 1.0 * kUs);
        QVERIFY(std::abs(double(before - plan.sleepNanos(0)) - 60.0 * kUs) < 1.0 * kUs);
        plan.sleptFor(1 * kMs, 1 * kMs - 5 * kUs);  // an early end counts as on time, not negative
        QVERIFY(plan.wakeDelayNanos() >= 0);
    }

    void aPlanThatSleepsTooLongShrinksToTheStep()
    {
        GpuWaitPlan plan;
        plan.doneWhilePolling(10 * kMs);  // e.g. a long first step, then 3 ms steps
        int overslept = 0;
        for (int i = 0; i < 30; ++i)
            overslept += step(plan, 3 * kMs, 0).late > 0;
        QVERIFY2(overslept <= 15, qPrintable(QString::number(overslept)));
        QVERIFY(std::abs(plan.expectedNanos() - 3.0 * kMs) < 0.15 * kMs);
        // Settled: the next steps are seen within the poll, not after it.
        for (int i = 0; i < 10; ++i)
            QCOMPARE(step(plan, 3 * kMs, 0).late, int64_t(0));
    }

    void aStepPastThePollLimitGrowsThePlan()
    {
        GpuWaitPlan plan;
        plan.doneWhilePolling(1 * kMs);
        const StepOutcome o = step(plan, 8 * kMs, 0);
        QVERIFY(o.polled > 0);
        QVERIFY(plan.expectedNanos() > 1.2 * kMs);  // it waited at least as long as it polled
        for (int i = 0; i < 20; ++i)
            step(plan, 8 * kMs, 0);
        QVERIFY(std::abs(plan.expectedNanos() - 8.0 * kMs) < 0.5 * kMs);
    }

    // The case: ~3 ms decode steps with ±3% jitter and sleeps that end 50-70 µs late.
    void steadyStepsPollLittleAndRarelyKeepTheGpuWaiting()
    {
        GpuWaitPlan plan;
        std::mt19937 rng(7);
        std::uniform_int_distribution<int64_t> jitter(-90 * kUs, 90 * kUs), wake(50 * kUs, 70 * kUs);
        int64_t total = 0, polled = 0, late = 0;
        for (int i = 0; i < 2000; ++i) {
            const int64_t duration = 3 * kMs + jitter(rng);
            const StepOutcome o = step(plan, duration, wake(rng));
            if (i < 100)
                continue;  // learning
            total += duration;
            polled += o.polled;
            late += o.late;
        }
        const double pollShare = double(polled) / double(total), lateShare = double(late) / double(total);
        qInfo("polling %.1f%% of the time, the GPU waiting %.2f%%", 100 * pollShare, 100 * lateShare);
        QVERIFY(pollShare < 0.10);  // spinning: 100%
        QVERIFY(lateShare < 0.01);  // blocking sync on the H200's host: ~7% of an 8B step
    }
};

QTEST_APPLESS_MAIN(TestGpuWaitPlan)
#include "test_gpu_wait_plan.moc"
