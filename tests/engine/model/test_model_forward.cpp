// The CPU backend computes the same logits however the work is cut: a whole prompt at once, in
// small chunks, token by token, or continuing a reused prefix. (Agreement with llama.cpp itself
// is checked by test_model_reference.)
#include "model_fixtures.hpp"
#include "strata/core/error.hpp"
#include "strata/model/architecture.hpp"
#include "strata/model/session.hpp"
#include "strata/model/weight_traffic.hpp"

#include <QTest>

#include <cmath>
#include <numeric>
#include <vector>

using namespace strata;

namespace {

std::vector<int32_t> promptTokens(size_t n, uint32_t vocab)
{
    std::vector<int32_t> t(n);
    for (size_t i = 0; i < n; ++i)
        t[i] = int32_t((i * 7919 + 13) % vocab);
    return t;
}

std::vector<float> lastLogits(model::Model& m, std::span<const int32_t> prompt)
{
    model::Session s(m, {.contextLength = 128});
    s.setPrompt(prompt);
    return {s.logits().begin(), s.logits().end()};
}

double maxAbsDiff(const std::vector<float>& a, const std::vector<float>& b)
{
    double d = 0;
    for (size_t i = 0; i < a.size(); ++i)
        d = std::max(d, double(std::abs(a[i] - b[i])));
    return d;
}

}  // namespace

