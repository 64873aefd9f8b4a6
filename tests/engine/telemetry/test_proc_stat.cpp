// /proc/stat parsing and per-core load: fixture text, cores going offline and back, counters
// that wrap or step backwards, malformed text, and the real file.
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <fstream>

#include "strata/telemetry/cpu_load.hpp"

using namespace strata::telemetry;

namespace {

// Two cores; user nice system idle iowait irq softirq steal guest guest_nice.
constexpr const char* kFirst = "cpu  200 0 100 1700 0 0 0 0 0 0\n"
                               "cpu0 100 0 50 850 0 0 0 0 0 0\n"
                               "cpu1 100 0 50 850 0 0 0 0 0 0\n"
                               "intr 12345 0 0\nctxt 999\nbtime 1700000000\nprocesses 42\nprocs_running 1\n";

// 100 ticks later on each core: cpu0 busy 30 (user 20, system 5, irq 3, softirq 1, steal 1),
// idle 70 (idle 60, iowait 10); cpu1 busy 150 of 150.
constexpr const char* kSecond = "cpu  320 0 155 1760 10 3 1 1 0 0\n"
                                "cpu0 120 0 55 910 10 3 1 1 5 0\n"
                                "cpu1 200 0 100 850 0 0 0 0 0 0\n"
                                "intr 12400 0 0\n";

CpuTimes times(std::initializer_list<std::uint64_t> ticks)
{
    CpuTimes t;
    std::size_t i = 0;
    for (auto v : ticks)
        t.ticks[i++] = v;
    t.present = true;
    return t;
}

void writeFile(const QString& path, const char* text)
{
    std::ofstream(path.toStdString(), std::ios::trunc) << text;
}

}  // namespace

class TestProcStat : public QObject {
    Q_OBJECT
private slots:
    void parsesCoresAndAggregate()
    {
        ProcStat stat;
        std::string error;
        QVERIFY2(parseProcStat(kSecond, stat, error), error.c_str());
        QCOMPARE(stat.cores.size(), std::size_t{2});
        QVERIFY(stat.total.present);
        QCOMPARE(stat.total.ticks[0], std::uint64_t{320});
        QCOMPARE(stat.cores[0].ticks[4], std::uint64_t{10});  // iowait
        QCOMPARE(stat.cores[0].ticks[7], std::uint64_t{1});   // steal; guest is not read
        QCOMPARE(stat.cores[1].ticks[0], std::uint64_t{200});
    }

    void loadIsBusyShareOfElapsedTicks()
    {
        ProcStat a, b;
        std::string error;
        QVERIFY(parseProcStat(kFirst, a, error));
        QVERIFY(parseProcStat(kSecond, b, error));
        QCOMPARE(busyPercent(a.cores[0], b.cores[0]).value_or(-1), 30.0f);
        QCOMPARE(busyPercent(a.cores[1], b.cores[1]).value_or(-1), 100.0f);
        const float total = busyPercent(a.total, b.total).value_or(-1);
        QVERIFY(total > 71.9f && total < 72.1f);                    // 180 busy of 250
        QVERIFY(!busyPercent(a.cores[0], a.cores[0]).has_value());  // no tick elapsed
    }

    void olderKernelsWithFourFields()
    {
        ProcStat a, b;
        std::string error;
        QVERIFY(parseProcStat("cpu 10 0 10 80\ncpu0 10 0 10 80\n", a, error));
        QVERIFY(parseProcStat("cpu 20 0 20 160\ncpu0 20 0 20 160\n", b, error));
        QCOMPARE(busyPercent(a.cores[0], b.cores[0]).value_or(-1), 20.0f);
    }

