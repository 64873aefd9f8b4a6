#include "tests/bench/gui/stall_probe.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#ifdef __linux__
#include <fcntl.h>
#include <unistd.h>
#endif

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

StallProbe::~StallProbe()
{
    stop();
}

void StallProbe::start()
{
    m_lateness.clear();
    m_busy.clear();
    m_endMonotonicS.clear();
    m_wait.clear();
#ifdef __linux__
    if (m_schedstat < 0)
        m_schedstat = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);  // of the calling (probed) thread
#endif
    m_lastWaitNs = runDelayNs();
    m_clock.start();
    m_lastNs = 0;
    m_lastCpuNs = threadCpuNs();
    m_timer.start();
}

void StallProbe::stop()
{
    m_timer.stop();
#ifdef __linux__
    if (m_schedstat >= 0)
        ::close(m_schedstat);
#endif
    m_schedstat = -1;
}

// schedstat is "<ns on a CPU> <ns waiting on a run queue> <time slices>".
qint64 StallProbe::runDelayNs() const
{
#ifdef __linux__
    char text[96];
    const ssize_t n = m_schedstat >= 0 ? ::pread(m_schedstat, text, sizeof text - 1, 0) : -1;
    if (n <= 0)
        return -1;
    text[n] = '\0';
    const char* wait = std::strchr(text, ' ');  // past the first field
    if (!wait)
        return -1;
    char* end = nullptr;
    const long long ns = std::strtoll(wait, &end, 10);
    return end != wait ? qint64(ns) : -1;
#else
    return -1;
#endif
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
    const qint64 wait = runDelayNs();
    m_wait << (wait >= 0 && m_lastWaitNs >= 0 ? double(wait - m_lastWaitNs) / 1e6 : -1.0);
    m_lastWaitNs = wait;
}

QList<ProbeInterval> StallProbe::intervals() const
{
    QList<ProbeInterval> intervals;
    intervals.reserve(m_busy.size());
    for (qsizetype i = 0; i < m_busy.size(); ++i)
        intervals.append({m_endMonotonicS.at(i), m_lateness.at(i), m_busy.at(i), m_wait.at(i)});
    return intervals;
}

namespace {

// The n intervals that come first by `before` (a strict weak order), in that order.
template <typename Before>
QList<ProbeInterval> firstBy(QList<ProbeInterval> list, qsizetype n, Before before)
{
    n = std::clamp<qsizetype>(n, 0, list.size());
    std::partial_sort(list.begin(), list.begin() + n, list.end(), before);
    list.resize(n);
    return list;
}

}  // namespace

QList<ProbeInterval> StallProbe::busiest(qsizetype n) const
{
    return firstBy(intervals(), n, [](const ProbeInterval& a, const ProbeInterval& b) { return a.cpuMs > b.cpuMs; });
}

QList<ProbeInterval> StallProbe::latest(qsizetype n) const
{
    return firstBy(intervals(), n,
                   [](const ProbeInterval& a, const ProbeInterval& b) { return a.latenessMs > b.latenessMs; });
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
