// Sampling: each stage of the chain does what llama.cpp's stage of the same name does.
#include "strata/model/sampler.hpp"

#include <QTest>

#include <cmath>
#include <map>
#include <vector>

using strata::model::Sampler;
using strata::model::SamplingParams;

class TestSampler : public QObject {
    Q_OBJECT
private slots:
    void greedyTakesTheLargestLogitAndTheLowestIdOnTies()
    {
        Sampler s(SamplingParams::greedy());
        QCOMPARE(s.sample(std::vector<float>{0.1f, 3.0f, -2.0f, 2.9f}, {}), 1);
        QCOMPARE(s.sample(std::vector<float>{5.0f, 1.0f, 5.0f}, {}), 0);
    }

    void topKOfOneIsGreedyWhateverTheTemperature()
    {
        SamplingParams p;
        p.topK = 1;
        p.temperature = 5.0f;
        Sampler s(p);
        const std::vector<float> logits{0.0f, 0.5f, 0.49f, -1.0f};
        for (int i = 0; i < 50; ++i)
            QCOMPARE(s.sample(logits, {}), 1);
    }

    void sameSeedSameDraws()
    {
        SamplingParams p;
        p.topK = 0;
        p.topP = 1.0f;
        p.minP = 0.0f;
        p.temperature = 1.0f;
        p.seed = 42;
        Sampler a(p), b(p);
        const std::vector<float> logits{1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
        std::vector<int> da, db;
        for (int i = 0; i < 100; ++i) {
            da.push_back(a.sample(logits, {}));
            db.push_back(b.sample(logits, {}));
        }
        QCOMPARE(da, db);
        p.seed = 43;
        Sampler c(p);
        std::vector<int> dc;
        for (int i = 0; i < 100; ++i)
            dc.push_back(c.sample(logits, {}));
        QVERIFY(dc != da);
    }

    void drawsFollowTheSoftmaxOfLogitsOverTemperature()
    {
        // p = softmax([0, ln 2, ln 3] / T) with T = 1: 1/6, 2/6, 3/6.
        SamplingParams p;
        p.topK = 0;
        p.topP = 1.0f;
        p.minP = 0.0f;
        p.temperature = 1.0f;
        Sampler s(p);
        const std::vector<float> logits{0.0f, std::log(2.0f), std::log(3.0f)};
        std::map<int, int> counts;
        const int n = 60000;
        for (int i = 0; i < n; ++i)
            ++counts[s.sample(logits, {})];
        QVERIFY(std::abs(counts[0] / double(n) - 1.0 / 6) < 0.01);
        QVERIFY(std::abs(counts[1] / double(n) - 2.0 / 6) < 0.01);
        QVERIFY(std::abs(counts[2] / double(n) - 3.0 / 6) < 0.01);
    }

    void topPKeepsTheSmallestSetReachingP()
    {
        // probabilities 0.5, 0.3, 0.2: top-p 0.6 keeps the first two only.
        SamplingParams p;
        p.topK = 0;
        p.topP = 0.6f;
        p.minP = 0.0f;
        p.temperature = 1.0f;
        Sampler s(p);
        const std::vector<float> logits{std::log(0.5f), std::log(0.3f), std::log(0.2f)};
        for (int i = 0; i < 2000; ++i)
            QVERIFY(s.sample(logits, {}) != 2);
    }

    void minPDropsTokensBelowAFractionOfTheBest()
    {
        SamplingParams p;
        p.topK = 0;
        p.topP = 1.0f;
        p.minP = 0.5f;  // keep p >= 0.5 * p_max
        p.temperature = 1.0f;
        Sampler s(p);
        const std::vector<float> logits{std::log(0.4f), std::log(0.3f), std::log(0.19f), std::log(0.11f)};
        for (int i = 0; i < 2000; ++i) {
            const int t = s.sample(logits, {});
            QVERIFY(t == 0 || t == 1);
        }
    }

    void repeatPenaltyTurnsTheChoiceAway()
    {
        SamplingParams p = SamplingParams::greedy();
        p.repeatPenalty = 2.0f;
        p.penaltyLastN = 4;
        Sampler s(p);
        const std::vector<float> logits{2.0f, 1.5f};
        QCOMPARE(s.sample(logits, std::vector<int32_t>{7, 3}), 0);           // token 0 not in history
        QCOMPARE(s.sample(logits, std::vector<int32_t>{0, 3}), 1);           // 2.0 / 2 = 1.0 < 1.5
        QCOMPARE(s.sample(logits, std::vector<int32_t>{0, 1, 1, 1, 1}), 0);  // 0 left the window
    }

    void frequencyAndPresencePenaltiesSubtract()
    {
        SamplingParams p = SamplingParams::greedy();
        p.penaltyLastN = -1;
        p.frequencyPenalty = 0.3f;
        Sampler s(p);
        const std::vector<float> logits{2.0f, 1.5f};
        QCOMPARE(s.sample(logits, std::vector<int32_t>{0}), 0);     // 1.7 > 1.5
        QCOMPARE(s.sample(logits, std::vector<int32_t>{0, 0}), 1);  // 1.4 < 1.5
        SamplingParams q = SamplingParams::greedy();
        q.penaltyLastN = -1;
        q.presencePenalty = 0.6f;
        Sampler t(q);
        QCOMPARE(t.sample(logits, std::vector<int32_t>{0}), 1);  // 1.4 < 1.5
    }
};

QTEST_APPLESS_MAIN(TestSampler)
#include "test_sampler.moc"
