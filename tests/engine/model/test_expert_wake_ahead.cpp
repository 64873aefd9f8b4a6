// Auto wake-ahead's decision (model::WakeAheadSwitch): fed each decode token's missed experts per
// hybrid layer, drawn as issue 26's two budgets route (8 of 128 experts a token, 48 layers; 95.6 %
// hits at 8 GiB, 56.4 % at 1.5 GiB: docs/BENCHMARKS.md runs 7 and 8), it settles on wake-ahead for
// the GPU-heavy decode and off for the CPU-positive one within a few tokens, follows a change of
// workload within ~10 tokens, and does not flap at the border.
#include "strata/model/expert_wake_ahead.hpp"

#include <QTest>

#include <random>
#include <vector>

using namespace strata::model;

namespace {

constexpr int kLayers = 48, kUsed = 8;

// Per token: every route of every layer misses with probability `missShare`; misses per layer.
std::vector<double> tokens(double missShare, int count, unsigned seed)
{
    std::mt19937 rng(seed);
    std::bernoulli_distribution missed(missShare);
    std::vector<double> out;
    for (int t = 0; t < count; ++t) {
        int misses = 0;
        for (int r = 0; r < kLayers * kUsed; ++r)
            misses += missed(rng) ? 1 : 0;
        out.push_back(double(misses) / kLayers);
    }
    return out;
}

const double kGpuHeavy = 1.0 - 0.956, kCpuPositive = 1.0 - 0.564;

// Feeds the tokens; returns the index of the first token after which the switch was `want` and
// stayed so to the end (-1: never settled), and counts the switches.
int settlesAt(WakeAheadSwitch& s, const std::vector<double>& perToken, bool want, int* switches = nullptr)
{
    int settled = -1;
    bool last = s.on();
    for (int t = 0; t < int(perToken.size()); ++t) {
        const bool on = s.observe(perToken[size_t(t)]);
        if (switches && on != last)
            ++*switches;
        last = on;
        if (on != want)
            settled = -1;
        else if (settled < 0)
            settled = t;
    }
    return settled;
}

}  // namespace

class TestExpertWakeAhead : public QObject {
    Q_OBJECT
private slots:
    void modesHaveNames()
    {
        for (const ExpertWakeAhead m : {ExpertWakeAhead::Off, ExpertWakeAhead::On, ExpertWakeAhead::Auto})
            QVERIFY(parseExpertWakeAhead(toString(m)) == m);
        QVERIFY(!parseExpertWakeAhead("sometimes"));
    }

    void offUntilTheFirstToken()
    {
        const WakeAheadSwitch s;
        QVERIFY(!s.on());
        QVERIFY(s.averageMisses() < 0);
    }

    void gpuHeavyTurnsItOnAndKeepsIt()
    {
        WakeAheadSwitch s;
        int switches = 0;
        const int at = settlesAt(s, tokens(kGpuHeavy, 300, 1), true, &switches);
        QVERIFY2(at >= 0 && at < 10, qPrintable(QString("settled at token %1").arg(at)));
        QCOMPARE(switches, 1);
        QVERIFY(s.averageMisses() > 0.2 && s.averageMisses() < 0.5);
    }

    void cpuPositiveKeepsItOff()
    {
        WakeAheadSwitch s;
        int switches = 0;
        QCOMPARE(settlesAt(s, tokens(kCpuPositive, 300, 2), false, &switches), 0);
        QCOMPARE(switches, 0);
        QVERIFY(s.averageMisses() > 3.0 && s.averageMisses() < 4.0);
    }

    // A chat whose cache warms (CPU-positive, then GPU-heavy) and a budget that shrinks back.
    void followsTheWorkloadWithinTenTokens()
    {
        WakeAheadSwitch s;
        QCOMPARE(settlesAt(s, tokens(kCpuPositive, 50, 3), false), 0);
        const int on = settlesAt(s, tokens(kGpuHeavy, 100, 4), true);
        QVERIFY2(on >= 0 && on < 10, qPrintable(QString("on after %1 tokens").arg(on + 1)));
        const int off = settlesAt(s, tokens(kCpuPositive, 100, 5), false);
        QVERIFY2(off >= 0 && off < 10, qPrintable(QString("off after %1 tokens").arg(off + 1)));
    }

    // Tokens alternating around the border (0.9 and 2.1 misses per layer): one decision, no flapping.
    void theBorderDoesNotFlap()
    {
        WakeAheadSwitch s;
        std::vector<double> border;
        for (int t = 0; t < 200; ++t)
            border.push_back(t % 2 ? 2.1 : 0.9);
        int switches = 0;
        settlesAt(s, border, true, &switches);
        QVERIFY2(switches <= 1, qPrintable(QString("%1 switches").arg(switches)));
    }
};

QTEST_GUILESS_MAIN(TestExpertWakeAhead)
#include "test_expert_wake_ahead.moc"
