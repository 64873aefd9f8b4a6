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
// it measured on the quiet host the traces come from (wakes in ~10 µs): the choices must hold for both.
std::int64_t defaultMissCost(double announced = 0)
{
    return missCostNanos({16.0, 50'000, 2'000, announced});
}
std::int64_t quietHostMissCost(double announced = 0)
{
    return missCostNanos({16.0, 10'000, 2'000, announced});
}

enum class Want { Spin, Park };

// Replays worker `w`'s spans of `trace` through `learner` as the pool does: at each idle start the
// worker asks for its window, then the span ends (inside the window: it spun through; beyond it:
// it parked) and is learnt. A token "spins through" when at least 90% of its spans ended inside
// the window, and "parks" when spinning took at most 5% of its idle time. Returns how many tokens
// it took until every later token of the trace had the wanted behaviour (1: from the first), or
// -1 if it never settled.
int tokensToConverge(SpanLearner& learner, const Trace& trace, unsigned w, Want want, std::int64_t missCost,
                     const Contention& c = {})
{
    int settled = -1;
    int token = 0;
    for (const auto& perWorker : trace.tokens) {
        const auto it = perWorker.find(w);
        if (it == perWorker.end())
            continue;
        std::size_t inside = 0;
        double spun = 0, idle = 0;
        for (std::int64_t span : it->second) {
            const std::int64_t window = learner.window(missCost, c);
            inside += span <= window ? 1 : 0;
            spun += static_cast<double>(std::min(span, window));
            idle += static_cast<double>(span);
            learner.record(span);
        }
        const bool ok = want == Want::Spin ? inside * 10 >= it->second.size() * 9 : spun <= 0.05 * idle;
        if (!ok)
            settled = -1;
        else if (settled < 0)
            settled = token + 1;
        ++token;
    }
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
        QTest::newRow("dense") << "decode-dense.trace" << qint64(defaultMissCost());
        QTest::newRow("moe") << "decode-moe.trace" << qint64(defaultMissCost());
        QTest::newRow("dense, quiet-host miss cost") << "decode-dense.trace" << qint64(quietHostMissCost());
        QTest::newRow("moe, quiet-host miss cost") << "decode-moe.trace" << qint64(quietHostMissCost());
    }
    void cpuDecodeConvergesToSpinning()
    {
        QFETCH(QString, trace);
        QFETCH(qint64, missCost);
        const Trace t = loadTrace(trace);
        QVERIFY2(t.tokens.size() >= 20, qPrintable(trace + " is missing or short"));
        QVERIFY(!workersOf(t).empty());
        for (unsigned w : workersOf(t)) {
            SpanLearner fresh;
            const int n = tokensToConverge(fresh, t, w, Want::Spin, missCost);
            QVERIFY2(n >= 1 && n <= 10, qPrintable(QString("worker %1: %2 tokens").arg(w).arg(n)));
        }
    }

    void gpuHeavyConvergesToParking()
    {
        // Recorded from strata-poolbench's adaptive row, which announces its batches (prepare).
        const Trace t = loadTrace("gpu-heavy.trace");
        QVERIFY2(t.tokens.size() >= 20, "gpu-heavy.trace is missing or short");
        QVERIFY(!workersOf(t).empty());
        for (unsigned w : workersOf(t))
            for (std::int64_t missCost : {defaultMissCost(1.0), quietHostMissCost(1.0)}) {
                SpanLearner fresh;
                const int n = tokensToConverge(fresh, t, w, Want::Park, missCost);
                QVERIFY2(n >= 1 && n <= 10, qPrintable(QString("worker %1: %2 tokens").arg(w).arg(n)));
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

        SpanLearner l;
        QVERIFY(tokensToConverge(l, gpu, wg, Want::Park, defaultMissCost(1.0)) >= 1);
        const int toSpin = tokensToConverge(l, cpu, wc, Want::Spin, defaultMissCost());
        QVERIFY2(toSpin >= 1 && toSpin <= 10, qPrintable(QString("gpu-heavy -> cpu: %1 tokens").arg(toSpin)));
        const int toPark = tokensToConverge(l, gpu, wg, Want::Park, defaultMissCost(1.0));
        QVERIFY2(toPark >= 1 && toPark <= 10, qPrintable(QString("cpu -> gpu-heavy: %1 tokens").arg(toPark)));
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
        } cases[] = {{"decode-dense.trace", Want::Spin, 0.0},
                     {"decode-moe.trace", Want::Spin, 0.0},
                     {"gpu-heavy.trace", Want::Park, 1.0}};
        for (const auto& c : cases) {
            const Trace whole = loadTrace(c.file);
            QVERIFY2(whole.tokens.size() >= 20, c.file);
            Trace firstHalf, secondHalf;
            const std::size_t half = whole.tokens.size() / 2;
            firstHalf.tokens.assign(whole.tokens.begin(), whole.tokens.begin() + std::ptrdiff_t(half));
            secondHalf.tokens.assign(whole.tokens.begin() + std::ptrdiff_t(half), whole.tokens.end());
            for (unsigned w : workersOf(whole)) {
                const std::int64_t cost = defaultMissCost(c.announced);
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
        QCOMPARE(tokensToConverge(l, cpu, w, Want::Park, defaultMissCost(), {400, 0}), 1);  // PSI 40%
        QCOMPARE(tokensToConverge(l, cpu, w, Want::Park, defaultMissCost(), {0, 600}), 1);  // preempted spins
        // The spans were learnt meanwhile: spinning again from the first token after it calms down.
        QCOMPARE(tokensToConverge(l, cpu, w, Want::Spin, defaultMissCost()), 1);
    }
};

QTEST_GUILESS_MAIN(TestPoolPolicyTraces)
#include "test_pool_policy_traces.moc"
