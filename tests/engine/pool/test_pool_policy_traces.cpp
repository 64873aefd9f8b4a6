// The Adaptive policy's decisions fed recorded traces of real workloads, token by token: the idle
// spans each worker learnt from (tests/engine/pool/data/*.trace, written by strata-bench
// --pool-trace and strata-poolbench --trace; the header of each file says where and how). Asserts
// the converged choice (spin through a CPU decode's gaps, park in a GPU-heavy one) and how many
// tokens it took, also after a workload change, after a switch to Adaptive mid-reply and under CPU
// pressure.
#include "engine/src/pool/adaptive_decision.hpp"

#include <QtTest/QtTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

using namespace strata::pool::detail;

namespace {

// A trace: per token, per worker, the idle spans (ns) that worker's Adaptive model learnt from.
// File: '#' comment lines, then "token worker span_us span_us ..." lines.
struct Trace {
    std::vector<std::map<unsigned, std::vector<std::int64_t>>> tokens;
};

Trace loadTrace(const QString& name)
{
    const QString path = QString::fromLocal8Bit(qgetenv("STRATA_TEST_DATA_DIR")) + "/" + name;
    std::ifstream in(path.toStdString());
    Trace t;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream fields(line);
        std::size_t token = 0;
        unsigned worker = 0;
        fields >> token >> worker;
        if (t.tokens.size() <= token)
            t.tokens.resize(token + 1);
        for (double us; fields >> us;)
            t.tokens[token][worker].push_back(static_cast<std::int64_t>(us * 1000));
    }
    return t;
}

// The miss cost the pool starts from (default weight, a 50 µs wake, a 2 µs wake call), and the one
// it measured on the quiet host the decode traces come from (wakes in ~10-17 µs, 2.1 µs wake
// calls): the choices must hold for both. `held`: the threads a late worker holds up (the pool's
// spinner cap: 14 for the decode traces' 15 threads, 3 for gpu-heavy's 4-job batches); 0 prices
// a miss as the model before issue 25's fix did (the host's time only).
std::int64_t defaultMissCost(double announced = 0, unsigned held = 0)
{
    return missCostNanos({16.0, 50'000, 2'000, announced, held});
}
std::int64_t quietHostMissCost(double announced = 0, unsigned held = 0)
{
    return missCostNanos({16.0, 10'000, 2'000, announced, held});
}
// Session 10's quiet-host MoE t=15 decode (docs/BENCHMARKS.md): 17 µs wakes, 2.1 µs wake calls.
std::int64_t session10MissCost(unsigned held)
{
    return missCostNanos({16.0, 17'000, 2'100, 0.0, held});
}
// strata-poolbench gpu-heavy without prepare() (adaptive-no-ahead) on the quiet host: 28 µs wakes
// (session 6), 3 other threads in a 4-job batch. (From ~45 µs wakes on, the price of a miss makes
// covering the 0.1-0.5 ms spans between consecutive CPU layers worth it: up to ~14% of a token's
// idle time spun, the device phases still parked.)
std::int64_t gpuHeavyUnannouncedMissCost()
{
    return missCostNanos({16.0, 28'000, 2'000, 0.0, 3});
}

enum class Want { Spin, Park };

// Replays worker `w`'s spans of `trace` through `learner` as the pool does: at each idle start the
// worker asks for its window, then the span ends (inside the window: it spun through; beyond it:
// it parked) and is learnt. A token "spins through" when every one of its spans that was shorter
// than a miss costs ended inside the window (the worker never parked where spinning was cheaper:
// on a CPU decode each such park is a wake latency on the batch's critical path, issue 25; a span
// longer than the miss price is rightly parked on), and "parks" when spinning took at most 5% of
// its idle time. Returns how many tokens it took until every later token of the trace had the
// wanted behaviour (1: from the first), or -1 if it never settled. `parksAfter`, when given,
// receives those wrong parks per token over the last half of the trace.
int tokensToConverge(SpanLearner& learner, const Trace& trace, unsigned w, Want want, std::int64_t missCost,
                     const Contention& c = {}, double* parksAfter = nullptr)
{
    int settled = -1;
    int token = 0;
    std::size_t lateParks = 0, lateTokens = 0;
    for (const auto& perWorker : trace.tokens) {
        const auto it = perWorker.find(w);
        if (it == perWorker.end())
            continue;
        std::size_t inside = 0;
        double spun = 0, idle = 0;
        for (std::int64_t span : it->second) {
            const std::int64_t window = learner.window(missCost, c);
            inside += span <= window || span > missCost ? 1 : 0;
            spun += static_cast<double>(std::min(span, window));
            idle += static_cast<double>(span);
            learner.record(span);
        }
        const bool ok = want == Want::Spin ? inside == it->second.size() : spun <= 0.05 * idle;
        if (!ok)
            settled = -1;
        else if (settled < 0)
            settled = token + 1;
        if (2 * static_cast<std::size_t>(&perWorker - trace.tokens.data()) >= trace.tokens.size()) {
            lateParks += it->second.size() - inside;
            ++lateTokens;
        }
        ++token;
    }
    if (parksAfter)
        *parksAfter = lateTokens ? static_cast<double>(lateParks) / static_cast<double>(lateTokens) : 0.0;
    return settled;
}

