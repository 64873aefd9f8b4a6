// Raw readings to panel figures: pool counters to rates over the interval, token counters to
// tok/s, worker threads to cores by their names; a reloaded model (a new pool) gives no rates
// rather than negative ones; a hybrid MoE placement's counters to hit rates and per-token figures,
// with its expert map carried to the panels; the streamed long-prompt chunks' counters to timings per
// chunk, kept until newer chunks stream; the expert stagers' threads to their CPU and cores, shown
// in the cores' heat map. Also the saved waiting policy's text.
#include "app/telemetry/telemetry_frame_builder.hpp"
#include "app/telemetry/wait_policy_setting.hpp"
#include "ui/panels/cpu_cores_panel.hpp"
#include "ui/panels/pool_panel.hpp"
#include "ui/panels/prefill_timings_view.hpp"

#include <QLocale>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
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

telemetry::ThreadUsage threadNamed(const char* name, int core, float cpuPercent)
{
    telemetry::ThreadUsage t = threadNamed(name, core);
    t.cpuPercent = cpuPercent;
    return t;
}

telemetry::SystemSnapshot snapshotAt(double seconds)
{
    telemetry::SystemSnapshot s;
    s.steadyNanoseconds = std::int64_t(seconds * 1e9);
    return s;
}
// Two MoE layers of four experts; layer 0 has two in VRAM, layer 1 none.
model::ExpertTelemetry expertsAfter(std::uint64_t passes)
{
    using Use = model::ExpertTelemetry::Use;
    model::ExpertTelemetry t;
    t.layers = {{passes * 8, passes * 2}, {passes * 8, passes * 8}};
    t.passes = passes;
    t.cpuExpertSeconds = double(passes) * 0.001;          // 1 ms a pass
    t.bytesToHost = passes * (std::uint64_t{1} << 19);    // 0.5 MiB a pass
    t.bytesToDevice = passes * (std::uint64_t{1} << 19);  // and 0.5 MiB back
    for (std::uint64_t i = 0; i < passes; ++i)
        t.completionWaitsMicros.push_back(float(i));  // 0, 1, 2, ... µs
    t.experts = 4;
    t.resident = {1, 1, 0, 0, 0, 0, 0, 0};
    t.lastPass = {Use::Hit, Use::Unused, Use::Missed, Use::Unused, Use::Missed, Use::Unused, Use::Unused, Use::Unused};
    t.heat = {4, 3, 2, 1, 1, 1, 1, 1};
    return t;
}

// The streamed-prompt counters after `chunks` chunks of 4,096 tokens, each costing 2 ms of routing
// wait, 1 ms of grouping, 30 ms of copies, 4 ms of waiting for them and 20 ms of GPU.
model::PrefillStreamTelemetry streamedAfter(std::uint64_t chunks)
{
    model::PrefillStreamTelemetry p;
    p.passes = chunks;
    p.tokens = chunks * 4096;
    p.routingWaitSeconds = double(chunks) * 0.002;
    p.groupingSeconds = double(chunks) * 0.001;
    p.copySeconds = double(chunks) * 0.030;
    p.waitSeconds = double(chunks) * 0.004;
    p.computeSeconds = double(chunks) * 0.020;
    return p;
}

