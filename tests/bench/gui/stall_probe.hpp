// Measures how long the GUI thread's event loop cannot react. A precise 1 ms timer runs on the
// thread; each firing records how late it came past its due time. A loop busy for 30 ms in one
// paint or one slot fires the timer once, ~29 ms late, so the largest lateness is the longest
// stall a user could feel (a frame at 60 Hz is 16.7 ms).
//
// Each interval also records the GUI thread's own CPU time (CLOCK_THREAD_CPUTIME_ID): on a busy
// machine the wall-clock lateness includes time the thread waited for a core, while the CPU time
// is the work the app did in that stall. Both are reported. On Linux it also records how long the
// thread waited on a run queue (/proc/thread-self/schedstat), so that the rest of a late interval
// (lateness - CPU - wait) is time the thread was blocked (I/O, a round trip to the X server).
#pragma once

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QTimer>

namespace strata::bench {

struct StallStats {
    qsizetype samples = 0;
    double maxMs = 0;
    double p99Ms = 0;
    double p50Ms = 0;
    qsizetype over16Ms = 0;  // firings later than one 60 Hz frame
};

// One probe interval: when it ended (CLOCK_MONOTONIC, the clock `perf record -k mono` stamps its
// samples with, so a slow interval can be found in a profile), how late the firing came and the GUI
// thread's CPU time in it.
struct ProbeInterval {
    double endMonotonicS = 0;
    double latenessMs = 0;
    double cpuMs = 0;
    double waitMs = -1;  // runnable but waiting for a core; -1: not known on this system
};

class StallProbe : public QObject {
    Q_OBJECT
public:
    explicit StallProbe(QObject* parent = nullptr);

    void start();
    void stop();
    StallStats stats() const;
    StallStats busyStats() const;  // GUI-thread CPU time per interval, same statistics
    const QList<double>& latenessMs() const { return m_lateness; }

    ~StallProbe() override;

    // The n intervals with the most GUI-thread CPU time, most first.
    QList<ProbeInterval> busiest(qsizetype n) const;
    // The n latest firings (most lateness first).
    QList<ProbeInterval> latest(qsizetype n) const;

    static StallStats statsOf(QList<double> latenessMs);
    static qint64 threadCpuNs();  // CPU time the calling thread has used
    static double monotonicS();   // CLOCK_MONOTONIC in seconds

private:
    void tick();
    qint64 runDelayNs() const;  // the probed thread's total run-queue wait; -1 when unknown
    QList<ProbeInterval> intervals() const;

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastNs = 0;
    qint64 m_lastCpuNs = 0;
    QList<double> m_lateness;
    QList<double> m_busy;
    QList<double> m_endMonotonicS;
    QList<double> m_wait;
    int m_schedstat = -1;  // the probed thread's /proc/thread-self/schedstat, open while probing
    qint64 m_lastWaitNs = -1;
};

}  // namespace strata::bench