// The workers present in a trace (the ones the host woke and that learnt).
std::vector<unsigned> workersOf(const Trace& t)
{
    std::map<unsigned, std::size_t> seen;
    for (const auto& perWorker : t.tokens)
        for (const auto& [w, spans] : perWorker)
            seen[w] += spans.size();
    std::vector<unsigned> out;
    for (const auto& [w, n] : seen)
        if (n >= 32)
            out.push_back(w);
    return out;
}

}  // namespace

class TestPoolPolicyTraces : public QObject {
    Q_OBJECT
private slots:
    void cpuDecodeConvergesToSpinning_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<qint64>("missCost");
        QTest::newRow("dense") << "decode-dense.trace" << qint64(defaultMissCost(0, 14));
        QTest::newRow("moe") << "decode-moe.trace" << qint64(defaultMissCost(0, 14));
        QTest::newRow("dense, quiet-host miss cost") << "decode-dense.trace" << qint64(quietHostMissCost(0, 14));
        QTest::newRow("moe, quiet-host miss cost") << "decode-moe.trace" << qint64(quietHostMissCost(0, 14));
        QTest::newRow("moe, session 10's miss cost") << "decode-moe.trace" << qint64(session10MissCost(14));
        // The host's share of the price alone (no critical path): the unseen-tail margin must
        // carry the decision by itself, since the spans that parked were all far below it.
        QTest::newRow("moe, host's price only") << "decode-moe.trace" << qint64(quietHostMissCost());
        QTest::newRow("dense, host's price only") << "decode-dense.trace" << qint64(quietHostMissCost());
    }
    void cpuDecodeConvergesToSpinning()
    {
        // Issue 25: on the quiet 16-core host the MoE t=15 decode parked 12.7 workers a token, all
        // spin timeouts on spans longer than every span the worker remembered (a window fitted
        // just above the longest of 32 spans, ~43 spans a token). Spinning through means no park
        // at all once converged.
        QFETCH(QString, trace);
        QFETCH(qint64, missCost);
        const Trace t = loadTrace(trace);
        QVERIFY2(t.tokens.size() >= 20, qPrintable(trace + " is missing or short"));
        QVERIFY(!workersOf(t).empty());
        for (unsigned w : workersOf(t)) {
            SpanLearner fresh;
            double parks = 0;
            const int n = tokensToConverge(fresh, t, w, Want::Spin, missCost, {}, &parks);
            QVERIFY2(n >= 1 && n <= 10,
                     qPrintable(
                         QString("worker %1: %2 tokens, %3 parks a token in the last half").arg(w).arg(n).arg(parks)));
            QCOMPARE(parks, 0.0);
        }
    }

    void gpuHeavyConvergesToParking()
    {
        // Recorded from strata-poolbench's adaptive row, which announces its batches (prepare).
        const Trace t = loadTrace("gpu-heavy.trace");
        QVERIFY2(t.tokens.size() >= 20, "gpu-heavy.trace is missing or short");
        QVERIFY(!workersOf(t).empty());
        for (unsigned w : workersOf(t))
            for (std::int64_t missCost :
                 {defaultMissCost(1.0, 3), quietHostMissCost(1.0, 3), quietHostMissCost(0.0, 3)}) {
                SpanLearner fresh;
                const int n = tokensToConverge(fresh, t, w, Want::Park, missCost);
                QVERIFY2(n >= 1 && n <= 10,
                         qPrintable(QString("worker %1, miss %2 us: %3 tokens").arg(w).arg(missCost / 1000).arg(n)));
            }
    }

    void gpuHeavyWithoutAnnouncementsSpinsLittle()
    {
        // adaptive-no-ahead: a miss also holds the batch's other 3 threads for the wake latency,
        // so at 28-50 µs wakes the 0.1-0.5 ms spans between consecutive CPU layers (the trace's
        // last tokens have runs of them) are worth covering, and a token may spin ~15% of its idle
        // time; the device phases are still parked at once: over the trace, at most 5%.
        const Trace t = loadTrace("gpu-heavy.trace");
        QVERIFY(!workersOf(t).empty());
        for (unsigned w : workersOf(t))
            for (std::int64_t missCost : {gpuHeavyUnannouncedMissCost(), defaultMissCost(0.0, 3)}) {
                SpanLearner l;
                double spun = 0, idle = 0;
                for (const auto& perWorker : t.tokens) {
                    const auto it = perWorker.find(w);
                    if (it == perWorker.end())
                        continue;
                    for (std::int64_t span : it->second) {
                        spun += static_cast<double>(std::min(span, l.window(missCost, {})));
                        idle += static_cast<double>(span);
                        l.record(span);
                    }
                }
                QVERIFY2(spun <= 0.05 * idle, qPrintable(QString("worker %1, miss %2 us: spun %3% of idle")
                                                             .arg(w)
                                                             .arg(missCost / 1000)
                                                             .arg(100 * spun / idle)));
            }
    }

    void reconvergesAfterAWorkloadChange()
    {
        // A model that learnt one workload meets the other. The same holds after a policy switch
        // back to Adaptive: the workers keep what they learnt before.
        const Trace cpu = loadTrace("decode-moe.trace");
        const Trace gpu = loadTrace("gpu-heavy.trace");
        QVERIFY(!workersOf(cpu).empty() && !workersOf(gpu).empty());
        const unsigned wc = workersOf(cpu).front(), wg = workersOf(gpu).front();

        for (bool announced : {true, false}) {
            const std::int64_t gpuCost = announced ? defaultMissCost(1.0, 3) : quietHostMissCost(0.0, 3);
            SpanLearner l;
            QVERIFY(tokensToConverge(l, gpu, wg, Want::Park, gpuCost) >= 1);
            const int toSpin = tokensToConverge(l, cpu, wc, Want::Spin, defaultMissCost(0.0, 14));
            QVERIFY2(toSpin >= 1 && toSpin <= 10, qPrintable(QString("gpu-heavy -> cpu: %1 tokens").arg(toSpin)));
            const int toPark = tokensToConverge(l, gpu, wg, Want::Park, gpuCost);
            QVERIFY2(toPark >= 1 && toPark <= 10, qPrintable(QString("cpu -> gpu-heavy (%1): %2 tokens")
                                                                 .arg(announced ? "announced" : "unannounced")
                                                                 .arg(toPark)));
        }
    }

    void switchingToAdaptiveMidReplyConverges()
    {
        // The user picks Adaptive half-way through a reply. Under the other policy the workers
        // learnt nothing (only Adaptive's own waits teach the model), so the model starts empty
        // at the switch, or keeps what it learnt before an earlier switch away: count the tokens
        // from the switch in both cases, for both kinds of workload.
        const struct {
            const char* file;
            Want want;
            double announced;
            unsigned held;
        } cases[] = {{"decode-dense.trace", Want::Spin, 0.0, 14},
                     {"decode-moe.trace", Want::Spin, 0.0, 14},
                     {"gpu-heavy.trace", Want::Park, 1.0, 3}};
        for (const auto& c : cases) {
            const Trace whole = loadTrace(c.file);
            QVERIFY2(whole.tokens.size() >= 20, c.file);
            Trace firstHalf, secondHalf;
            const std::size_t half = whole.tokens.size() / 2;
            firstHalf.tokens.assign(whole.tokens.begin(), whole.tokens.begin() + std::ptrdiff_t(half));
            secondHalf.tokens.assign(whole.tokens.begin() + std::ptrdiff_t(half), whole.tokens.end());
            for (unsigned w : workersOf(whole)) {
                const std::int64_t cost = defaultMissCost(c.announced, c.held);
                SpanLearner fresh;
                const int fromEmpty = tokensToConverge(fresh, secondHalf, w, c.want, cost);
                QVERIFY2(
                    fromEmpty >= 1 && fromEmpty <= 10,
                    qPrintable(QString("%1 worker %2: %3 tokens after the switch").arg(c.file).arg(w).arg(fromEmpty)));
                SpanLearner learnt;  // Adaptive for the first half, another policy, then Adaptive again
                tokensToConverge(learnt, firstHalf, w, c.want, cost);
                QCOMPARE(tokensToConverge(learnt, secondHalf, w, c.want, cost), 1);
            }
        }
    }

    void pressureStopsSpinningAtOnce()
    {
        const Trace cpu = loadTrace("decode-dense.trace");
        QVERIFY(!workersOf(cpu).empty());
        const unsigned w = workersOf(cpu).front();
        SpanLearner l;
        const std::int64_t cost = defaultMissCost(0.0, 14);
        QCOMPARE(tokensToConverge(l, cpu, w, Want::Park, cost, {400, 0}), 1);  // PSI 40%
        QCOMPARE(tokensToConverge(l, cpu, w, Want::Park, cost, {0, 600}), 1);  // preempted spins
        // The spans were learnt meanwhile: spinning again from the first token after it calms down.
        QCOMPARE(tokensToConverge(l, cpu, w, Want::Spin, cost), 1);
    }
};

QTEST_GUILESS_MAIN(TestPoolPolicyTraces)
#include "test_pool_policy_traces.moc"
