// The A/B dialog's waiting-policy preset: which runs a round holds and on which opened model, and
// the medians and ratios to the best fixed policy it shows and exports.
#include "domain/ab/ab_export.hpp"
#include "domain/ab/ab_policy_summary.hpp"
#include "domain/ab/ab_round.hpp"

#include <QTest>

using namespace strata;

namespace {

domain::AbRow row(const char* config, double prefill, double decode, double cpu, double wait)
{
    domain::AbRow r;
    r.config = QString::fromLatin1(config);
    r.promptTokens = 20;
    r.generatedTokens = 16;
    r.prefillTokensPerSecond = prefill;
    r.decodeTokensPerSecond = decode;
    r.cpuPercent = cpu;
    r.completionWaitP50Micros = wait;
    return r;
}

// Two rounds of the four policies; medians are the means of the two values.
QList<domain::AbRow> twoRounds()
{
    return {row("adaptive", 100, 50, 300, 5),    row("park", 90, 40, 200, 60),      row("fixed:100us", 95, 60, 390, 8),
            row("fixed:20ms", 110, 55, 400, 3),  row("adaptive", 104, 54, 320, 7),  row("park", 94, 44, 220, 70),
            row("fixed:100us", 97, 62, 410, 10), row("fixed:20ms", 112, 57, 400, 3)};
}

}  // namespace

class TestAbPreset : public QObject {
    Q_OBJECT
private slots:
    void twoConfigsRunAThenBOnTheirOwnModels()
    {
        domain::AbRequest r;
        r.a.policy = pool::WaitPolicy::fixedSpin(200);
        r.b.policy = pool::WaitPolicy::park();
        r.b.threads = 3;
        QCOMPARE(domain::abConfigsToOpen(r).size(), 2);
        const QList<domain::AbSlot> round = domain::abRound(r);
        QCOMPARE(round.size(), 2);
        QCOMPARE(round[0].label, QStringLiteral("A"));
        QCOMPARE(round[0].config, 0);
        QVERIFY(round[0].policy == pool::WaitPolicy::fixedSpin(200));
        QCOMPARE(round[1].label, QStringLiteral("B"));
        QCOMPARE(round[1].config, 1);
        QVERIFY(round[1].policy == pool::WaitPolicy::park());
    }

    void policyPresetRunsTheFourPoliciesOnAsModel()
    {
        domain::AbRequest r;
        r.preset = domain::AbPreset::WaitingPolicies;
        r.a = domain::AbConfig{.policy = pool::WaitPolicy::park(), .threads = 4, .kvCacheType = model::KvType::Q8_0};
        r.b.threads = 9;  // ignored: the preset opens A's configuration only
        const QList<domain::AbConfig> open = domain::abConfigsToOpen(r);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open[0].threads, 4);
        QVERIFY(open[0].kvCacheType == model::KvType::Q8_0);
        const QList<domain::AbSlot> round = domain::abRound(r);
        const QStringList labels = {QStringLiteral("adaptive"), QStringLiteral("park"), QStringLiteral("fixed:100us"),
                                    QStringLiteral("fixed:20ms")};
        const pool::WaitPolicy policies[] = {pool::WaitPolicy::adaptive(), pool::WaitPolicy::park(),
                                             pool::WaitPolicy::fixedSpin(100), pool::WaitPolicy::fixedSpin(20'000)};
        QCOMPARE(round.size(), 4);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(round[i].label, labels[i]);
            QCOMPARE(round[i].config, 0);
            QVERIFY(round[i].policy == policies[i]);
        }
    }

    void policySummaryHasMediansAndRatiosToTheBestFixedPolicy()
    {
        const QList<domain::AbPolicyLine> lines = domain::summarizePolicies(twoRounds());
        QCOMPARE(lines.size(), 4);
        const domain::AbPolicyLine& adaptive = lines[0];
        QCOMPARE(adaptive.policy, QStringLiteral("adaptive"));
        QCOMPARE(adaptive.prefillTokensPerSecond, 102.0);
        QCOMPARE(adaptive.decodeTokensPerSecond, 52.0);
        QCOMPARE(adaptive.cpuPercent, 310.0);
        QCOMPARE(adaptive.completionWaitP50Micros, 6.0);
        // Prefill: fixed:20ms is the fastest fixed (111); decode: fixed:100us (61), and CPU is
        // compared with fixed:100us's 400, not with park's 210.
        QCOMPARE(adaptive.prefillRatio, 102.0 / 111.0);
        QCOMPARE(adaptive.decodeRatio, 52.0 / 61.0);
        QCOMPARE(adaptive.cpuRatio, 310.0 / 400.0);
        QCOMPARE(lines[2].decodeRatio, 1.0);
        QCOMPARE(lines[3].prefillRatio, 1.0);
        QCOMPARE(lines[1].decodeRatio, 42.0 / 61.0);
    }

    void policiesWithoutRowsGiveZeros()
    {
        const QList<domain::AbPolicyLine> lines = domain::summarizePolicies({row("adaptive", 100, 50, 300, 5)});
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0].decodeTokensPerSecond, 50.0);
        QCOMPARE(lines[0].decodeRatio, 0.0);  // no fixed policy measured: no yardstick
        QCOMPARE(lines[1].decodeTokensPerSecond, 0.0);
    }

    void csvEndsWithMediansAndRatiosPerPolicy()
    {
        const QList<QByteArray> lines =
            domain::abRunCsv(twoRounds(), domain::AbPreset::WaitingPolicies).trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 8 + 4 + 4);
        QCOMPARE(lines[9].split(',').mid(0, 2), (QList<QByteArray>{"median", "adaptive"}));
        QCOMPARE(lines[9].split(',')[5].toDouble(), 52.0);
        const QList<QByteArray> ratio = lines[13].split(',');
        QCOMPARE(ratio[0], QByteArray("ratio_to_best_fixed"));
        QCOMPARE(ratio[1], QByteArray("adaptive"));
        QCOMPARE(ratio[5].toDouble(), 52.0 / 61.0);
        QCOMPARE(ratio[6].toDouble(), 310.0 / 400.0);
    }
};

QTEST_GUILESS_MAIN(TestAbPreset)
#include "test_ab_preset.moc"
