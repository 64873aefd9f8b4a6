// Writer -> reader round trips: every metadata type, tensors, alignment, versions, mmap.
#include "sample_files.hpp"
#include "strata/core/error.hpp"
#include "strata/gguf/file.hpp"

#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace strata::gguf;

class TestGgufRoundtrip : public QObject {
    Q_OBJECT

private:
    static void checkSample(const File& f, uint32_t seed)
    {
        const Metadata& m = f.metadata();
        QCOMPARE(*m.getString("general.architecture"), std::string_view("llama"));
        QCOMPARE(*m.getString("general.name"), std::string_view("sample ünïcode"));
        QCOMPARE(*m.getU32("test.u8"), 200u);
        QCOMPARE(m.find("test.u8")->type(), ValueType::UInt8);
        QCOMPARE(*m.getI32("test.i8"), -100);
        QCOMPARE(*m.getU32("test.u16"), 60000u);
        QCOMPARE(*m.getI32("test.i16"), -30000);
        QCOMPARE(*m.getU32("test.u32"), 4000000000u);
        QCOMPARE(*m.getI32("test.i32"), -2000000000);
        QCOMPARE(*m.getU64("test.u64"), 0xfedcba9876543210ull);
        QCOMPARE(*m.getI64("test.i64"), -0x123456789abcdefll);
        QCOMPARE(*m.getF32("test.f32"), 0.15625f);
        QCOMPARE(*m.getF64("test.f64"), -1.0e300);
        QCOMPARE(*m.getBool("test.bool"), true);
        QCOMPARE(*m.getString("test.empty_string"), std::string_view());
        const auto strings = *m.getStringArray("test.strings");
        QCOMPARE(strings.size(), size_t{4});
        QCOMPARE(strings[0], std::string_view("a b"));
        QCOMPARE(strings[1], std::string_view());
        QCOMPARE(strings[2], std::string_view("Ġhello"));
        QCOMPARE(strings[3], std::string_view("<|im_end|>"));
        QCOMPARE(*m.getIntArray("test.i32s"), (std::vector<int64_t>{1, -2, 3, 2147483647}));
        QCOMPARE(*m.getF32Array("test.f32s"), (std::vector<float>{0.5f, -1.5f, 1e-3f}));
        QCOMPARE(*m.getIntArray("test.u8s"), (std::vector<int64_t>{1, 255}));
        QCOMPARE(*m.getIntArray("test.i64s"), (std::vector<int64_t>{-5, 1ll << 40}));
        QCOMPARE(*m.getF32Array("test.f64s"), (std::vector<float>{2.25f}));
        const Value* bools = m.getArray("test.bools");
        QVERIFY(bools);
        QCOMPARE(bools->size(), uint64_t{2});
        QCOMPARE(*bools->at(0).asBool(), false);
        QCOMPARE(*bools->at(1).asBool(), true);
        QCOMPARE(m.getArray("test.empty_array")->size(), uint64_t{0});
        QCOMPARE(m.getArray("test.empty_array")->elementType(), ValueType::UInt32);
        const Value* nested = m.getArray("test.nested");
        QCOMPARE(nested->size(), uint64_t{3});
        QCOMPARE(nested->elementType(), ValueType::Array);
        QCOMPARE(*nested->at(0).integers(), (std::vector<int64_t>{7, 8}));
        QCOMPARE(nested->at(1).size(), uint64_t{0});
        QCOMPARE(*nested->at(2).integers(), (std::vector<int64_t>{9}));
        const auto nestedStrings = *m.getArray("test.nested_strings")->at(0).strings();
        QCOMPARE(nestedStrings, (std::vector<std::string_view>{"x", "yz"}));

        const auto expected = test::sampleTensors();
        QCOMPARE(f.tensors().size(), expected.size());
        uint32_t k = seed;
        for (size_t i = 0; i < expected.size(); ++i) {
            const TensorInfo& t = f.tensors()[i];
            QCOMPARE(t.name, std::string_view(expected[i].name));
            QCOMPARE(t.type, expected[i].type);
            QCOMPARE(t.dimCount, uint32_t(expected[i].shape.size()));
            for (size_t d = 0; d < expected[i].shape.size(); ++d)
                QCOMPARE(t.shape[d], expected[i].shape[d]);
            QCOMPARE(f.findTensor(t.name), &t);
            const auto bytes = test::randomBytes(t.bytes(), k++);
            QVERIFY(std::memcmp(bytes.data(), t.data.data(), bytes.size()) == 0);
        }
        QVERIFY(!f.findTensor("missing"));
    }

private slots:
    void everyTypeRoundTripsInMemory()
    {
        const auto bytes = test::sampleWriter(3).toBytes();
        const File f = File::fromBytes(bytes, "sample.gguf");
        QCOMPARE(f.version(), 3u);
        QCOMPARE(f.alignment(), 32u);
        checkSample(f, 3);
    }

