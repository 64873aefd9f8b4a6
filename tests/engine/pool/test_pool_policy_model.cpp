// The adaptive gap model on its own: which window it picks for which gap pattern.
#include "engine/src/pool/adaptive_spin.hpp"
#include "engine/src/pool/cpu_pressure.hpp"

#include <QtTest/QtTest>

#include <random>

using strata::pool::detail::CpuPressure;
using strata::pool::detail::GapModel;

class TestPoolPolicyModel : public QObject {
    Q_OBJECT
private slots:
    void emptyModelParks() { QCOMPARE(GapModel{}.chooseWindow(1, 16, 50'000), std::int64_t{0}); }

    void everyLayerBatchesGetAWindowJustAboveTheGap()
    {
        // cpu-positive: 80% of gaps are one 200 µs layer, the rest two or three.
        GapModel m;
        std::mt19937 rng(1);
        for (int i = 0; i < 64; ++i) {
            int layers = 1;
            while (rng() % 10 >= 8)
                ++layers;
            m.record(layers * 200'000 + static_cast<int>(rng() % 20'000));
        }
        const std::int64_t w = m.chooseWindow(1, 16, 50'000);
        QVERIFY2(w >= 220'000 && w <= 1'000'000, qPrintable(QString::number(w)));
    }

    void rareBatchesPark()
    {
        // gpu-heavy: a batch every ~10 layers of 200 µs.
        GapModel m;
        std::mt19937 rng(2);
        for (int i = 0; i < 64; ++i) {
            int layers = 1;
            while (rng() % 10 != 0)
                ++layers;
            m.record(layers * 200'000);
        }
        QCOMPARE(m.chooseWindow(1, 16, 50'000), std::int64_t{0});
    }

    void moreSpinnersCostMore()
    {
        GapModel m;
        for (int i = 0; i < 64; ++i)
            m.record(i % 2 ? 100'000 : 2'000'000);
        QVERIFY(m.chooseWindow(1, 16, 50'000) > 0);
        QCOMPARE(m.chooseWindow(16, 16, 50'000), std::int64_t{0});
    }

    void cpuPressureIsAShareOrUnknown()
    {
        CpuPressure p;
        const bool psi = QFile::exists("/proc/pressure/cpu");
        QCOMPARE(p.sample(1'000'000'000), -1);  // first sample: no interval yet (or no PSI)
        const int share = p.sample(1'000'000'000 + CpuPressure::kMinIntervalNanos);
        if (psi)
            QVERIFY(share >= 0 && share <= 1000);
        else
            QCOMPARE(share, -1);
        QCOMPARE(p.sample(1'000'000'000 + CpuPressure::kMinIntervalNanos + 1), share);  // rate-limited
    }

    void windowsAreCapped()
    {
        GapModel m;
        for (int i = 0; i < 64; ++i)
            m.record(50'000'000);
        QCOMPARE(m.chooseWindow(1, 1e6, 50'000), std::int64_t{0});
    }
};

QTEST_GUILESS_MAIN(TestPoolPolicyModel)
#include "test_pool_policy_model.moc"
