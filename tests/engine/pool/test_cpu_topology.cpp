// Where the host thread belongs (pool::performanceCpus): on hybrid CPUs every CPU of the
// performance cores, SMT siblings included; on CPUs of one kind nothing, so the host stays put.
#include "strata/pool/cpu_topology.hpp"

#include <QtTest>

using strata::pool::CpuTopology;
using strata::pool::performanceCpus;

class TestCpuTopology : public QObject {
    Q_OBJECT
private slots:
    void aHybridCpuSendsTheHostToItsPerformanceCores()
    {
        CpuTopology t;
        t.kindCount = 2;
        // As hwloc orders them: performance kind first; here its CPUs are not the lowest numbers
        // (on the seed's GB10, CPU 0 was a little core).
        t.cores = {{{8, 9}, 0}, {{10, 11}, 0}, {{0}, 1}, {{1}, 1}, {{2}, 1}, {{3}, 1}};
        QCOMPARE(performanceCpus(t), (std::vector<int>{8, 9, 10, 11}));
    }

    void oneKindLeavesTheHostAlone()
    {
        CpuTopology t;
        t.cores = {{{0, 1}, 0}, {{2, 3}, 0}};
        QVERIFY(performanceCpus(t).empty());
    }

    // The machine running the test: whatever it is, the answer is a subset of the CPUs it allows.
    void theDetectedTopologyAnswersWithinTheAllowedCpus()
    {
        const CpuTopology t = strata::pool::detectCpuTopology();
        const std::vector<int> fast = performanceCpus(t);
        QCOMPARE(fast.empty(), t.kindCount < 2);
        for (int cpu : fast)
            QVERIFY(std::find(t.allowedCpus.begin(), t.allowedCpus.end(), cpu) != t.allowedCpus.end());
    }
};

QTEST_GUILESS_MAIN(TestCpuTopology)
#include "test_cpu_topology.moc"
