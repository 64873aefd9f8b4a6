#include "tests/bench/gui/stall_probe.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>

namespace strata::bench {

namespace {
constexpr int kIntervalMs = 1;
}  // namespace

qint64 StallProbe::threadCpuNs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

double StallProbe::monotonicS()
{
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

StallProbe::StallProbe(QObject* parent) : QObject(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(kIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &StallProbe::tick);
}

void StallProbe::start()
{
    m_lateness.clear();
    m_busy.clear();
    m_endMonotonicS.clear();
    m_clock.start();
    m_lastNs = 0;
    m_lastCpuNs = threadCpuNs();
    m_timer.start();
}

void StallProbe::stop()
{
    m_timer.stop();
}

void StallProbe::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    const double gapMs = double(now - m_lastNs) / 1e6;
    m_lastNs = now;
    m_lateness << std::max(0.0, gapMs - kIntervalMs);
    const qint64 cpu = threadCpuNs();
    m_busy << double(cpu - m_lastCpuNs) / 1e6;
    m_lastCpuNs = cpu;
    m_endMonotonicS << monotonicS();
}

QList<ProbeInterval> StallProbe::busiest(qsizetype n) const
{
    QList<ProbeInterval> intervals;
    intervals.reserve(m_busy.size());
    for (qsizetype i = 0; i < m_busy.size(); ++i)
        intervals.append({m_endMonotonicS.at(i), m_lateness.at(i), m_busy.at(i)});
    n = std::clamp<qsizetype>(n, 0, intervals.size());
    std::partial_sort(intervals.begin(), intervals.begin() + n, intervals.end(),
                      [](const ProbeInterval& a, const ProbeInterval& b) { return a.cpuMs > b.cpuMs; });
    intervals.resize(n);
    return intervals;
}

StallStats StallProbe::busyStats() const
{
    return statsOf(m_busy);
}

StallStats StallProbe::stats() const
{
    return statsOf(m_lateness);
}

StallStats StallProbe::statsOf(QList<double> latenessMs)
{
    StallStats s;
    s.samples = latenessMs.size();
    if (latenessMs.isEmpty())
        return s;
    std::sort(latenessMs.begin(), latenessMs.end());
    const auto at = [&](double q) {
        const auto i = qsizetype(std::ceil(q * double(latenessMs.size()))) - 1;
        return latenessMs.at(std::clamp<qsizetype>(i, 0, latenessMs.size() - 1));
    };
    s.maxMs = latenessMs.back();
    s.p99Ms = at(0.99);
    s.p50Ms = at(0.50);
    s.over16Ms = latenessMs.end() - std::upper_bound(latenessMs.begin(), latenessMs.end(), 16.0);
    return s;
}

}  // namespace strata::bench
