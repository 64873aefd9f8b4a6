// The multi-GPU layer split (issue 24) as arithmetic: contiguous ranges in device order, sized by
// each GPU's capacity, with the KV cache, the embedding on the first GPU in use and the head on the
// GPU with the last layer; a model too large for all of them is refused with the numbers.
#include "model_fixtures.hpp"
#include "strata/core/error.hpp"
#include "strata/model/layer_split.hpp"
#include "strata/model/model.hpp"

#include <QtTest>

using namespace strata;
using model::GpuCapacity;
using model::LayerRange;

namespace {

constexpr size_t kMiB = size_t(1) << 20;

model::SplitDemand uniform(uint32_t layers, size_t layerMiB, size_t kvMiB)
{
    model::SplitDemand d;
    d.layerWeights.assign(layers, layerMiB * kMiB);
    d.kvPerLayer = kvMiB * kMiB;
    d.firstDevice = 500 * kMiB;
    d.lastDevice = 600 * kMiB;
    d.perDevice = 300 * kMiB;
    return d;
}

uint32_t layersOn(const std::vector<LayerRange>& ranges, int device)
{
    for (const LayerRange& r : ranges)
        if (r.device == device)
            return r.count;
    return 0;
}

void verifyCovers(const std::vector<LayerRange>& ranges, uint32_t layers, std::span<const GpuCapacity> gpus)
{
    uint32_t next = 0;
    for (const LayerRange& r : ranges) {
        QCOMPARE(r.first, next);  // contiguous, in device order
        next += r.count;
        for (const GpuCapacity& g : gpus)
            if (g.device == r.device)
                QVERIFY2(r.bytes <= g.bytes, qPrintable(QString("GPU %1 over its capacity").arg(r.device)));
    }
    QCOMPARE(next, layers);
}

}  // namespace

class TestLayerSplit : public QObject {
    Q_OBJECT
private slots:
    void equalGpusShareEqually()
    {
        const auto d = uniform(48, 400, 50);
        const GpuCapacity gpus[] = {{0, 40000 * kMiB}, {1, 40000 * kMiB}};
        const auto ranges = model::planLayerSplit(d, gpus);
        QCOMPARE(int(ranges.size()), 2);
        verifyCovers(ranges, 48, gpus);
        QCOMPARE(layersOn(ranges, 0), 24u);
        QCOMPARE(layersOn(ranges, 1), 24u);
        QCOMPARE(ranges[0].bytes, (300 + 500 + 24 * 450) * kMiB);  // scratch, embedding, 24 layers with KV
        QCOMPARE(ranges[1].bytes, (300 + 600 + 24 * 450) * kMiB);  // scratch, head, 24 layers with KV
    }

    void sharesFollowCapacity()
    {
        const auto d = uniform(40, 400, 100);
        const GpuCapacity gpus[] = {{0, 30000 * kMiB}, {1, 10000 * kMiB}};
        const auto ranges = model::planLayerSplit(d, gpus);
        verifyCovers(ranges, 40, gpus);
        QCOMPARE(layersOn(ranges, 0), 30u);  // 3:1
        QCOMPARE(layersOn(ranges, 1), 10u);
    }

    void oneGpuTakesEverything()
    {
        const auto d = uniform(32, 400, 50);
        const GpuCapacity gpus[] = {{3, 80000 * kMiB}};
        const auto ranges = model::planLayerSplit(d, gpus);
        QCOMPARE(int(ranges.size()), 1);
        QCOMPARE(ranges[0].device, 3);
        QCOMPARE(ranges[0].bytes, (300 + 500 + 600 + 32 * 450) * kMiB);
    }

    // A GPU with no room for a layer beside its scratch is skipped; the embedding then goes to the
    // first GPU that holds layers.
    void aTooSmallGpuIsSkipped()
    {
        const auto d = uniform(8, 400, 50);
        const GpuCapacity gpus[] = {{0, 600 * kMiB}, {1, 20000 * kMiB}};
        const auto ranges = model::planLayerSplit(d, gpus);
        QCOMPARE(int(ranges.size()), 1);
        QCOMPARE(ranges[0].device, 1);
        QCOMPARE(ranges[0].bytes, (300 + 500 + 600 + 8 * 450) * kMiB);
        verifyCovers(ranges, 8, gpus);
    }

    // More than both hold: refused before anything is allocated, with the numbers.
    void tooLargeIsRefusedWithTheNumbers()
    {
        const auto d = uniform(48, 400, 50);
        const GpuCapacity gpus[] = {{0, 8000 * kMiB}, {1, 8000 * kMiB}};
        try {
            model::planLayerSplit(d, gpus);
            QFAIL("a model larger than both GPUs was split");
        } catch (const Error& e) {
            const QString m = e.what();
            QVERIFY2(m.contains("GPU 0 8000 MiB") && m.contains("GPU 1 8000 MiB") && m.contains("22700 MiB"), e.what());
        }
    }

    // The demand of a real (generated) model: every layer's weights, a KV cache per layer from
    // the context and type, the embedding and the head.
    void demandOfAModel()
    {
        QTemporaryDir dir;
        const auto path = test::writeModel(dir, test::smallSpec("llama", gguf::GgmlType::Q8_0), "split");
        const auto m = model::Model::open(path, {.threads = 0});
        const auto f16 = model::splitDemand(m->definition(), 1024, model::KvType::F16, 0);
        const auto q8 = model::splitDemand(m->definition(), 1024, model::KvType::Q8_0, 0);
        QCOMPARE(f16.layerWeights.size(), size_t(m->hparams().layers));
        QCOMPARE(f16.kvPerLayer, 2 * size_t(1024) * m->hparams().kvDim() * 2);
        QCOMPARE(q8.kvPerLayer, 2 * size_t(1024) * m->hparams().kvDim() / 32 * 34);
        QVERIFY(f16.firstDevice > 0 && f16.lastDevice > 0);
        size_t sum = f16.firstDevice + f16.lastDevice;
        for (size_t w : f16.layerWeights)
            sum += w;
        QVERIFY(sum <= m->file().fileBytes());  // every tensor counted once, none invented
        QVERIFY(sum > m->file().fileBytes() / 2);
    }
};

QTEST_GUILESS_MAIN(TestLayerSplit)
#include "test_layer_split.moc"
