// The policies `strata-bench --pool-policy all` and the A/B dialog's preset compare, and the
// ratio to the best fixed policy both print.
#include "strata/pool/policy_contenders.hpp"

#include <QtTest/QtTest>

#include <string>
#include <vector>

using namespace strata::pool;

class TestPolicyContenders : public QObject {
    Q_OBJECT
private slots:
    void adaptiveAgainstParkAnd100usAnd20ms()
    {
        const std::vector<PolicyContender> c = standardContenders();
        QCOMPARE(c.size(), std::size_t{4});
        QVERIFY(c[0].policy == WaitPolicy::adaptive());
        QVERIFY(!c[0].fixed);
        QVERIFY(c[1].policy == WaitPolicy::park());
        QVERIFY(c[2].policy == WaitPolicy::fixedSpin(100));
        QVERIFY(c[3].policy == WaitPolicy::fixedSpin(20'000));
        for (std::size_t i = 1; i < c.size(); ++i)
            QVERIFY(c[i].fixed);
        // The names are what the settings and --pool-policy read back.
        for (const PolicyContender& p : c)
            QVERIFY2(parseWaitPolicy(p.name) == p.policy, p.name.c_str());
    }

    void ratioIsToTheFastestFixedPolicy()
    {
        const std::vector<PolicyContender> c = standardContenders();
        // Decode tok/s from the MoE t=15 row: adaptive 530, park 405, 100 µs 604, 20 ms 560.
        const std::vector<double> tps = {530, 405, 604, 560};
        QCOMPARE(bestFixedIndex(c, tps), 2);
        const std::vector<double> r = ratiosToBestFixed(c, tps);
        QCOMPARE(r.size(), std::size_t{4});
        QCOMPARE(r[0], 530.0 / 604.0);
        QCOMPARE(r[2], 1.0);
        // CPU beside it is compared with that same policy's CPU, not the thriftiest (park's).
        const std::vector<double> cpu = {1224, 770, 1490, 1490};
        QCOMPARE(ratiosTo(bestFixedIndex(c, tps), cpu)[0], 1224.0 / 1490.0);
    }

    void adaptiveIsNeverItsOwnYardstick()
    {
        // Adaptive fastest of all: the bar is still the best fixed policy, so it reads above 1.
        const std::vector<PolicyContender> c = standardContenders();
        const std::vector<double> tps = {700, 405, 604, 560};
        QCOMPARE(bestFixedIndex(c, tps), 2);
        QVERIFY(ratiosToBestFixed(c, tps)[0] > 1.0);
    }

    void lowerIsBetterForWaits()
    {
        const std::vector<PolicyContender> c = standardContenders();
        // Wait p50 µs; a fixed policy with no measurement (0) is not the best.
        const std::vector<double> wait = {6, 70, 0, 4};
        QCOMPARE(bestFixedIndex(c, wait, false), 3);
        QCOMPARE(ratiosToBestFixed(c, wait, false)[0], 1.5);
    }

    // A hybrid MoE's list: adaptive (wake-ahead auto), then adaptive with it on and off, then the
    // fixed three; each sets its mode before it runs; the two new ones are never the bar.
    void hybridAddsBothWakeAheadModesAsAdaptive()
    {
        std::string mode;
        const std::vector<PolicyContender> c =
            wakeAheadContenders({[&] { mode = "auto"; }, [&] { mode = "on"; }, [&] { mode = "off"; }});
        const std::vector<std::string> names = {"adaptive", "adaptive+wake-ahead", "adaptive-no-wake-ahead",
                                                "park",     "fixed:100us",         "fixed:20ms"};
        const std::vector<std::string> modes = {"auto", "on", "off", "auto", "auto", "auto"};
        QCOMPARE(c.size(), names.size());
        for (std::size_t i = 0; i < c.size(); ++i) {
            QCOMPARE(c[i].name, names[i]);
            QCOMPARE(c[i].fixed, i >= 3);
            QVERIFY(i >= 3 || c[i].policy == WaitPolicy::adaptive());
            QVERIFY(c[i].setup);
            c[i].setup();
            QCOMPARE(mode, modes[i]);
        }
        for (std::size_t i = 3; i < c.size(); ++i)
            QVERIFY(c[i].policy == standardContenders()[i - 2].policy);
        // Run 8's GPU-heavy figures: wake-ahead 213.9, adaptive 209.7, fixed 100 µs 219.9, park 208.3.
        const std::vector<double> tps = {209.7, 213.9, 209.7, 208.3, 219.9, 0};
        QCOMPARE(bestFixedIndex(c, tps), 4);
        QCOMPARE(ratiosToBestFixed(c, tps)[1], 213.9 / 219.9);
        // Faster than every fixed policy, a wake-ahead row still reads against the best fixed one.
        const std::vector<double> fast = {209.7, 300, 250, 208.3, 219.9, 0};
        QCOMPARE(bestFixedIndex(c, fast), 4);
    }

    void noMeasuredFixedPolicyGivesNoRatio()
    {
        const std::vector<PolicyContender> c = standardContenders();
        const std::vector<double> tps = {530, 0, 0, 0};
        QCOMPARE(bestFixedIndex(c, tps), -1);
        QCOMPARE(ratiosToBestFixed(c, tps), (std::vector<double>{0, 0, 0, 0}));
        QCOMPARE(ratiosTo(7, tps), (std::vector<double>{0, 0, 0, 0}));  // out of range
    }
};

QTEST_GUILESS_MAIN(TestPolicyContenders)
#include "test_policy_contenders.moc"
