// The CPU backend reports each MoE layer's choice of experts (RoutingObserver): one call per layer
// and forward pass, `tokens` rows of experts-used ids, best first, and exactly the experts the
// router picked (checked against a float64 re-computation of its top-k from the router's input).
#include "model_fixtures.hpp"
#include "strata/model/cpu_backend.hpp"
#include "strata/model/model.hpp"

#include <QTest>

#include <algorithm>
#include <numeric>
#include <vector>

using namespace strata;

namespace {

struct Call {
    uint32_t layer;
    uint32_t tokens;
    std::vector<int32_t> experts;
};

struct Input {
    uint32_t layer;
    std::vector<float> rows;
};

gguf::ModelSpec routedSpec()
{
    gguf::ModelSpec s = test::smallSpec("qwen3moe", gguf::GgmlType::Q8_0);
    s.layers = 3;
    s.experts = 16;
    s.expertsUsed = 4;
    return s;
}

std::vector<int32_t> promptTokens(size_t n, uint32_t vocab)
{
    std::vector<int32_t> t(n);
    for (size_t i = 0; i < n; ++i)
        t[i] = int32_t((i * 7919 + 13) % vocab);
    return t;
}

}  // namespace

class TestExpertRouting : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void everyMoeLayerReportsItsTopKOncePerForward()
    {
        const gguf::ModelSpec spec = routedSpec();
        const auto path = test::writeModel(m_dir, spec, "routing");
        std::vector<Call> calls;
        model::ModelOptions o;
        o.threads = 1;
        o.batchSize = 8;
        o.onRouting = [&](uint32_t layer, std::span<const int32_t> experts, uint32_t tokens) {
            calls.push_back({layer, tokens, {experts.begin(), experts.end()}});
        };
        auto m = model::Model::open(path, o);
        auto seq = m->backend().newSequence(64, model::KvType::F16);
        const auto prompt = promptTokens(13, m->hparams().vocabSize);
        m->backend().forward(*seq, std::span(prompt).first(8), {});    // one full batch
        m->backend().forward(*seq, std::span(prompt).subspan(8), {});  // a shorter one
        std::vector<float> logits(m->hparams().vocabSize);
        m->backend().forward(*seq, std::span(prompt).first(1), logits);  // decode

        QCOMPARE(calls.size(), size_t(3 * spec.layers));
        const uint32_t expectedTokens[] = {8, 5, 1};
        for (size_t c = 0; c < calls.size(); ++c) {
            const Call& call = calls[c];
            QCOMPARE(call.layer, uint32_t(c % spec.layers));
            QCOMPARE(call.tokens, expectedTokens[c / spec.layers]);
            QCOMPARE(call.experts.size(), size_t(call.tokens) * spec.expertsUsed);
            for (uint32_t t = 0; t < call.tokens; ++t) {
                std::vector<int32_t> row(call.experts.begin() + t * spec.expertsUsed,
                                         call.experts.begin() + (t + 1) * spec.expertsUsed);
                for (int32_t e : row)
                    QVERIFY(e >= 0 && uint32_t(e) < spec.experts);
                std::sort(row.begin(), row.end());
                QVERIFY2(std::adjacent_find(row.begin(), row.end()) == row.end(), "an expert chosen twice");
            }
        }
    }

    void reportedIdsAreTheRoutersTopKInRankOrder()
    {
        const gguf::ModelSpec spec = routedSpec();
        const auto path = test::writeModel(m_dir, spec, "topk");
        model::ModelOptions mo;
        mo.threads = 1;
        auto m = model::Model::open(path, mo);
        std::vector<Call> calls;
        std::vector<Input> inputs;
        model::CpuBackendOptions o;
        o.maxBatch = 32;
        o.onRouting = [&](uint32_t layer, std::span<const int32_t> experts, uint32_t tokens) {
            calls.push_back({layer, tokens, {experts.begin(), experts.end()}});
        };
        o.onRouterInput = [&](uint32_t layer, std::span<const float> rows, uint32_t) {
            inputs.push_back({layer, {rows.begin(), rows.end()}});
        };
        auto backend = model::makeCpuBackend(m->definition(), m->pool(), o);
        auto seq = backend->newSequence(64, model::KvType::F16);
        const auto prompt = promptTokens(32, m->hparams().vocabSize);
        backend->forward(*seq, prompt, {});
        QCOMPARE(calls.size(), size_t(spec.layers));
        QCOMPARE(inputs.size(), size_t(spec.layers));

        const uint32_t width = spec.embedding, experts = spec.experts, used = spec.expertsUsed;
        size_t compared = 0;
        for (uint32_t l = 0; l < spec.layers; ++l) {
            QCOMPARE(inputs[l].layer, l);
            const float* router = reinterpret_cast<const float*>(m->definition().weights.layers[l].router.data);
            for (uint32_t t = 0; t < calls[l].tokens; ++t) {
                std::vector<double> logit(experts);
                for (uint32_t e = 0; e < experts; ++e)
                    for (uint32_t c = 0; c < width; ++c)
                        logit[e] += double(router[size_t(e) * width + c]) * inputs[l].rows[size_t(t) * width + c];
                std::vector<int32_t> order(experts);
                std::iota(order.begin(), order.end(), 0);
                std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return logit[a] > logit[b]; });
                // A near tie may fall either way in float32: skip tokens with one at a rank that matters.
                bool clear = true;
                for (uint32_t r = 0; r < used; ++r)
                    clear = clear && logit[order[r]] - logit[order[r + 1]] > 1e-4;
                if (!clear)
                    continue;
                ++compared;
                for (uint32_t r = 0; r < used; ++r)
                    QCOMPARE(calls[l].experts[size_t(t) * used + r], order[r]);
            }
        }
        QVERIFY2(compared >= 80, qPrintable(QString::number(compared) + " of 96 tokens compared"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_APPLESS_MAIN(TestExpertRouting)
#include "test_expert_routing.moc"
