// Split files (name-0000N-of-0000M.gguf): opening the first part opens all; errors name the part.
#include "strata/core/error.hpp"
#include "strata/gguf/file.hpp"
#include "strata/gguf/writer.hpp"

#include <QTemporaryDir>
#include <QtTest>

using namespace strata::gguf;

namespace {

std::vector<std::byte> floats(uint64_t n, float base)
{
    std::vector<std::byte> out(n * 4);
    for (uint64_t i = 0; i < n; ++i) {
        const float v = base + float(i);
        std::memcpy(out.data() + i * 4, &v, 4);
    }
    return out;
}

// Writes `count` parts with two tensors each into `dir`; returns the first part's path.
std::string writeSplit(const QTemporaryDir& dir, uint16_t count, int32_t tensorTotal = -1)
{
    std::string first;
    for (uint16_t p = 0; p < count; ++p) {
        Writer w;
        if (p == 0)
            w.set("general.architecture", MetaValue::string("llama"));
        w.set("split.no", MetaValue::u16(p));
        w.set("split.count", MetaValue::u16(count));
        w.set("split.tensors.count", MetaValue::i32(tensorTotal < 0 ? 2 * count : tensorTotal));
        for (int k = 0; k < 2; ++k)
            w.addTensor("blk." + std::to_string(p) + ".t" + std::to_string(k), GgmlType::F32, {4, 2},
                        floats(8, float(100 * p + 10 * k)));
        char name[64];
        std::snprintf(name, sizeof name, "model-%05d-of-%05d.gguf", p + 1, count);
        const std::string path = dir.filePath(name).toStdString();
        w.write(path);
        if (p == 0)
            first = path;
    }
    return first;
}

std::string errorOf(const std::string& path)
{
    try {
        (void)File::open(path);
    } catch (const strata::Error& e) {
        return e.what();
    }
    return "accepted";
}

}  // namespace

class TestGgufSplit : public QObject {
    Q_OBJECT

private slots:
    void allPartsJoinOneTable()
    {
        QTemporaryDir dir;
        const File f = File::open(writeSplit(dir, 3));
        QCOMPARE(f.partCount(), 3u);
        QCOMPARE(f.tensors().size(), size_t{6});
        QCOMPARE(*f.metadata().getString("general.architecture"), std::string_view("llama"));
        const TensorInfo* t = f.findTensor("blk.2.t1");
        QVERIFY(t);
        QCOMPARE(t->part, 2u);
        float v;
        std::memcpy(&v, t->data.data() + 4, 4);
        QCOMPARE(v, 211.0f);
        QVERIFY(f.fileBytes() > 0);
    }

    void partPathsFollowLlamaCppNaming()
    {
        QCOMPARE(splitPartPath("/m/x-00001-of-00004.gguf", 2, 4).string(), std::string("/m/x-00003-of-00004.gguf"));
        QVERIFY_THROWS_EXCEPTION(strata::Error, splitPartPath("/m/x.gguf", 1, 2));
    }

    void missingPartIsAClearError()
    {
        QTemporaryDir dir;
        const std::string first = writeSplit(dir, 3);
        QVERIFY(QFile::remove(dir.filePath("model-00002-of-00003.gguf")));
        const std::string e = errorOf(first);
        QVERIFY2(e.find("split part 2 of 3 is missing") != std::string::npos, e.c_str());
        QVERIFY2(e.find("model-00002-of-00003.gguf") != std::string::npos, e.c_str());
    }

    void laterPartAsksForTheFirst()
    {
        QTemporaryDir dir;
        writeSplit(dir, 2);
        const std::string e = errorOf(dir.filePath("model-00002-of-00002.gguf").toStdString());
        QVERIFY2(e.find("open the first part (model-00001-of-00002.gguf)") != std::string::npos, e.c_str());
    }

    void wrongTensorTotalIsRejected()
    {
        QTemporaryDir dir;
        const std::string e = errorOf(writeSplit(dir, 2, 5));
        QVERIFY2(e.find("split.tensors.count") != std::string::npos, e.c_str());
    }

    void swappedPartsAreRejected()
    {
        QTemporaryDir dir;
        const std::string first = writeSplit(dir, 3);
        QVERIFY(QFile::rename(dir.filePath("model-00003-of-00003.gguf"), dir.filePath("tmp")));
        QVERIFY(QFile::rename(dir.filePath("model-00002-of-00003.gguf"), dir.filePath("model-00003-of-00003.gguf")));
        QVERIFY(QFile::rename(dir.filePath("tmp"), dir.filePath("model-00002-of-00003.gguf")));
        const std::string e = errorOf(first);
        QVERIFY2(e.find("expected part 2 of 3") != std::string::npos, e.c_str());
    }

    void splitKeysNeedSplitNames()
    {
        QTemporaryDir dir;
        Writer w;
        w.set("split.count", MetaValue::u16(2));
        const std::string path = dir.filePath("model.gguf").toStdString();
        w.write(path);
        const std::string e = errorOf(path);
        QVERIFY2(e.find("does not follow") != std::string::npos, e.c_str());
    }

    void missingFileIsAClearError()
    {
        const std::string e = errorOf("/nonexistent/model.gguf");
        QVERIFY2(e.find("/nonexistent/model.gguf: cannot open") != std::string::npos, e.c_str());
    }
};

QTEST_GUILESS_MAIN(TestGgufSplit)
#include "test_gguf_split.moc"
