// Raw readings to panel figures: pool counters to rates over the interval, token counters to
// tok/s, worker threads to cores by their names; a reloaded model (a new pool) gives no rates
// rather than negative ones. Also the saved waiting policy's text.
#include "app/telemetry/telemetry_frame_builder.hpp"
#include "app/telemetry/wait_policy_setting.hpp"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <cstring>

using namespace strata;
using app::TelemetryFrameBuilder;

namespace {
telemetry::ThreadUsage threadNamed(const char* name, int core)
{
    telemetry::ThreadUsage t;
    std::strncpy(t.name.data(), name, t.name.size() - 1);
    t.lastCpu = core;
    return t;
}

telemetry::SystemSnapshot snapshotAt(double seconds)
{
    telemetry::SystemSnapshot s;
    s.steadyNanoseconds = std::int64_t(seconds * 1e9);
    return s;
}
}  // namespace

class TestTelemetryFrameBuilder : public QObject {
    Q_OBJECT
private slots:
    void poolCountersBecomeRates()
    {
        pool::PoolTelemetry a, b;
        a.workers.resize(2);
        b.workers.resize(2);
        for (auto& w : b.workers) {
            w.busyNanos = 300'000'000;  // 0.3 s busy
            w.spinNanos = 100'000'000;  // 0.1 s spinning, of which 0.05 s wasted
            w.wastedSpinNanos = 50'000'000;
            w.parkedNanos = 100'000'000;
            w.parks = 10;
        }
        b.host.parks = 5;
        b.batches = 40;
        for (int i = 0; i < 20; ++i)
            b.completionWait.counts[std::size_t(pool::LatencyHistogram::bucketOf(10'000))]++;  // 10 µs
        b.completionWait.counts[std::size_t(pool::LatencyHistogram::bucketOf(1'000'000))]++;   // 1 ms
        const domain::PoolRates r = TelemetryFrameBuilder::poolRates(a, b, 0.5);
        QCOMPARE(r.batches, std::uint64_t{40});
        QVERIFY(qFuzzyCompare(r.busyPercent, 60.0));
        QVERIFY(qFuzzyCompare(r.spinPercent, 20.0));
        QVERIFY(qFuzzyCompare(r.parksPerSecond, 50.0));         // 25 parks in 0.5 s
        QVERIFY(qFuzzyCompare(r.wastedSpinCorePercent, 20.0));  // 0.1 s of CPU in 0.5 s
        QVERIFY(r.completionWaitP50Micros && *r.completionWaitP50Micros > 8 && *r.completionWaitP50Micros < 13);
        QVERIFY(r.completionWaitP99Micros && *r.completionWaitP99Micros > 800);
        // No batch in the interval: no quantiles, not zeros.
        const domain::PoolRates idle = TelemetryFrameBuilder::poolRates(b, b, 0.5);
        QVERIFY(!idle.completionWaitP50Micros);
        QCOMPARE(idle.parksPerSecond, 0.0);
    }

    void workerThreadsMapToCores()
    {
        const std::vector<telemetry::ThreadUsage> threads = {
            threadNamed("strata", 0),        threadNamed("strata-pool-1", 5), threadNamed("strata-pool-0", 3),
            threadNamed("strata-pool-9", 2),  // beyond this pool's workers: another pool's
            threadNamed("strata-pool-x", 1), threadNamed("strata-engine", 4)};
        QCOMPARE(TelemetryFrameBuilder::workerCores(threads, 3), (std::vector<int>{3, 5, -1}));
    }

    void tokensAndANewPool()
    {
        TelemetryFrameBuilder builder;
        pool::PoolTelemetry p;
        p.workers.resize(1);
        p.batches = 100;
        domain::TelemetryFrame f = builder.build(snapshotAt(1.0), p, {0, 0});
        QCOMPARE(f.decodeTokensPerSecond, 0.0);  // nothing to compare with yet
        p.batches = 150;
        f = builder.build(snapshotAt(1.5), p, {64, 10});
        QVERIFY(qFuzzyCompare(f.prefillTokensPerSecond, 128.0));
        QVERIFY(qFuzzyCompare(f.decodeTokensPerSecond, 20.0));
        QCOMPARE(f.poolRates.batches, std::uint64_t{50});
        // The model was reloaded: its pool starts from zero. No rates for that interval.
        pool::PoolTelemetry fresh;
        fresh.workers.resize(1);
        fresh.batches = 3;
        f = builder.build(snapshotAt(2.0), fresh, {64, 10});
        QCOMPARE(f.poolRates.batches, std::uint64_t{0});
        QCOMPARE(f.decodeTokensPerSecond, 0.0);
        // No model: no pool, no crash.
        f = builder.build(snapshotAt(2.5), std::nullopt, {64, 10});
        QVERIFY(!f.pool);
    }

    void waitPolicySettingRoundTrips()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        QVERIFY(!app::loadWaitPolicy(settings));
        for (const pool::WaitPolicy& p :
             {pool::WaitPolicy::park(), pool::WaitPolicy::adaptive(), pool::WaitPolicy::fixedSpin(20000)}) {
            app::saveWaitPolicy(settings, p);
            QVERIFY(app::loadWaitPolicy(settings) == p);
        }
        QCOMPARE(settings.value(app::kWaitPolicySettingsKey).toString(), QStringLiteral("fixed:20000"));
        settings.setValue(app::kWaitPolicySettingsKey, QStringLiteral("spin harder"));
        QVERIFY(!app::loadWaitPolicy(settings));  // a hand-edited value is ignored, not a crash
    }
};

QTEST_MAIN(TestTelemetryFrameBuilder)
#include "test_telemetry_frame_builder.moc"
