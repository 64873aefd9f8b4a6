// The routing-prediction study (issue 26) on routing built by hand, where the right answer is known:
// a routing that repeats itself token after token is foretold by the previous token; one where each
// layer's choice follows from the layer before is foretold by the learnt co-occurrence, not by the
// previous token; a resident set covering every choice leaves nothing to predict.
#include "strata/core/error.hpp"
#include "strata/model/routing_prediction.hpp"

#include <QTest>

#include <random>
#include <vector>

using namespace strata;
using model::RoutingPredictionStudy;

namespace {

constexpr uint32_t kLayers = 4, kExperts = 16, kUsed = 2;

}  // namespace

class TestRoutingPrediction : public QObject {
    Q_OBJECT
private slots:
    // Every token picks experts 14 and 15 in every layer, after 800 tokens that made 0..7 the most
    // chosen: with half the experts resident, both are misses, and the previous token names them.
    void aRepeatingRoutingIsForetoldByThePreviousToken()
    {
        RoutingPredictionStudy study(kLayers, kExperts, kUsed, 0.5, 2);
        const auto feed = [&](std::vector<int32_t> token, uint32_t n) {
            std::vector<int32_t> chunk;
            for (uint32_t t = 0; t < n; ++t)
                chunk.insert(chunk.end(), token.begin(), token.end());
            for (uint32_t l = 0; l < kLayers; ++l)
                study.add(l, chunk, n);
        };
        for (int32_t e = 0; e < 8; e += 2)
            feed({e, e + 1}, 200);
        const auto before = study.result();
        feed({14, 15}, 100);
        const auto& r = study.result();
        const uint64_t misses = r.misses - before.misses;
        QCOMPARE(misses, uint64_t(2 * 100 * (kLayers - 1)));
        // The first of the 100 tokens is a surprise in each layer; every later one is foretold.
        QCOMPARE(r.surprises - before.surprises, uint64_t(kLayers - 1));
        QCOMPARE(r.missesForetold - before.missesForetold, uint64_t(99 * (kLayers - 1)));
        QCOMPARE(r.falseAlarms - before.falseAlarms, uint64_t(0));
        QCOMPARE(r.byPreviousToken - before.byPreviousToken, misses - 2 * (kLayers - 1));
    }

    // Layer 0 draws at random; layer l picks (choice at l - 1) + 8 mod 16. After a few hundred
    // tokens the co-occurrence names nearly every miss, the previous token few of them.
    void aLayerThatFollowsTheLayerBeforeIsForetoldByCooccurrence()
    {
        RoutingPredictionStudy study(kLayers, kExperts, kUsed, 0.5, 2);
        std::mt19937 rng(5);
        std::vector<std::vector<int32_t>> pass(kLayers);
        for (int token = 0; token < 2000; ++token) {
            int32_t a = int32_t(rng() % kExperts), b = int32_t(rng() % kExperts);
            if (a == b)
                b = (b + 1) % int32_t(kExperts);
            for (uint32_t l = 0; l < kLayers; ++l) {
                const std::vector<int32_t> choice{a, b};
                study.add(l, choice, 1);
                a = (a + 8) % int32_t(kExperts), b = (b + 8) % int32_t(kExperts);
            }
        }
        const auto& r = study.result();
        QVERIFY(r.misses > 1000);
        const double layerRecall = double(r.byPreviousLayer) / double(r.misses);
        const double tokenRecall = double(r.byPreviousToken) / double(r.misses);
        QVERIFY2(layerRecall > 0.9, qPrintable(QString::number(layerRecall)));
        QVERIFY2(tokenRecall < 0.3, qPrintable(QString::number(tokenRecall)));
    }

    void everyExpertResidentLeavesNoMiss()
    {
        RoutingPredictionStudy study(kLayers, kExperts, kUsed, 1.0, 2);
        const std::vector<int32_t> chunk{1, 2, 3, 4, 5, 6};
        for (uint32_t l = 0; l < kLayers; ++l)
            study.add(l, chunk, 3);
        QCOMPARE(study.result().misses, uint64_t(0));
        QCOMPARE(study.result().layersWithMiss, uint64_t(0));
        QCOMPARE(study.result().layerTokens, uint64_t(2 * (kLayers - 1)));  // token 0 has no previous one
    }

    void badInputIsRefused()
    {
        RoutingPredictionStudy study(kLayers, kExperts, kUsed, 0.5, 2);
        QVERIFY_THROWS_EXCEPTION(Error, study.add(kLayers, std::vector<int32_t>{0, 1}, 1));
        QVERIFY_THROWS_EXCEPTION(Error, study.add(0, std::vector<int32_t>{0, 16}, 1));
        QVERIFY_THROWS_EXCEPTION(Error, study.add(0, std::vector<int32_t>{0, 1, 2}, 1));
        QVERIFY_THROWS_EXCEPTION(Error, RoutingPredictionStudy(kLayers, 4, 8, 0.5, 2));
    }
};

QTEST_APPLESS_MAIN(TestRoutingPrediction)
#include "test_routing_prediction.moc"
