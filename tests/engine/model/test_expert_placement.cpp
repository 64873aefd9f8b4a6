// The VRAM budget for experts split over a model's MoE layers.
#include "strata/core/error.hpp"
#include "strata/model/expert_placement.hpp"

#include <QTest>

#include <numeric>
#include <vector>

using namespace strata;
using model::expertSlotsForBudget;

namespace {

model::Hparams moeShape()  // 30B-A3B: 48 layers of 128 experts
{
    model::Hparams h;
    h.layers = 48;
    h.experts = 128;
    h.expertsUsed = 8;
    return h;
}

uint64_t sum(const std::vector<uint32_t>& v)
{
    return std::accumulate(v.begin(), v.end(), uint64_t(0));
}

}  // namespace

class TestExpertPlacement : public QObject {
    Q_OBJECT
private slots:
    void theBudgetIsSplitEvenly()
    {
        const auto perLayer = expertSlotsForBudget(moeShape(), 1000, 1000 * 1000 + 999, 0);
        QCOMPARE(perLayer.size(), size_t(48));
        QCOMPARE(sum(perLayer), uint64_t(1000));  // whole experts only
        for (size_t l = 0; l < perLayer.size(); ++l)
            QCOMPARE(perLayer[l], l < 1000 % 48 ? 21u : 20u);
    }

    void theFirstLayersKeepTheirExpertsOnTheCpu()
    {
        const auto perLayer = expertSlotsForBudget(moeShape(), 10, 10 * 400, 8);
        for (size_t l = 0; l < 8; ++l)
            QCOMPARE(perLayer[l], 0u);
        for (size_t l = 8; l < 48; ++l)
            QCOMPARE(perLayer[l], 10u);
        QVERIFY(sum(expertSlotsForBudget(moeShape(), 10, 1 << 30, 48)) == 0);
        QVERIFY(sum(expertSlotsForBudget(moeShape(), 10, 1 << 30, 99)) == 0);
    }

    void aLargeBudgetHoldsEveryExpertAndNoMore()
    {
        const auto perLayer = expertSlotsForBudget(moeShape(), 10, size_t(1) << 40, 4);
        for (size_t l = 4; l < 48; ++l)
            QCOMPARE(perLayer[l], 128u);
        const auto edge = expertSlotsForBudget(moeShape(), 1, 44 * 128 + 43, 4);  // one short of 129 each
        for (size_t l = 4; l < 48; ++l)
            QCOMPARE(edge[l], 128u);
    }

    void denseModelsAndBadSizes()
    {
        model::Hparams dense = moeShape();
        dense.experts = 0;
        QCOMPARE(sum(expertSlotsForBudget(dense, 10, 1 << 20, 0)), uint64_t(0));
        QCOMPARE(sum(expertSlotsForBudget(moeShape(), 10, 9, 0)), uint64_t(0));
        QVERIFY_THROWS_EXCEPTION(Error, expertSlotsForBudget(moeShape(), 0, 1 << 20, 0));
    }
};

QTEST_APPLESS_MAIN(TestExpertPlacement)
#include "test_expert_placement.moc"
