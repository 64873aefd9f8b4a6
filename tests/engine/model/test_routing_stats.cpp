// Routing statistics on counts built by hand: the top-10 % share (fractional experts included),
// the most chosen expert, and the counting itself.
#include "strata/core/error.hpp"
#include "strata/model/routing_stats.hpp"

#include <QTest>

#include <cmath>
#include <vector>

using namespace strata;
using model::layerSkew;

class TestRoutingStats : public QObject {
    Q_OBJECT
private slots:
    void uniformRoutingIsTenPercent()
    {
        for (uint32_t experts : {8u, 10u, 64u, 128u}) {
            const std::vector<uint64_t> counts(experts, 37);
            const auto s = layerSkew(counts);
            QCOMPARE(s.selections, uint64_t(37) * experts);
            QVERIFY(std::abs(s.topTenthShare - 0.1) < 1e-12);
            QVERIFY(std::abs(s.topExpertShare - 1.0 / experts) < 1e-12);
            QCOMPARE(s.topExpert, 0u);  // all equal: the lowest id
        }
    }

    void theTopTenthCountsAFractionOfTheNextExpert()
    {
        // 64 experts: 10 % is 6.4 experts. Seven chosen 10 times each, in scattered places.
        std::vector<uint64_t> counts(64, 0);
        for (size_t e : {3, 9, 17, 30, 41, 50, 63})
            counts[e] = 10;
        const auto s = layerSkew(counts);
        QVERIFY(std::abs(s.topTenthShare - 64.0 / 70.0) < 1e-12);
        QCOMPARE(s.topExpert, 3u);
        QVERIFY(std::abs(s.topExpertShare - 10.0 / 70.0) < 1e-12);
    }

    void oneDominantExpert()
    {
        std::vector<uint64_t> counts(10, 1);
        counts[7] = 91;  // 100 selections, 91 of them expert 7
        const auto s = layerSkew(counts);
        QCOMPARE(s.topExpert, 7u);
        QVERIFY(std::abs(s.topExpertShare - 0.91) < 1e-12);
        QVERIFY(std::abs(s.topTenthShare - 0.91) < 1e-12);  // 10 % of 10 experts: exactly one
    }

    void noSelectionsGiveZeros()
    {
        const auto s = layerSkew(std::vector<uint64_t>(16, 0));
        QCOMPARE(s.selections, uint64_t(0));
        QCOMPARE(s.topTenthShare, 0.0);
        QCOMPARE(s.topExpertShare, 0.0);
    }

    void countsAddUpPerLayer()
    {
        model::RoutingCounts c(2, 4);
        c.add(1, std::vector<int32_t>{0, 3, 3});
        c.add(1, std::vector<int32_t>{3});
        QCOMPARE(c.counts(1)[3], uint64_t(3));
        QCOMPARE(c.counts(1)[0], uint64_t(1));
        QCOMPARE(c.counts(0)[3], uint64_t(0));
        QVERIFY_THROWS_EXCEPTION(Error, c.add(2, std::vector<int32_t>{0}));
        QVERIFY_THROWS_EXCEPTION(Error, c.add(0, std::vector<int32_t>{4}));
        QVERIFY_THROWS_EXCEPTION(Error, c.add(0, std::vector<int32_t>{-1}));
        QVERIFY_THROWS_EXCEPTION(Error, c.counts(2));
    }
};

QTEST_APPLESS_MAIN(TestRoutingStats)
#include "test_routing_stats.moc"