    void conversionsAreChecked()
    {
        const auto bytes = test::sampleWriter().toBytes();
        const File f = File::fromBytes(bytes);
        const Metadata& m = f.metadata();
        QVERIFY(!m.getU32("test.i8"));   // negative
        QVERIFY(!m.getU32("test.u64"));  // does not fit
        QVERIFY(!m.getI32("test.u32"));  // does not fit
        QCOMPARE(*m.getI64("test.u32"), int64_t{4000000000});
        QVERIFY(!m.getString("test.u32"));
        QVERIFY(!m.getU32("general.name"));
        QVERIFY(!m.getBool("test.u8"));
        QCOMPARE(*m.getF32("test.u16"), 60000.0f);  // integers convert to float
        QVERIFY(!m.getStringArray("test.i32s"));
        QVERIFY(!m.getIntArray("test.strings"));
        QVERIFY(!m.getU32("no.such.key"));
        QVERIFY(!m.getArray("general.name"));
        QCOMPARE(m.entries().front().key, std::string_view("general.architecture"));  // file order kept
    }

    void mappedFileRoundTripsAndDataIsAligned()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("model.gguf").toStdString();
        Writer w = test::sampleWriter(5);
        w.setAlignment(64);
        w.write(path);
        QVERIFY(!QFile::exists(QString::fromStdString(path + ".tmp")));
        const File f = File::open(path);
        QCOMPARE(f.alignment(), 64u);
        QCOMPARE(*f.metadata().getU32("general.alignment"), 64u);
        QCOMPARE(f.partCount(), 1u);
        QCOMPARE(f.dataOffset() % 64, uint64_t{0});
        checkSample(f, 5);
        // mmap returns page-aligned memory, so file alignment shows in the addresses.
        for (const TensorInfo& t : f.tensors())
            QCOMPARE(reinterpret_cast<uintptr_t>(t.data.data()) % 64, uintptr_t{0});
    }

    void version2IsRead()
    {
        Writer w = test::sampleWriter(7);
        w.setVersion(2);
        const auto bytes = w.toBytes();
        const File f = File::fromBytes(bytes);
        QCOMPARE(f.version(), 2u);
        checkSample(f, 7);
    }

    void emptyFileHasNoTensors()
    {
        Writer w;
        const auto bytes = w.toBytes();
        QCOMPARE(bytes.size(), size_t{32});  // 24-byte header, padded to the alignment
        const File f = File::fromBytes(bytes);
        QCOMPARE(f.tensors().size(), size_t{0});
        QCOMPARE(f.metadata().size(), size_t{0});
    }

    void writerRejectsBadTensors()
    {
        Writer w;
        QVERIFY_THROWS_EXCEPTION(strata::Error, w.addTensor("x", GgmlType::Q4_K, {100}, std::vector<std::byte>(100)));
        QVERIFY_THROWS_EXCEPTION(strata::Error, w.addTensor("x", GgmlType::F32, {4}, std::vector<std::byte>(15)));
        QVERIFY_THROWS_EXCEPTION(strata::Error,
                                 w.addTensor("x", GgmlType::F32, {1, 1, 1, 1, 1}, std::vector<std::byte>(4)));
        w.addTensor("x", GgmlType::F32, {4}, std::vector<std::byte>(16));
        QVERIFY_THROWS_EXCEPTION(strata::Error, w.addTensor("x", GgmlType::F32, {4}, std::vector<std::byte>(16)));
        QVERIFY_THROWS_EXCEPTION(strata::Error, w.setAlignment(48));
        w.set("bad", MetaValue::array(ValueType::Int32, {MetaValue::u8(1)}));
        QVERIFY_THROWS_EXCEPTION(strata::Error, w.toBytes());
    }

    void displayStrings()
    {
        const auto bytes = test::sampleWriter().toBytes();
        const File f = File::fromBytes(bytes);
        QCOMPARE(f.metadata().find("test.i32s")->toDisplayString(2), std::string("[int32 x 4: 1, -2, ...]"));
        QCOMPARE(f.metadata().find("test.i8")->toDisplayString(), std::string("-100"));
        QCOMPARE(f.metadata().find("general.architecture")->toDisplayString(), std::string("\"llama\""));
    }
};

QTEST_GUILESS_MAIN(TestGgufRoundtrip)
#include "test_gguf_roundtrip.moc"
