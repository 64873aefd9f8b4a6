// The VRAM the model manager estimates (strata/model/cuda_memory.hpp) against what the CUDA
// backend really sizes: its weights and scratch as its budget refusal reports them, and a
// sequence's KV cache as the sequence reports it. And the GPU panel's figure for this process
// (GpuSampler, NVML) once the model is on the GPU.
#include "../model/model_fixtures.hpp"
#include "cuda_test_support.hpp"
#include "strata/core/error.hpp"
#include "strata/model/cuda_memory.hpp"
#include "strata/model/model.hpp"
#include "strata/telemetry/gpu_sampler.hpp"

#include <QRegularExpression>

using namespace strata;

namespace {

uint64_t mibRoundedUp(uint64_t bytes)
{
    return (bytes + (1 << 20) - 1) >> 20;
}

}  // namespace

class TestCudaMemory : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        const QByteArray why = test::cudaUnavailableReason();
        if (!why.isEmpty())
            QSKIP(why.constData());
        QVERIFY(m_dir.isValid());
    }

    void estimateMatchesTheBackendsSizing_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::newRow("qwen3") << QStringLiteral("qwen3");
        QTest::newRow("qwen3moe") << QStringLiteral("qwen3moe");  // the experts' own scratch too
    }

    void estimateMatchesTheBackendsSizing()
    {
        QFETCH(QString, arch);
        gguf::ModelSpec spec = test::smallSpec(arch.toStdString(), gguf::GgmlType::Q8_0);
        spec.embedding = 512;  // head size 128
        spec.feedForward = 1024;
        const auto path = test::writeModel(m_dir, spec, "memory-" + arch.toStdString());
        const gguf::File file = gguf::File::open(path);
        const model::Hparams h = model::readHparams(file.metadata(), "memory");
        constexpr uint32_t kBatch = 64;

        // A budget of one byte: the refusal names the weights and the scratch the backend planned.
        model::ModelOptions o;
        o.threads = 1;
        o.device = model::Device::Cuda;
        o.batchSize = kBatch;
        o.vramBudget = 1;
        QString refusal;
        try {
            model::Model::open(path, o);
        } catch (const Error& e) {
            refusal = QString::fromUtf8(e.what());
        }
        const auto m = QRegularExpression(QStringLiteral("its weights \\((\\d+) MiB\\) and scratch for (\\d+) tokens "
                                                         "\\((\\d+) MiB\\)"))
                           .match(refusal);
        QVERIFY2(m.hasMatch(), qPrintable(refusal));
        QCOMPARE(m.captured(2).toUInt(), kBatch);
        // Every tensor of a generated model is used, so the bound is exact here.
        QCOMPARE(m.captured(1).toULongLong(), mibRoundedUp(model::cudaWeightBytes(file)));
        QCOMPARE(m.captured(3).toULongLong(), mibRoundedUp(model::cudaScratchBytes(h, kBatch)));

        o.vramBudget = 0;
        const auto loaded = model::Model::open(path, o);
        const auto sequence = loaded->backend().newSequence(300, model::KvType::F16);
        QCOMPARE(uint64_t(sequence->bytes()), model::cudaKvCacheBytes(h, 300));

        // NVML's entry for this process holds at least what the backend allocated (plus its context).
        telemetry::GpuSampler sampler;
        if (!sampler.available())
            QSKIP(("NVML: " + sampler.status()).c_str());
        std::vector<telemetry::GpuSample> gpus;
        sampler.sample(gpus);
        QVERIFY(!gpus.empty());
        const std::optional<uint64_t> ours = gpus[0].processMemoryUsedBytes;
        QVERIFY2(ours.has_value(), "this driver's NVML does not report per-process memory");
        if (*ours == 0)
            QSKIP("NVML lists no process with this pid (a PID namespace of its own?)");
        const uint64_t allocated =
            model::cudaWeightBytes(file) + model::cudaScratchBytes(h, kBatch) + model::cudaKvCacheBytes(h, 300);
        QVERIFY2(*ours >= allocated, qPrintable(QString("NVML %1 bytes < allocated %2").arg(*ours).arg(allocated)));
    }
};

QTEST_APPLESS_MAIN(TestCudaMemory)
#include "test_cuda_memory.moc"