class TestModelForward : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void wholePromptEqualsTokenByToken_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<int>("type");
        for (const model::Architecture* a : model::architectures()) {  // every architecture the engine runs
            const std::string arch(a->name);
            for (auto type : {gguf::GgmlType::F32, gguf::GgmlType::Q8_0, gguf::GgmlType::Q4_K, gguf::GgmlType::Q6_K})
                QTest::addRow("%s-%d", arch.c_str(), int(type)) << QString::fromStdString(arch) << int(type);
        }
    }

    void wholePromptEqualsTokenByToken()
    {
        QFETCH(QString, arch);
        QFETCH(int, type);
        const auto spec = test::smallSpec(arch.toStdString(), gguf::GgmlType(type));
        const auto path = test::writeModel(m_dir, spec, arch.toStdString() + "-" + std::to_string(type));
        auto m = model::Model::open(path, {.threads = 1});
        QCOMPARE(m->hparams().architecture, arch.toStdString());
        const auto prompt = promptTokens(24, m->hparams().vocabSize);

        const auto whole = lastLogits(*m, prompt);
        for (float x : whole)
            QVERIFY(std::isfinite(x));

        model::Session s(*m, {.contextLength = 128});
        s.setPrompt(std::span(prompt).first(1));
        for (size_t i = 1; i < prompt.size(); ++i)
            s.append(prompt[i]);
        const std::vector<float> stepwise(s.logits().begin(), s.logits().end());
        // The same dot products in the same order: prefill and decode agree to the last bit.
        QCOMPARE(maxAbsDiff(whole, stepwise), 0.0);

        // A different prompt gives different logits (the check above is not vacuous).
        auto other = prompt;
        other[3] = (other[3] + 1) % int32_t(m->hparams().vocabSize);
        QVERIFY(maxAbsDiff(whole, lastLogits(*m, other)) > 1e-3);
    }

    // Decode on a pool of four workers beside the host. Its batches finish their rows in whichever chunk completes
    // a block (SwiGLU and the down product's activations after gate and up; the experts' weighted
    // sum after down); the logits still carry the bits of the host alone.
    void decodeOnAPoolEqualsTheHostAlone_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<int>("type");
        for (const char* arch : {"llama", "qwen3moe"})
            for (auto type : {gguf::GgmlType::F32, gguf::GgmlType::Q8_0, gguf::GgmlType::Q4_K})
                QTest::addRow("%s-%d", arch, int(type)) << QString(arch) << int(type);
    }

    void decodeOnAPoolEqualsTheHostAlone()
    {
        QFETCH(QString, arch);
        QFETCH(int, type);
        const auto spec = test::smallSpec(arch.toStdString(), gguf::GgmlType(type));
        const auto path = test::writeModel(m_dir, spec, "threads-" + arch.toStdString() + "-" + std::to_string(type));
        const auto decode = [&](int threads) {
            auto m = model::Model::open(path, {.threads = threads});
            const auto prompt = promptTokens(12, m->hparams().vocabSize);
            model::Session s(*m, {.contextLength = 64});
            s.setPrompt(std::span(prompt).first(1));
            std::vector<float> all;
            for (size_t i = 1; i < prompt.size(); ++i) {
                s.append(prompt[i]);
                all.insert(all.end(), s.logits().begin(), s.logits().end());
            }
            return all;
        };
        const auto alone = decode(0), pooled = decode(4);
        QCOMPARE(pooled.size(), alone.size());
        QCOMPARE(maxAbsDiff(alone, pooled), 0.0);
    }

    void chunkedPrefillEqualsOneBatch()
    {
        const auto path = test::writeModel(m_dir, test::smallSpec("qwen3moe", gguf::GgmlType::Q8_0), "chunks");
        auto big = model::Model::open(path, {.threads = 1});
        auto small = model::Model::open(path, {.threads = 1, .batchSize = 5});
        const auto prompt = promptTokens(23, big->hparams().vocabSize);
        QCOMPARE(maxAbsDiff(lastLogits(*big, prompt), lastLogits(*small, prompt)), 0.0);
    }

    void reusedPrefixGivesTheSameLogits()
    {
        const auto path = test::writeModel(m_dir, test::smallSpec("qwen3", gguf::GgmlType::Q8_0), "reuse");
        auto m = model::Model::open(path, {.threads = 1});
        const auto a = promptTokens(30, m->hparams().vocabSize);
        auto b = a;
        for (size_t i = 20; i < b.size(); ++i)
            b[i] = (b[i] + 5) % int32_t(m->hparams().vocabSize);

        model::Session s(*m, {.contextLength = 128});
        s.setPrompt(a);
        const model::PrefillResult r = s.setPrompt(b);
        QCOMPARE(r.reused, 20u);
        QCOMPARE(r.computed, 10u);
        const std::vector<float> reused(s.logits().begin(), s.logits().end());
        QCOMPARE(maxAbsDiff(reused, lastLogits(*m, b)), 0.0);

        // The same prompt again recomputes only its last token.
        QCOMPARE(s.setPrompt(b).computed, 1u);
    }

    void q8KvCacheStaysCloseToF16()
    {
        const auto path = test::writeModel(m_dir, test::smallSpec("llama", gguf::GgmlType::Q8_0), "kv");
        auto m = model::Model::open(path, {.threads = 1});
        const auto prompt = promptTokens(40, m->hparams().vocabSize);
        model::Session f16(*m, {.contextLength = 64, .kv = model::KvType::F16});
        model::Session q8(*m, {.contextLength = 64, .kv = model::KvType::Q8_0});
        f16.setPrompt(prompt);
        q8.setPrompt(prompt);
        const std::vector<float> a(f16.logits().begin(), f16.logits().end());
        const std::vector<float> b(q8.logits().begin(), q8.logits().end());
        const double spread = std::abs(*std::max_element(a.begin(), a.end()) - *std::min_element(a.begin(), a.end()));
        const double diff = maxAbsDiff(a, b);
        QVERIFY2(diff > 0.0, "a Q8_0 cache rounds differently from f16");
        QVERIFY2(diff < 0.05 * spread, qPrintable(QString("diff %1 spread %2").arg(diff).arg(spread)));
    }

    void promptLongerThanTheContextIsAClearError()
    {
        const auto path = test::writeModel(m_dir, test::smallSpec("llama", gguf::GgmlType::F32), "ctx");
        auto m = model::Model::open(path, {.threads = 1});
        model::Session s(*m, {.contextLength = 16});
        const auto prompt = promptTokens(17, m->hparams().vocabSize);
        try {
            s.setPrompt(prompt);
            QFAIL("no error");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("17 tokens") && QString(e.what()).contains("16"), e.what());
        }
        s.setPrompt(std::span(prompt).first(16));
        QVERIFY_THROWS_EXCEPTION(Error, s.append(1));
        QVERIFY_THROWS_EXCEPTION(Error, s.setPrompt(std::vector<int32_t>{int32_t(m->hparams().vocabSize)}));
    }

    // The decode roofline's numerator, recomputed from the file's tensor table: every tensor once,
    // the token embedding as one row (unless it doubles as the output head), expert stacks at
    // experts_used / experts.
    void decodeTrafficCountsWhatOneTokenReads()
    {
        for (const char* arch : {"llama", "qwen3moe"}) {
            const auto spec = test::smallSpec(arch, gguf::GgmlType::Q8_0);
            auto m = model::Model::open(test::writeModel(m_dir, spec, std::string("traffic-") + arch));
            uint64_t want = 0;
            bool tied = true;
            for (const gguf::TensorInfo& t : m->file().tensors())
                tied = tied && t.name != "output.weight";
            for (const gguf::TensorInfo& t : m->file().tensors()) {
                if (t.name == "token_embd.weight")
                    want += tied ? t.bytes() : t.bytes() / t.rows();
                else if (t.name.find("_exps") != std::string_view::npos)
                    want += t.bytes() / spec.experts * spec.expertsUsed;
                else
                    want += t.bytes();
            }
            const model::DecodeTraffic traffic = model::decodeTraffic(m->definition());
            QCOMPARE(traffic.total(), want);
            QCOMPARE(traffic.expertBytes > 0, spec.experts > 0);
        }
    }

    void unsupportedArchitectureIsNamed()
    {
        auto spec = test::smallSpec("llama", gguf::GgmlType::F32);
        gguf::Writer w = tokenizer::syntheticModelFile(spec, tokenizer::syntheticByteVocabulary());
        w.set("general.architecture", gguf::MetaValue::string("gemma2"));
        const auto path = std::filesystem::path(m_dir.path().toStdString()) / "gemma.gguf";
        w.write(path);
        try {
            model::Model::open(path);
            QFAIL("no error");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("gemma2") && QString(e.what()).contains("qwen3moe"), e.what());
        }
    }

private:
    QTemporaryDir m_dir;
};

QTEST_APPLESS_MAIN(TestModelForward)
#include "test_model_forward.moc"