model::ExpertTelemetry expertsStreamed(std::uint64_t passes, std::uint64_t chunks)
{
    model::ExpertTelemetry t = expertsAfter(passes);
    t.prefill = streamedAfter(chunks);
    return t;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9;
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

    // The frame carries the expert map as the engine published it; rates cover only the interval.
    void expertTelemetryBecomesRates()
    {
        TelemetryFrameBuilder builder;
        domain::TelemetryFrame f = builder.build(snapshotAt(1.0), std::nullopt, {0, 0}, expertsAfter(100));
        QVERIFY(f.experts);
        QVERIFY(!f.expertRates.hitPercent);  // nothing to compare with yet
        // 50 more passes (one per token) while 40 tokens were prefilled and 10 decoded.
        f = builder.build(snapshotAt(1.5), std::nullopt, {40, 10}, expertsAfter(150));
        QVERIFY(f.experts);
        QCOMPARE(f.experts->experts, 4u);
        QCOMPARE(f.experts->resident, expertsAfter(1).resident);
        QVERIFY(f.experts->lastPass == expertsAfter(1).lastPass);
        QCOMPARE(f.experts->heat, expertsAfter(1).heat);
        QVERIFY(f.experts->completionWaitsMicros.empty());  // the GUI gets quantiles, not every sample
        const domain::ExpertRates& r = f.expertRates;
        QVERIFY(r.hitPercent);
        QVERIFY(qFuzzyCompare(*r.hitPercent, 37.5));  // (400 - 100 + 400 - 400) of 800 routes
        QCOMPARE(r.layerHitPercent.size(), std::size_t{2});
        QVERIFY(qFuzzyCompare(r.layerHitPercent[0], 75.0));
        QCOMPARE(r.layerHitPercent[1], 0.0);
        QVERIFY(r.cpuExpertMillisPerToken && qFuzzyCompare(*r.cpuExpertMillisPerToken, 1.0));  // 50 ms, 50 tokens
        QVERIFY(r.pcieMiBPerToken && qFuzzyCompare(*r.pcieMiBPerToken, 1.0));
        // The interval's waits are samples 100..149 µs.
        QVERIFY(r.completionWaitP50Micros && *r.completionWaitP50Micros >= 124 && *r.completionWaitP50Micros <= 125);
        QVERIFY(r.completionWaitP99Micros && *r.completionWaitP99Micros >= 148);

        // Nothing ran: no figures, not zeros; the map is still shown.
        f = builder.build(snapshotAt(2.0), std::nullopt, {40, 10}, expertsAfter(150));
        QVERIFY(f.experts);
        QVERIFY(!f.expertRates.hitPercent);
        QCOMPARE(f.expertRates.layerHitPercent, (std::vector<double>{-1.0, -1.0}));
        QVERIFY(!f.expertRates.cpuExpertMillisPerToken);
        QVERIFY(!f.expertRates.completionWaitP50Micros);

        // Reloaded (or reset): counters start again; no rates for that interval.
        f = builder.build(snapshotAt(2.5), std::nullopt, {50, 20}, expertsAfter(5));
        QVERIFY(!f.expertRates.hitPercent);
        // A model without a hybrid placement: no map.
        f = builder.build(snapshotAt(3.0), std::nullopt, {60, 30}, std::nullopt);
        QVERIFY(!f.experts);
        QVERIFY(!f.expertRates.hitPercent);
    }

    void streamedChunksBecomeTimingsPerChunk()
    {
        TelemetryFrameBuilder builder;
        // Loaded, nothing streamed yet (decode and short prompts run their misses on the pool).
        domain::TelemetryFrame f = builder.build(snapshotAt(1.0), std::nullopt, {0, 0}, expertsStreamed(10, 0));
        QVERIFY(!f.prefillStream);
        // Two chunks streamed in this interval: their own figures, per chunk.
        f = builder.build(snapshotAt(1.5), std::nullopt, {8192, 0}, expertsStreamed(12, 2));
        QVERIFY(f.prefillStream);
        QCOMPARE(f.prefillStream->chunks, std::uint64_t{2});
        QCOMPARE(f.prefillStream->tokens, std::uint64_t{8192});
        QVERIFY(near(f.prefillStream->routingWaitMillis, 2.0));
        QVERIFY(near(f.prefillStream->groupingMillis, 1.0));
        QVERIFY(near(f.prefillStream->copyMillis, 30.0));
        QVERIFY(near(f.prefillStream->copyWaitMillis, 4.0));
        QVERIFY(near(f.prefillStream->computeMillis, 20.0));
        // A chunk outlasts a frame: the last chunks' figures stay until another one ends.
        f = builder.build(snapshotAt(2.0), std::nullopt, {8192, 0}, expertsStreamed(12, 2));
        QVERIFY(f.prefillStream);
        QCOMPARE(f.prefillStream->chunks, std::uint64_t{2});
        // The next chunk is slower on the GPU: only its own time counts, not the average since the load.
        model::ExpertTelemetry slower = expertsStreamed(13, 3);
        slower.prefill.computeSeconds += 0.060;
        f = builder.build(snapshotAt(2.5), std::nullopt, {12288, 0}, slower);
        QVERIFY(f.prefillStream);
        QCOMPARE(f.prefillStream->chunks, std::uint64_t{1});
        QCOMPARE(f.prefillStream->tokens, std::uint64_t{4096});
        QVERIFY(near(f.prefillStream->computeMillis, 80.0));
        QVERIFY(near(f.prefillStream->copyMillis, 30.0));
        // Reloaded: the new placement has streamed nothing, so nothing is shown.
        f = builder.build(snapshotAt(3.0), std::nullopt, {12288, 0}, expertsStreamed(5, 0));
        QVERIFY(!f.prefillStream);
        // A CPU model: no placement, no figures.
        f = builder.build(snapshotAt(3.5), std::nullopt, {12288, 0}, std::nullopt);
        QVERIFY(!f.prefillStream);

        // What the pool panel shows of such a frame: the chunk's figures, or the plain note.
        f = builder.build(snapshotAt(4.0), std::nullopt, {0, 0}, expertsStreamed(20, 0));
        ui::PoolPanel panel;
        panel.showFrame(f);
        QVERIFY(!panel.prefillTimings()->showsTimings());
        QVERIFY(!panel.prefillTimings()->noteText().isEmpty());
        f = builder.build(snapshotAt(4.5), std::nullopt, {8192, 0}, expertsStreamed(22, 2));
        panel.showFrame(f);
        QVERIFY(panel.prefillTimings()->showsTimings());
        QVERIFY(panel.prefillTimings()->noteText().isEmpty());
        using Figure = ui::PrefillTimingsView::Figure;
        QCOMPARE(panel.prefillTimings()->figureText(Figure::Copies),
                 QLocale().toString(30.0, 'f', 1) + QStringLiteral(" ms"));
    }

    void stagerThreadsAreCountedAndShownOnTheirCores()
    {
        telemetry::SystemSnapshot s = snapshotAt(1.0);
        s.cores.resize(8);
        for (int i = 0; i < 8; ++i)
            s.cores[std::size_t(i)] = {i, true, 10.0f};
        s.threads = {threadNamed("strata-engine", 0, 100.0f), threadNamed("strata-pool-0", 1, 100.0f),
                     threadNamed("strata-stager", 5, 40.0f),  threadNamed("strata-stager", 6, 35.0f),
                     threadNamed("strata-stager", 5, 25.0f),  threadNamed("strata-stager", 7)};  // new: no CPU yet
        TelemetryFrameBuilder builder;
        const domain::TelemetryFrame f = builder.build(s, std::nullopt, {0, 0});
        QVERIFY(f.stagers);
        QCOMPARE(f.stagers->threads, 4);
        QVERIFY(near(f.stagers->corePercent, 100.0));
        QCOMPARE(f.stagers->cores, (std::vector<int>{5, 6}));  // the new one has not run yet

        ui::CpuCoresPanel cores;
        cores.showFrame(f);
        QCOMPARE(cores.stagerLine(), ui::CpuCoresPanel::stagerText(4, 100.0));
        QVERIFY(cores.stagerLine().contains(QLocale().toString(1.0, 'f', 1)));  // one core in all
        for (int core = 0; core < 8; ++core)
            QCOMPARE(cores.stagerOnCore(core), core == 5 || core == 6);

        // Without stager threads (a CPU model, or none started yet): no line, no marks.
        s.threads.resize(2);
        cores.showFrame(builder.build(s, std::nullopt, {0, 0}));
        QVERIFY(cores.stagerLine().isEmpty());
        QVERIFY(!cores.stagerOnCore(5));
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
