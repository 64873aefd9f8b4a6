// The library: scanning generated and broken GGUF files, split models, settings, catalogue,
// the RAM estimate, the file operations (import, rename, remove, default) and models added by hand.
#include "domain/models/catalogue.hpp"
#include "domain/models/library_worker.hpp"
#include "domain/models/memory_estimate.hpp"
#include "domain/models/model_library.hpp"
#include "domain/models/split_file_name.hpp"
#include "gguf_fixtures.hpp"

#include <QDir>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <limits>
#include <memory>

using namespace strata::domain::models;
using strata::gguf::MetaValue;

class TestModelLibrary : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;

    QString path(const QString& name) const { return m_dir->filePath(name); }

    static const ModelEntry* find(const QList<ModelEntry>& entries, const QString& fileName)
    {
        for (const ModelEntry& e : entries)
            if (QFileInfo(e.path).fileName() == fileName)
                return &e;
        return nullptr;
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_settings = std::make_unique<QSettings>(path(QStringLiteral("settings.ini")), QSettings::IniFormat);
    }
    void cleanup()
    {
        m_settings.reset();
        m_dir.reset();
    }

    void splitFileNames()
    {
        SplitFileName s;
        QVERIFY(parseSplitFileName(QStringLiteral("Qwen3-30B-A3B-Q4_K_M-00002-of-00003.gguf"), s));
        QCOMPARE(s.base, QStringLiteral("Qwen3-30B-A3B-Q4_K_M"));
        QCOMPARE(s.index, 2);
        QCOMPARE(s.count, 3);
        QVERIFY(!parseSplitFileName(QStringLiteral("model-00004-of-00003.gguf"), s));
        QVERIFY(!parseSplitFileName(QStringLiteral("model-00000-of-00003.gguf"), s));
        QVERIFY(!parseSplitFileName(QStringLiteral("model-1-of-3.gguf"), s));
        QVERIFY(!parseSplitFileName(QStringLiteral("model.gguf"), s));
        QCOMPARE(splitFileName(QStringLiteral("m"), 1, 12), QStringLiteral("m-00001-of-00012.gguf"));
    }

    void fileTypeNames()
    {
        QCOMPARE(fileTypeName(15), QStringLiteral("Q4_K_M"));
        QCOMPARE(fileTypeName(7), QStringLiteral("Q8_0"));
        QCOMPARE(fileTypeName(32), QStringLiteral("BF16"));
        QCOMPARE(fileTypeName(5), QString());
        QCOMPARE(fileTypeName(1000), QString());
    }

    void settingsKeepFoldersAndTheDefault()
    {
        ModelLibrarySettings s(*m_settings);
        const QString base = ModelLibrarySettings::defaultFolder();
        QVERIFY(base.endsWith(QLatin1String("/models")));
        QCOMPARE(s.folders(), QStringList{base});
        QVERIFY(s.addFolder(m_dir->path() + QStringLiteral("/extra/")));
        QVERIFY(!s.addFolder(m_dir->path() + QStringLiteral("/extra")));
        QVERIFY(!s.addFolder(base));
        QCOMPARE(s.folders(), (QStringList{base, path(QStringLiteral("extra"))}));
        QVERIFY(!s.removeFolder(base));
        s.setDefaultModel(QStringLiteral("/x/y.gguf"));
        m_settings->sync();
        QSettings reread(path(QStringLiteral("settings.ini")), QSettings::IniFormat);
        ModelLibrarySettings again(reread);
        QCOMPARE(again.folders(), (QStringList{base, path(QStringLiteral("extra"))}));
        QCOMPARE(again.defaultModel(), QStringLiteral("/x/y.gguf"));
        QVERIFY(again.removeFolder(path(QStringLiteral("extra"))));
        QCOMPARE(again.folders(), QStringList{base});
    }

    void builtInCatalogueIsValid()
    {
        const Catalogue c = Catalogue::builtIn();
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QVERIFY(c.entries.size() >= 7);
        QStringList names;
        for (const CatalogueEntry& e : c.entries) {
            names << e.name;
            QCOMPARE(e.url.scheme(), QStringLiteral("https"));
            QCOMPARE(e.url.host(), QStringLiteral("huggingface.co"));
            QVERIFY(e.url.path().endsWith(QStringLiteral("/resolve/main/") + e.fileName));
            QVERIFY(e.url.path().startsWith(QLatin1Char('/') + e.repo + QLatin1Char('/')));
            QVERIFY(e.approxSizeBytes > 100'000'000);
            QVERIFY(!e.quantization.isEmpty());
        }
        for (const char* expected : {"Qwen3 0.6B", "Qwen3 1.7B", "Qwen3 4B", "Qwen3 8B", "Qwen3 30B-A3B (MoE)",
                                     "Llama 3.2 1B Instruct", "Llama 3.2 3B Instruct"})
            QVERIFY2(names.contains(QLatin1String(expected)), expected);
    }

    void catalogueErrorsNameTheEntryAndField()
    {
        Catalogue c = Catalogue::parse("{\"format\":1,\"models\":[{\"name\":\"A\",\"file\":\"a.gguf\","
                                       "\"url\":\"http://example.org/a.gguf\"}]}",
                                       QStringLiteral("test.json"));
        QVERIFY(c.entries.isEmpty());
        QVERIFY2(c.error.startsWith(QLatin1String("test.json: models[0] (A): field 'url'")), qPrintable(c.error));
        c = Catalogue::parse("{\"format\":1,\"models\":[{\"name\":\"B\",\"file\":\"../b.gguf\","
                             "\"url\":\"https://example.org/b.gguf\"}]}",
                             QStringLiteral("t"));
        QVERIFY2(c.error.contains(QLatin1String("field 'file'")), qPrintable(c.error));
        c = Catalogue::parse("{\"format\":1,\"models\":[", QStringLiteral("t"));
        QVERIFY2(c.error.contains(QLatin1String("offset")), qPrintable(c.error));
    }

    void scanReadsGeneratedMetadata()
    {
        fixtures::tinyModel().write(fixtures::fsPath(path(QStringLiteral("tiny.gguf"))));
        const QList<ModelEntry> entries = scanFolders({m_dir->path()});
        QCOMPARE(entries.size(), 1);
        const ModelEntry& e = entries[0];
        QVERIFY2(e.loadable(), qPrintable(e.error));
        QCOMPARE(e.displayName, QStringLiteral("Tiny Test Model"));
        QCOMPARE(e.architecture, QStringLiteral("qwen3moe"));
        QCOMPARE(e.parameterCount, qint64(64 * 32 + 2 * 64 * 64));
        QCOMPARE(e.quantization, QStringLiteral("Q4_K_M"));
        QCOMPARE(e.contextLength, qint64(40960));
        QCOMPARE(e.expertCount, 8);
        QCOMPARE(e.expertUsedCount, 2);
        QCOMPARE(e.layerCount, 2);
        QCOMPARE(e.kvHeadsPerLayer, QList<int>{2});
        QCOMPARE(e.keyLength, 16);
        QCOMPARE(e.sizeBytes, QFileInfo(e.path).size());
        QCOMPARE(e.tensorDataBytes, qint64(10240 * 4));
        // On the GPU each tensor starts on a 256-byte boundary: never less than the data itself.
        QVERIFY(e.gpuWeightsBytes >= e.tensorDataBytes);
        QVERIFY(e.chatTemplate.startsWith(QLatin1String("{% for m in messages %}")));
        bool sawArch = false;
        for (const auto& [key, value] : e.metadata)
            sawArch |= key == QLatin1String("general.architecture") && value.contains(QLatin1String("qwen3moe"));
        QVERIFY(sawArch);
        QCOMPARE(e.metadata.size(), 13);
    }

    void memoryEstimateFollowsTheFormula()
    {
        ModelEntry e;
        e.tensorDataBytes = 1'000'000;
        e.layerCount = 2;
        e.kvHeadsPerLayer = {2};
        e.keyLength = 16;
        e.valueLength = 16;
        // K and V: 2 * layers(2) * ctx(1024) * kv_heads(2) * head_dim(16) = 131072 values.
        MemoryEstimate f16 = estimateMemory(e, 1024, strata::model::KvType::F16);
        QCOMPARE(f16.kvCacheBytes, qint64(131072 * 2));
        QCOMPARE(f16.totalBytes, 1'000'000 + 131072 * 2 + kRuntimeOverheadBytes);
        MemoryEstimate q8 = estimateMemory(e, 1024, strata::model::KvType::Q8_0);
        QCOMPARE(q8.kvCacheBytes, qint64(131072 / 32 * 34));
        e.kvHeadsPerLayer = {2, 0};  // a layer without attention holds no cache
        QCOMPARE(estimateMemory(e, 1024, strata::model::KvType::F16).kvCacheBytes, qint64(131072));
        e.kvHeadsPerLayer.clear();
        QCOMPARE(estimateMemory(e, 1024, strata::model::KvType::F16).kvCacheBytes, qint64(-1));
    }

    // A hostile header: the estimate once looped over block_count (up to 2^31) on the GUI thread
    // and multiplied past 64 bits. Issue 18, finding 2.
    void memoryEstimateOfAHostileHeaderIsBoundedAndQuick()
    {
        ModelEntry e;
        e.tensorDataBytes = 1'000'000;
        e.layerCount = std::numeric_limits<int>::max();
        e.kvHeadsPerLayer = {1 << 20};
        e.keyLength = 1 << 30;
        e.valueLength = 1 << 30;
        QElapsedTimer timer;
        timer.start();
        const MemoryEstimate huge = estimateMemory(e, 1 << 30, strata::model::KvType::F16);
        QVERIFY2(timer.elapsed() < 50, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(huge.kvCacheBytes, std::numeric_limits<qint64>::max());  // "more than any machine has"
        QCOMPARE(huge.totalBytes, std::numeric_limits<qint64>::max());
        // A per-layer list shorter than the layer count: the missing layers hold nothing.
        e.layerCount = 1'000'000'000;
        e.kvHeadsPerLayer = {2, 2, 2};
        e.keyLength = e.valueLength = 16;
        timer.restart();
        QCOMPARE(estimateMemory(e, 1024, strata::model::KvType::F16).kvCacheBytes, qint64(3 * 2 * 1024 * 32 * 2));
        QVERIFY2(timer.elapsed() < 50, qPrintable(QString::number(timer.elapsed())));
    }

    // A file with thousands of metadata keys and a huge string: the scan keeps what the table can
    // show, not a QString copy of everything. Issue 18, finding 2.
    void scanCopiesABoundedPartOfHugeMetadata()
    {
        strata::gguf::Writer w = fixtures::tinyModel();
        for (int i = 0; i < 5000; ++i)
            w.set("junk.key" + std::to_string(i), MetaValue::u32(uint32_t(i)));
        w.set("junk.big", MetaValue::string(std::string(4 << 20, 'x')));
        w.set("tokenizer.chat_template", MetaValue::string(std::string(4 << 20, 'y')));
        w.write(fixtures::fsPath(path(QStringLiteral("junk.gguf"))));
        const QList<ModelEntry> entries = scanFolders({m_dir->path()});
        QCOMPARE(entries.size(), 1);
        const ModelEntry& e = entries[0];
        QVERIFY2(e.loadable(), qPrintable(e.error));
        QVERIFY2(e.metadata.size() <= 257, qPrintable(QString::number(e.metadata.size())));
        QVERIFY(e.metadata.constLast().second.contains(QLatin1String("more keys")));
        for (const auto& [key, value] : e.metadata)
            QVERIFY2(value.size() <= 301, qPrintable(key));
        QVERIFY2(e.chatTemplate.size() <= (1 << 20) + 1, qPrintable(QString::number(e.chatTemplate.size())));
        QCOMPARE(e.displayName, QStringLiteral("Tiny Test Model"));  // what matters is still read
    }

    // The VRAM column, worked out by hand from the CUDA backend's allocations (cuda_backend.cpp:
    // one 256-byte aligned piece per buffer; test_cuda_memory checks the same functions against
    // the backend on a GPU).
    void vramEstimateFollowsTheCudaBackendsSizing()
    {
        ModelEntry e;
        e.tensorDataBytes = 1'000'000;
        QCOMPARE(estimateMemory(e, 1024, strata::model::KvType::F16).vramTotalBytes, qint64(-1));  // no sizes

        strata::model::Hparams h;
        h.embedding = 512;
        h.heads = 4;
        h.kvHeads = 2;
        h.headDim = 128;
        h.feedForward = 1024;
        h.vocabSize = 1000;
        h.layers = 2;
        e.hparams = h;
        e.gpuWeightsBytes = 1'000'192;
        const MemoryEstimate m = estimateMemory(e, 1024, strata::model::KvType::Q8_0, 64);
        // K and V in f16 whatever the CPU's type: 2 * layers(2) * ctx(1024) * kv_dim(256) * 2 bytes.
        QCOMPARE(m.vramKvCacheBytes, qint64(2 * 2 * 1024 * 256 * 2));
        // 64 tokens: x, xn, q, attn (4 x 128 KiB), k, v (2 x 64 KiB), gate, up (2 x 256 KiB), the
        // logits (4000 -> 4096), int8 activations of the widest row (64 KiB) with scales and sums
        // (2 x 8 KiB), token ids (256), the start position (256), and split-K attention's scratch:
        // 4 heads x 64 splits x (128 + 2) floats.
        const qint64 scratch =
            4 * 131072 + 2 * 65536 + 2 * 262144 + 4096 + 65536 + 2 * 8192 + 256 + 256 + 4 * 64 * 130 * 4;
        QCOMPARE(m.vramScratchBytes, scratch);
        QCOMPARE(m.vramWeightsBytes, qint64(1'000'192));
        QCOMPARE(m.vramTotalBytes, 1'000'192 + m.vramKvCacheBytes + scratch);
        // A bigger prefill batch needs more scratch, not more weights or cache.
        const MemoryEstimate big = estimateMemory(e, 1024, strata::model::KvType::Q8_0, 512);
        QVERIFY(big.vramScratchBytes > m.vramScratchBytes);
        QCOMPARE(big.vramKvCacheBytes, m.vramKvCacheBytes);
    }

    void malformedFilesAreListedWithTheirError()
    {
        strata::gguf::Writer::Layout layout;
        const auto bytes = fixtures::tinyModel().toBytes(&layout);
        // Cut in the middle of the metadata, and a file that is not GGUF at all.
        fixtures::writeFile(path(QStringLiteral("truncated.gguf")),
                            fixtures::toQBytes(bytes).left(qsizetype(layout.keyValueStarts[3] + 5)));
        fixtures::writeFile(path(QStringLiteral("text.gguf")), "this is not a model\n");
        fixtures::writeFile(path(QStringLiteral("empty.gguf")), {});
        const QList<ModelEntry> entries = scanFolders({m_dir->path()});
        QCOMPARE(entries.size(), 3);
        for (const ModelEntry& e : entries) {
            QVERIFY2(!e.loadable(), qPrintable(e.path));
            QVERIFY2(e.error.contains(QFileInfo(e.path).fileName()), qPrintable(e.error));
        }
        const ModelEntry* truncated = find(entries, QStringLiteral("truncated.gguf"));
        QVERIFY(truncated);
        QVERIFY2(truncated->error.contains(QLatin1String("offset")), qPrintable(truncated->error));
        QCOMPARE(truncated->sizeBytes, qint64(layout.keyValueStarts[3] + 5));
    }

    void splitModelsAreGroupedAsOne()
    {
        using strata::gguf::GgmlType;
        const QString base = QStringLiteral("big-Q8_0");
        for (int part = 0; part < 2; ++part) {
            strata::gguf::Writer w = part == 0 ? fixtures::tinyModel("Split Model") : strata::gguf::Writer{};
            if (part == 1)
                w.addTensor("blk.9.extra.weight", GgmlType::F32, {64, 16}, fixtures::f32Data(64 * 16));
            w.set("split.no", MetaValue::u16(uint16_t(part)));
            w.set("split.count", MetaValue::u16(2));
            w.set("split.tensors.count", MetaValue::i32(4));
            w.write(fixtures::fsPath(path(splitFileName(base, part + 1, 2))));
        }
        // A second split model with one part missing.
        fixtures::tinyModel().write(fixtures::fsPath(path(splitFileName(QStringLiteral("gap"), 1, 3))));
        const QList<ModelEntry> entries = scanFolders({m_dir->path()});
        QCOMPARE(entries.size(), 2);
        const ModelEntry* split = find(entries, splitFileName(base, 1, 2));
        QVERIFY(split);
        QVERIFY2(split->loadable(), qPrintable(split->error));
        QCOMPARE(split->displayName, QStringLiteral("Split Model"));
        QCOMPARE(split->files.size(), 2);
        QCOMPARE(split->parameterCount, qint64(10240 + 64 * 16));
        QCOMPARE(split->sizeBytes, QFileInfo(split->files[0]).size() + QFileInfo(split->files[1]).size());
        const ModelEntry* gap = find(entries, splitFileName(QStringLiteral("gap"), 1, 3));
        QVERIFY(gap);
        QVERIFY(!gap->loadable());
        QVERIFY2(gap->error.contains(QLatin1String("2, 3 of 3 missing")), qPrintable(gap->error));
    }

    void libraryScansOffTheGuiThreadAndManagesFiles()
    {
        const QString folder = path(QStringLiteral("lib"));
        QVERIFY(QDir().mkpath(folder));
        fixtures::tinyModel("Alpha").write(fixtures::fsPath(folder + QStringLiteral("/alpha.gguf")));
        fixtures::tinyModel("Beta").write(fixtures::fsPath(path(QStringLiteral("beta-outside.gguf"))));

        ModelLibrary library(*m_settings);
        QSignalSpy scanned(&library, &ModelLibrary::scanFinished);
        QVERIFY(library.addFolder(folder));
        QVERIFY(scanned.wait(10000));
        ModelListModel* model = library.model();
        QCOMPARE(model->rowCount(), 1);
        QCOMPARE(model->index(0, ModelListModel::NameColumn).data().toString(), QStringLiteral("Alpha"));
        QCOMPARE(model->index(0, ModelListModel::ExpertsColumn).data().toString(), QStringLiteral("8 (2 active)"));
        QCOMPARE(model->index(0, ModelListModel::QuantizationColumn).data().toString(), QStringLiteral("Q4_K_M"));

        // Import by copy: the source stays, the copy arrives whole.
        QSignalSpy imported(&library, &ModelLibrary::importFinished);
        library.importFile(path(QStringLiteral("beta-outside.gguf")), folder, false);
        QVERIFY(imported.wait(10000));
        QCOMPARE(imported.at(0).at(1).toString(), QString());
        QVERIFY(QFile::exists(path(QStringLiteral("beta-outside.gguf"))));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, 10000);
        QCOMPARE(QDir(folder).entryList({QStringLiteral("*.importing")}, QDir::Files), QStringList());
        // Importing the same name again is refused.
        library.importFile(path(QStringLiteral("beta-outside.gguf")), folder, true);
        QVERIFY(imported.wait(10000));
        QVERIFY(imported.at(1).at(1).toString().contains(QLatin1String("already exists")));
        QVERIFY(QFile::exists(path(QStringLiteral("beta-outside.gguf"))));

        // Default, rename (the default follows), remove.
        const QString alpha = folder + QStringLiteral("/alpha.gguf");
        library.setDefaultModel(alpha);
        QCOMPARE(model->index(model->rowOf(alpha), 0).data().toString(), QStringLiteral("Alpha (default)"));
        QCOMPARE(library.rename(alpha, QStringLiteral("../evil")),
                 QStringLiteral("'../evil' is not a valid file name"));
        QVERIFY(library.rename(alpha, QStringLiteral("beta-outside")).contains(QLatin1String("already exists")));
        QCOMPARE(library.rename(alpha, QStringLiteral("gamma")), QString());
        const QString gamma = folder + QStringLiteral("/gamma.gguf");
        QVERIFY(QFile::exists(gamma) && !QFile::exists(alpha));
        QCOMPARE(library.defaultModel(), gamma);
        QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(gamma) >= 0, 10000);
        QCOMPARE(library.remove(gamma), QString());
        QVERIFY(!QFile::exists(gamma));
        QCOMPARE(library.defaultModel(), QString());
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 10000);
    }
    // A model opened from elsewhere (File > Open GGUF) is listed, added by hand, across restarts;
    // removing it forgets it and leaves the file; one inside a folder is not added twice.
    void aModelOpenedByHandIsListedAcrossRestarts()
    {
        const QString folder = path(QStringLiteral("lib"));
        QVERIFY(QDir().mkpath(folder));
        fixtures::tinyModel("Alpha").write(fixtures::fsPath(folder + QStringLiteral("/alpha.gguf")));
        const QString outside = path(QStringLiteral("elsewhere/beta.gguf"));
        QVERIFY(QDir().mkpath(QFileInfo(outside).absolutePath()));
        fixtures::tinyModel("Beta").write(fixtures::fsPath(outside));
        const QString beta = QFileInfo(outside).canonicalFilePath();
        {
            ModelLibrary library(*m_settings);
            QVERIFY(library.addFolder(folder));
            QVERIFY(!library.addOpenedFile(folder + QStringLiteral("/alpha.gguf")));  // in a folder already
            QVERIFY(!library.addOpenedFile(path(QStringLiteral("missing.gguf"))));
            QVERIFY(library.addOpenedFile(outside));
            QTRY_COMPARE_WITH_TIMEOUT(library.model()->rowCount(), 2, 10000);
        }
        m_settings->sync();
        m_settings = std::make_unique<QSettings>(path(QStringLiteral("settings.ini")), QSettings::IniFormat);
        ModelLibrary library(*m_settings);  // the app started again
        QSignalSpy scanned(&library, &ModelLibrary::scanFinished);
        library.rescan();
        QVERIFY(scanned.wait(10000));
        ModelListModel* model = library.model();
        QCOMPARE(model->rowCount(), 2);
        const int row = model->rowOf(beta);
        QVERIFY(row >= 0);
        QVERIFY(model->entryAt(row)->addedByHand);
        QVERIFY(model->entryAt(row)->loadable());
        QCOMPARE(model->index(row, ModelListModel::NameColumn).data().toString(),
                 QStringLiteral("Beta (added by hand)"));
        QVERIFY(!model->entryAt(model->rowOf(QFileInfo(folder + QStringLiteral("/alpha.gguf")).canonicalFilePath()))
                     ->addedByHand);

        QCOMPARE(library.remove(beta), QString());
        QVERIFY(QFile::exists(outside));  // forgotten, not deleted
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 10000);
        QCOMPARE(ModelLibrarySettings(*m_settings).addedFiles(), QStringList());
    }

    // A file added by hand that has since gone is listed with its error, so it can be removed.
    void aVanishedFileAddedByHandShowsItsError()
    {
        const QString file = path(QStringLiteral("gone.gguf"));
        fixtures::tinyModel("Gone").write(fixtures::fsPath(file));
        const QString canonical = QFileInfo(file).canonicalFilePath();
        QFile::remove(file);
        const QList<ModelEntry> entries = scanFolders({}, {canonical});
        QCOMPARE(entries.size(), 1);
        QVERIFY(entries.first().addedByHand);
        QVERIFY(!entries.first().loadable());
    }
};

QTEST_GUILESS_MAIN(TestModelLibrary)
#include "test_model_library.moc"