    void coreGoingOfflineAndBack()
    {
        // cpu1 is absent (offline) in the middle reading, and present again in the last.
        const char* middle = "cpu  300 0 100 1800 0 0 0 0 0 0\ncpu0 200 0 50 850 0 0 0 0 0 0\n";
        const char* last = "cpu  400 0 100 1900 0 0 0 0 0 0\n"
                           "cpu0 250 0 50 900 0 0 0 0 0 0\ncpu1 150 0 50 900 0 0 0 0 0 0\n";
        QTemporaryDir dir;
        const QString path = dir.filePath("stat");
        writeFile(path, kFirst);
        CpuLoadSampler sampler(path.toStdString());
        QVERIFY2(sampler.error().empty(), sampler.error().c_str());

        std::vector<CoreLoad> cores;
        std::optional<float> total;
        writeFile(path, middle);
        QVERIFY2(sampler.sample(cores, total), sampler.error().c_str());
        QCOMPARE(cores.size(), std::size_t{2});  // the offline core stays listed
        QVERIFY(cores[0].online);
        QCOMPARE(cores[0].percent.value_or(-1), 100.0f);
        QVERIFY(!cores[1].online);
        QVERIFY(!cores[1].percent.has_value());

        writeFile(path, last);
        QVERIFY(sampler.sample(cores, total));
        QVERIFY(cores[1].online);
        QVERIFY(!cores[1].percent.has_value());  // no earlier reading to compare with
        QCOMPARE(cores[0].percent.value_or(-1), 50.0f);

        writeFile(path, "cpu  500 0 100 2000 0 0 0 0 0 0\n"
                        "cpu0 300 0 50 950 0 0 0 0 0 0\ncpu1 175 0 50 975 0 0 0 0 0 0\n");
        QVERIFY(sampler.sample(cores, total));
        QCOMPARE(cores[1].percent.value_or(-1), 25.0f);
    }

    void counterWrapIsCountedModulo64Bits()
    {
        const std::uint64_t nearMax = ~std::uint64_t{0} - 9;  // wraps after 10 more ticks
        const CpuTimes before = times({nearMax, 0, 0, 100});
        const CpuTimes after = times({30, 0, 0, 160});  // 40 busy, 60 idle
        QCOMPARE(busyPercent(before, after).value_or(-1), 40.0f);
    }

    void countersGoingBackwardsCountAsZero()
    {
        // iowait decreasing (a known kernel quirk) must not turn into 2^64 idle ticks.
        const CpuTimes before = times({100, 0, 0, 100, 50});
        const CpuTimes after = times({150, 0, 0, 150, 40});
        QCOMPARE(busyPercent(before, after).value_or(-1), 50.0f);
        // Every counter restarted (core re-plugged): no judgement, rather than a wild figure.
        QVERIFY(!busyPercent(times({500, 5, 50, 900}), times({1, 0, 0, 2})).has_value());
    }

    void malformedTextGivesAClearError()
    {
        ProcStat stat;
        std::string error;
        QVERIFY(!parseProcStat("cpu 1 2 3 4\ncpuX 1 2 3 4\n", stat, error));
        QVERIFY2(error.find("line 2") != std::string::npos && error.find("cpuX") != std::string::npos, error.c_str());
        QVERIFY(!parseProcStat("cpu 1 2 3 4\ncpu0 1 2 x 4\n", stat, error));
        QVERIFY2(error.find("line 2 field 3") != std::string::npos, error.c_str());
        QVERIFY(!parseProcStat("cpu 1 2 3\n", stat, error));
        QVERIFY2(error.find("at least 4") != std::string::npos, error.c_str());
        QVERIFY(!parseProcStat("cpu0 1 2 3 4\n", stat, error));
        QVERIFY2(error.find("no aggregate") != std::string::npos, error.c_str());
        QVERIFY(!parseProcStat("cpu 1 2 3 4\ncpu99999999 1 2 3 4\n", stat, error));
        QVERIFY(!parseProcStat("cpu 1 2 3 4\ncpu0 1 2 3 99999999999999999999999\n", stat, error));
        QVERIFY(!parseProcStat("", stat, error));
    }

    void unreadableFileIsReportedNotThrown()
    {
        CpuLoadSampler sampler("/nonexistent/proc/stat");
        QVERIFY(sampler.error().find("/nonexistent/proc/stat") != std::string::npos);
        std::vector<CoreLoad> cores;
        std::optional<float> total;
        QVERIFY(!sampler.sample(cores, total));
        QVERIFY(!sampler.error().empty());
    }

    void realProcStatGivesLoadsWithinRange()
    {
        CpuLoadSampler sampler;
        QVERIFY2(sampler.error().empty(), sampler.error().c_str());
        std::vector<CoreLoad> cores;
        std::optional<float> total;
        QTest::qWait(120);  // a few jiffies
        QVERIFY2(sampler.sample(cores, total), sampler.error().c_str());
        QVERIFY(!cores.empty());
        int judged = 0;
        for (const CoreLoad& core : cores) {
            if (!core.percent)
                continue;
            ++judged;
            QVERIFY(*core.percent >= 0.0f && *core.percent <= 100.0f);
        }
        QVERIFY(judged > 0);
        QVERIFY(total.has_value() && *total >= 0.0f && *total <= 100.0f);
    }
};

QTEST_GUILESS_MAIN(TestProcStat)
#include "test_proc_stat.moc"
