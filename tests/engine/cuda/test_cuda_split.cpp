// A model split over several GPUs (issue 24), exercised with two and three stages on one GPU (the
// device kind with two GPUs is not lent): each stage has its own weights, scratch, KV cache and
// stream, and the activations hop between them by peer copy, so the logits must equal the
// single-GPU model's bit for bit, for a prompt (the batched path) and for decode steps (one graph
// per stage). Plus: the plan the backend reports, and the refusals (budgets too small, a hybrid
// expert placement over several GPUs).
#include "../model/model_fixtures.hpp"
#include "cuda_test_support.hpp"
#include "strata/core/error.hpp"
#include "strata/kernels/ops.hpp"
#include "strata/model/session.hpp"

using namespace strata;
using gguf::GgmlType;

Q_DECLARE_METATYPE(gguf::GgmlType)

namespace {

gguf::ModelSpec sixLayers(const std::string& arch, GgmlType type)
{
    gguf::ModelSpec s = test::smallSpec(arch, type);
    s.layers = 6;
    return s;
}

std::unique_ptr<model::Model> open(const std::filesystem::path& path, std::vector<int> devices,
                                   std::vector<size_t> budgets)
{
    model::ModelOptions o;
    o.threads = 1;
    o.device = model::Device::Cuda;
    o.cudaSplit.devices = std::move(devices);
    o.cudaSplit.budgets = std::move(budgets);
    o.cudaSplit.plannedContext = 64;
    return model::Model::open(path, o);
}

// The logits after a prompt and after each of 12 greedy decode steps.
std::vector<std::vector<float>> greedySteps(model::Model& m)
{
    model::Session s(m, {.contextLength = 64});
    s.setPrompt(std::vector<int32_t>{3, 141, 59, 26, 53, 58, 97});
    std::vector<std::vector<float>> steps;
    for (int i = 0; i < 12; ++i) {
        steps.emplace_back(s.logits().begin(), s.logits().end());
        s.append(int32_t(kernels::argmax(s.logits().data(), int64_t(s.logits().size()))));
    }
    return steps;
}

}  // namespace

class TestCudaSplit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        const QByteArray why = test::cudaUnavailableReason();
        if (!why.isEmpty())
            QSKIP(why.constData());
        QVERIFY(m_dir.isValid());
    }

    void aSplitGivesTheSingleGpuLogits_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<GgmlType>("type");
        QTest::addColumn<int>("stages");
        QTest::newRow("llama Q4_K, 2 stages") << QString("llama") << GgmlType::Q4_K << 2;
        QTest::newRow("llama Q4_K, 3 stages") << QString("llama") << GgmlType::Q4_K << 3;
        QTest::newRow("qwen3 Q8_0, 2 stages") << QString("qwen3") << GgmlType::Q8_0 << 2;
        QTest::newRow("qwen3moe Q6_K, 2 stages") << QString("qwen3moe") << GgmlType::Q6_K << 2;
        QTest::newRow("qwen3moe Q4_K, 3 stages") << QString("qwen3moe") << GgmlType::Q4_K << 3;
    }

    void aSplitGivesTheSingleGpuLogits()
    {
        QFETCH(QString, arch);
        QFETCH(GgmlType, type);
        QFETCH(int, stages);
        const auto path = test::writeModel(m_dir, sixLayers(arch.toStdString(), type), QTest::currentDataTag());
        const auto single = open(path, {}, {});
        const auto reference = greedySteps(*single);
        const std::vector<model::GpuLayers> whole = single->backend().gpuLayers();
        QCOMPARE(whole.size(), size_t(1));
        QCOMPARE(whole[0].count, 6u);

        // Equal budgets, each enough for the whole model: the planner shares the layers equally.
        const auto split = open(path, std::vector<int>(size_t(stages), 0),
                                std::vector<size_t>(size_t(stages), whole[0].bytes + (size_t(64) << 20)));
        const std::vector<model::GpuLayers> plan = split->backend().gpuLayers();
        QCOMPARE(plan.size(), size_t(stages));
        uint32_t next = 0;
        for (const model::GpuLayers& g : plan) {
            QCOMPARE(g.first, next);
            QCOMPARE(g.count, 6u / uint32_t(stages));
            next += g.count;
        }
        QVERIFY(split->backend().name().find(", ") != std::string::npos);  // every GPU named
        QVERIFY2(greedySteps(*split) == reference, "the split model's logits differ from the single GPU's");
    }

    void budgetsTooSmallAreRefusedWithTheNumbers()
    {
        const auto path = test::writeModel(m_dir, sixLayers("llama", GgmlType::Q8_0), "small budgets");
        try {
            open(path, {0, 0}, {size_t(1) << 20, size_t(1) << 20});
            QFAIL("a model larger than its GPUs' budgets was loaded");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("but the GPUs take GPU 0 1 MiB, GPU 0 1 MiB"), e.what());
        }
    }

    void aHybridPlacementStaysOnOneGpu()
    {
        const auto path = test::writeModel(m_dir, sixLayers("qwen3moe", GgmlType::Q4_K), "hybrid split");
        model::ModelOptions o;
        o.threads = 1;
        o.device = model::Device::Cuda;
        o.cudaSplit.devices = {0, 0};
        o.cudaExperts.placement = model::ExpertPlacement::Cache;
        o.cudaExperts.budget = size_t(1) << 20;
        try {
            model::Model::open(path, o);
            QFAIL("a hybrid placement was split over two GPUs");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("hybrid expert placement runs on one GPU"), e.what());
        }
    }

private:
    QTemporaryDir m_dir;
};

QTEST_APPLESS_MAIN(TestCudaSplit)
#include "test_cuda_split.moc"
