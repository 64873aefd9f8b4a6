// The live samplers on this machine: a thread that burns CPU shows up in its own load, in its
// core's load and in the process's CPU; memory it touches shows up in RSS; threads that exit
// leave the list. Assertions are directions and thresholds with slack: the CI box has 2 cores
// shared with other jobs.
#include <pthread.h>
#include <sched.h>

#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <ctime>
#include <thread>

#include "strata/telemetry/system_sampler.hpp"

using namespace strata::telemetry;

namespace {

double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

const ThreadUsage* findThread(const SystemSnapshot& s, int tid)
{
    for (const ThreadUsage& t : s.threads)
        if (t.tid == tid)
            return &t;
    return nullptr;
}

int firstAllowedCore()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return -1;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set))
            return cpu;
    return -1;
}

}  // namespace

class TestSystemSampler : public QObject {
    Q_OBJECT
private slots:
    void busyThreadShowsInThreadCoreAndProcessLoad()
    {
        SystemSamplerOptions options;
        options.gpus = false;
        SystemSampler sampler(options);
        SystemSnapshot snapshot;
        sampler.sample(snapshot);

        // Burn 300 ms of the thread's own CPU time (or give up after 4 s of wall time on a
        // crowded machine), pinned to one core so that core's load must include it.
        const int core = firstAllowedCore();
        std::atomic<int> burnerTid{0};
        std::atomic<bool> done{false};
        std::atomic<double> burned{0.0};
        std::thread burner([&] {
            pthread_setname_np(pthread_self(), "tele-burner");
            if (core >= 0) {
                cpu_set_t one;
                CPU_ZERO(&one);
                CPU_SET(core, &one);
                pthread_setaffinity_np(pthread_self(), sizeof one, &one);
            }
            burnerTid = static_cast<int>(gettid());
            const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(4);
            const double start = threadCpuSeconds();
            volatile std::uint64_t sink = 0;
            while (threadCpuSeconds() - start < 0.3 && std::chrono::steady_clock::now() < giveUp)
                for (int i = 0; i < 10000; ++i)
                    sink = sink * 6364136223846793005ull + 1442695040888963407ull;
            burned = std::max(threadCpuSeconds() - start, 1e-9);
            while (!done)
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
        });
        while (burnerTid == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        // Let the burner run, then sample while it is still alive (it waits for `done`).
        while (burned == 0.0)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        sampler.sample(snapshot);
        done = true;
        burner.join();

        const double burnedSeconds = burned;
        QVERIFY2(burnedSeconds >= 0.05, "the burner got almost no CPU");
        const ThreadUsage* t = findThread(snapshot, burnerTid);
        QVERIFY2(t != nullptr, "the burner thread is not listed");
        QCOMPARE(std::string(t->name.data()), std::string("tele-burner"));
        // It started after the previous sample, so it has no interval figure yet, but its
        // accumulated CPU time (clock ticks, 10 ms each) must match what it burned.
        QVERIFY2(t->cpuSeconds >= burnedSeconds * 0.5 && t->cpuSeconds <= burnedSeconds + 0.05,
                 qPrintable(QString("thread cpu %1 s, burned %2 s").arg(t->cpuSeconds).arg(burnedSeconds)));
        const double interval = snapshot.intervalSeconds;
        qInfo("burned %.3f s in %.3f s; thread %.2f s on core %d; process %.1f %%; core %d %.1f %%", burnedSeconds,
              interval, t->cpuSeconds, t->lastCpu, snapshot.process.cpuPercent.value_or(-1), core,
              core >= 0 && static_cast<std::size_t>(core) < snapshot.cores.size()
                  ? static_cast<double>(snapshot.cores[core].percent.value_or(-1))
                  : -1.0);
        QVERIFY(snapshot.process.cpuPercent.has_value());
        // The process burned at least `burned` seconds in `interval`.
        QVERIFY2(*snapshot.process.cpuPercent >= 100.0 * burnedSeconds / interval * 0.8,
                 qPrintable(QString("process %1 %% over %2 s, burned %3 s")
                                .arg(*snapshot.process.cpuPercent)
                                .arg(interval)
                                .arg(burnedSeconds)));
        if (core >= 0 && t->lastCpu == core) {
            QVERIFY(static_cast<std::size_t>(core) < snapshot.cores.size());
            const float coreLoad = snapshot.cores[core].percent.value_or(-1);
            // That core was busy at least the burner's share of the interval (less tick slack).
            QVERIFY2(coreLoad >= 100.0 * burnedSeconds / interval * 0.5,
                     qPrintable(QString("core %1 load %2 %%").arg(core).arg(coreLoad)));
        }

        // Once it has exited, the next sample no longer lists it.
        sampler.sample(snapshot);
        QVERIFY(findThread(snapshot, burnerTid) == nullptr);
        QVERIFY(findThread(snapshot, static_cast<int>(gettid())) != nullptr);
    }

    void threadLoadOverAnInterval()
    {
        // A thread alive across two samples gets an interval figure in 0..(100 + slack).
        SystemSamplerOptions options;
        options.gpus = false;
        std::atomic<bool> stop{false};
        std::atomic<int> tid{0};
        std::thread spinner([&] {
            tid = static_cast<int>(gettid());
            while (!stop) {}
        });
        while (tid == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        SystemSampler sampler(options);
        SystemSnapshot snapshot;
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        sampler.sample(snapshot);
        stop = true;
        spinner.join();
        const ThreadUsage* t = findThread(snapshot, tid);
        QVERIFY(t != nullptr);
        QVERIFY(t->cpuPercent.has_value());
        // Ticks are 10 ms, so over ~300 ms the figure can read a few percent above 100.
        QVERIFY2(*t->cpuPercent > 5.0f && *t->cpuPercent < 115.0f, qPrintable(QString::number(*t->cpuPercent)));
        for (const CoreLoad& core : snapshot.cores)
            if (core.percent)
                QVERIFY(*core.percent >= 0.0f && *core.percent <= 100.0f);
    }

    void touchedMemoryShowsInRss()
    {
        SystemSamplerOptions options;
        options.gpus = false;
        options.threads = false;
        SystemSampler sampler(options);
        SystemSnapshot before;
        sampler.sample(before);
        QVERIFY(before.process.rssBytes > 0);
        constexpr std::size_t kBytes = 64u << 20;
        auto block = std::make_unique<char[]>(kBytes);
        std::memset(block.get(), 1, kBytes);
        SystemSnapshot after;
        sampler.sample(after);
        QVERIFY2(after.process.rssBytes >= before.process.rssBytes + kBytes * 3 / 4,
                 qPrintable(QString("%1 -> %2").arg(before.process.rssBytes).arg(after.process.rssBytes)));
        QVERIFY(block[kBytes - 1] == 1);
        QVERIFY(after.threads.empty());
    }

    void costIsMeasuredPerSample()
    {
        SystemSampler sampler;
        SystemSnapshot snapshot;
        for (int i = 0; i < 20; ++i)
            sampler.sample(snapshot);
        QCOMPARE(snapshot.cost.samples, std::uint64_t{20});
        QVERIFY(snapshot.cost.cpuNanoseconds > 0);
        QVERIFY(snapshot.cost.lastSampleCpuNanoseconds >= 0);
        // Sanity bound, not the benchmark: even under ASan a sample is far below 20 ms.
        QVERIFY2(snapshot.cost.meanCpuMicroseconds() < 20000.0,
                 qPrintable(QString::number(snapshot.cost.meanCpuMicroseconds())));
    }
};

QTEST_GUILESS_MAIN(TestSystemSampler)
#include "test_system_sampler.moc"
