// A malformed-file corpus generated from valid files the writer makes: every truncation of the
// headers, random truncations of the data, and targeted corruptions of each field. Every one must
// be rejected with strata::Error (never a crash; the engine preset runs this under ASan/UBSan),
// and the message must name the file, the field and the byte offset.
#include "sample_files.hpp"
#include "strata/core/error.hpp"
#include "strata/gguf/file.hpp"

#include <QElapsedTimer>
#include <QtTest>

#include <cstring>
#include <functional>
#include <random>

using namespace strata::gguf;

namespace {

using Bytes = std::vector<std::byte>;

template <typename T>
void poke(Bytes& b, uint64_t at, T v)
{
    std::memcpy(b.data() + at, &v, sizeof(T));
}

template <typename T>
T peek(const Bytes& b, uint64_t at)
{
    T v;
    std::memcpy(&v, b.data() + at, sizeof(T));
    return v;
}

// Returns the error message, or fails the test when the file was accepted.
std::string rejection(const Bytes& b, const std::string& what)
{
    try {
        (void)File::fromBytes(b, "corpus.gguf");
    } catch (const strata::Error& e) {
        return e.what();
    }
    QTest::qFail(("accepted a malformed file: " + what).c_str(), __FILE__, __LINE__);
    return {};
}

struct TensorFields {
    uint64_t nameLength, name, dimCount, dims, type, offset;
};

TensorFields tensorFields(const Bytes& b, uint64_t start)
{
    const auto len = peek<uint64_t>(b, start);
    const auto n = peek<uint32_t>(b, start + 8 + len);
    return {start, start + 8, start + 8 + len, start + 12 + len, start + 12 + len + 8 * n, start + 16 + len + 8 * n};
}

struct KeyFields {
    uint64_t keyLength, type, value;
};

KeyFields keyFields(const Bytes& b, uint64_t start)
{
    const auto len = peek<uint64_t>(b, start);
    return {start, start + 8 + len, start + 12 + len};
}

}  // namespace

class TestGgufMalformed : public QObject {
    Q_OBJECT

    Bytes m_valid;
    Writer::Layout m_layout;
    int m_rejected = 0;

    void expectRejected(const Bytes& b, const std::string& what, const std::string& mustMention = {})
    {
        const std::string msg = rejection(b, what);
        if (msg.empty())
            return;
        ++m_rejected;
        if (msg.find("corpus.gguf") == std::string::npos || msg.find("offset") == std::string::npos)
            QTest::qFail(("message lacks file or offset for " + what + ": " + msg).c_str(), __FILE__, __LINE__);
        if (!mustMention.empty() && msg.find(mustMention) == std::string::npos)
            QTest::qFail(("message for " + what + " lacks '" + mustMention + "': " + msg).c_str(), __FILE__, __LINE__);
    }

private slots:
    void initTestCase()
    {
        m_valid = test::sampleWriter().toBytes(&m_layout);
        (void)File::fromBytes(m_valid, "corpus.gguf");  // the base file is valid
    }

    void everyHeaderTruncationIsRejected()
    {
        // Every prefix shorter than the data section: covers every section boundary.
        for (uint64_t n = 0; n < m_layout.dataStart; ++n)
            expectRejected(Bytes(m_valid.begin(), m_valid.begin() + static_cast<ptrdiff_t>(n)),
                           "truncated at " + std::to_string(n));
        QVERIFY(m_rejected >= int(m_layout.dataStart));
    }

    void randomDataTruncationsAreRejected()
    {
        // Cuts inside the tensor data (the trailing padding after the last tensor is optional).
        const uint64_t lastEnd = m_layout.tensorDataStarts.back() + File::fromBytes(m_valid).tensors().back().bytes();
        std::mt19937 rng(42);
        std::vector<uint64_t> cuts = {m_layout.dataStart, lastEnd - 1};
        for (uint64_t s : m_layout.tensorDataStarts)
            cuts.push_back(s);
        for (int i = 0; i < 300; ++i)
            cuts.push_back(m_layout.dataStart + rng() % (lastEnd - m_layout.dataStart));
        for (uint64_t n : cuts)
            expectRejected(Bytes(m_valid.begin(), m_valid.begin() + static_cast<ptrdiff_t>(n)),
                           "data truncated at " + std::to_string(n), "past the end");
    }

    void headerCorruptionsAreRejected()
    {
        Bytes b = m_valid;
        b[0] = std::byte{'X'};
        expectRejected(b, "bad magic", "magic");
        for (uint32_t v : {0u, 1u, 4u, 0x03000000u, 0xffffffffu}) {
            b = m_valid;
            poke<uint32_t>(b, 4, v);
            expectRejected(b, "version " + std::to_string(v), "version");
        }
        for (uint64_t c : std::initializer_list<uint64_t>{~0ull, 1ull << 32, 1ull << 62, uint64_t(m_valid.size())}) {
            b = m_valid;
            poke<uint64_t>(b, 8, c);
            expectRejected(b, "tensor count " + std::to_string(c), "tensor count");
            b = m_valid;
            poke<uint64_t>(b, 16, c);
            expectRejected(b, "key count " + std::to_string(c), "key/value count");
        }
        // Off-by-one counts make the parser read the next section as the wrong thing.
        b = m_valid;
        poke<uint64_t>(b, 8, peek<uint64_t>(b, 8) + 1);
        expectRejected(b, "tensor count + 1");
        b = m_valid;
        poke<uint64_t>(b, 16, peek<uint64_t>(b, 16) + 1);
        expectRejected(b, "key count + 1");
        b = m_valid;
        poke<uint64_t>(b, 16, peek<uint64_t>(b, 16) - 1);
        expectRejected(b, "key count - 1");
    }

    void metadataCorruptionsAreRejected()
    {
        for (size_t i = 0; i < m_layout.keyValueStarts.size(); ++i) {
            const KeyFields f = keyFields(m_valid, m_layout.keyValueStarts[i]);
            const std::string key = "key " + std::to_string(i);
            for (uint64_t len : std::initializer_list<uint64_t>{~0ull, 1ull << 63, uint64_t(m_valid.size())}) {
                Bytes b = m_valid;
                poke<uint64_t>(b, f.keyLength, len);
                expectRejected(b, key + " length " + std::to_string(len), "metadata key " + std::to_string(i));
            }
            for (uint32_t t : {13u, 99u, 0xffffffffu}) {
                Bytes b = m_valid;
                poke<uint32_t>(b, f.type, t);
                expectRejected(b, key + " type " + std::to_string(t), "unknown value type");
            }
            const auto type = static_cast<ValueType>(peek<uint32_t>(m_valid, f.type));
            if (type == ValueType::String) {
                Bytes b = m_valid;
                poke<uint64_t>(b, f.value, ~0ull >> 1);
                expectRejected(b, key + " huge string", "string length");
            } else if (type == ValueType::Array) {
                for (uint32_t t : {13u, 0xffffffffu}) {
                    Bytes b = m_valid;
                    poke<uint32_t>(b, f.value, t);
                    expectRejected(b, key + " element type", "array element type");
                }
                for (uint64_t c :
                     std::initializer_list<uint64_t>{~0ull, 1ull << 62, 1ull << 61, uint64_t(m_valid.size())}) {
                    Bytes b = m_valid;
                    poke<uint64_t>(b, f.value + 4, c);
                    expectRejected(b, key + " array count " + std::to_string(c), "array count");
                }
            }
        }
    }

    void tensorInfoCorruptionsAreRejected()
    {
        const File good = File::fromBytes(m_valid);
        for (size_t i = 0; i < m_layout.tensorInfoStarts.size(); ++i) {
            const TensorFields f = tensorFields(m_valid, m_layout.tensorInfoStarts[i]);
            const std::string tensor = "tensor " + std::to_string(i);
            const std::string named = tensor + " '" + std::string(good.tensors()[i].name) + "'";
            for (uint64_t len : std::initializer_list<uint64_t>{~0ull, 1ull << 40, uint64_t(m_valid.size()), 0ull}) {
                Bytes b = m_valid;
                poke<uint64_t>(b, f.nameLength, len);
                expectRejected(b, tensor + " name length " + std::to_string(len), tensor);
            }
            for (uint32_t n : {0u, 5u, 0xffffffffu}) {
                Bytes b = m_valid;
                poke<uint32_t>(b, f.dimCount, n);
                expectRejected(b, tensor + " dims " + std::to_string(n), named);
            }
            {
                Bytes b = m_valid;
                poke<uint64_t>(b, f.dims, 0);
                expectRejected(b, tensor + " zero dim", named + " dimension 0");
                b = m_valid;
                poke<uint64_t>(b, f.dims, ~0ull);
                expectRejected(b, tensor + " huge dim", named + " dimension 0");
            }
            if (good.tensors()[i].dimCount >= 2) {
                Bytes b = m_valid;
                poke<uint64_t>(b, f.dims, 1ull << 32);
                poke<uint64_t>(b, f.dims + 8, 1ull << 32);
                expectRejected(b, tensor + " dims overflow", "overflows");
                b = m_valid;
                poke<uint64_t>(b, f.dims + 8, 1ull << 40);  // fits in 63 bits but not in the file
                expectRejected(b, tensor + " too many rows", named + " offset");
            }
            for (uint32_t t : {4u, 5u, 31u, 40u, 1000u, 0xffffffffu}) {
                Bytes b = m_valid;
                poke<uint32_t>(b, f.type, t);
                expectRejected(b, tensor + " type " + std::to_string(t), "unknown tensor type");
            }
            const uint64_t offset = peek<uint64_t>(m_valid, f.offset);
            for (uint64_t o : std::initializer_list<uint64_t>{offset + 1, offset + 16, ~0ull, ~0ull - 31,
                                                              uint64_t(m_valid.size()) & ~31ull, (1ull << 63)}) {
                Bytes b = m_valid;
                poke<uint64_t>(b, f.offset, o);
                expectRejected(b, tensor + " offset " + std::to_string(o), named + " offset");
            }
            if (i > 0) {
                Bytes b = m_valid;
                poke<uint64_t>(b, f.offset,
                               peek<uint64_t>(m_valid, tensorFields(m_valid, m_layout.tensorInfoStarts[0]).offset));
                expectRejected(b, tensor + " overlapping data", "overlaps");
            }
        }
        // A row length that is not a whole number of blocks (the Q4_K tensor, 256 per block).
        Bytes b = m_valid;
        poke<uint64_t>(b, tensorFields(m_valid, m_layout.tensorInfoStarts[2]).dims, 255);
        expectRejected(b, "partial block", "block of 256");
    }

    void duplicatesAreRejected()
    {
        Writer w;
        w.set("a.key", MetaValue::u32(1));
        w.set("b.key", MetaValue::u32(2));
        w.addTensor("t.a", GgmlType::F32, {8}, std::vector<std::byte>(32));
        w.addTensor("t.b", GgmlType::F32, {8}, std::vector<std::byte>(32));
        Writer::Layout l;
        const Bytes base = w.toBytes(&l);
        Bytes b = base;
        b[l.keyValueStarts[1] + 8] = std::byte{'a'};
        expectRejected(b, "duplicate key", "duplicate key");
        b = base;
        b[l.tensorInfoStarts[1] + 8 + 2] = std::byte{'a'};
        expectRejected(b, "duplicate tensor", "duplicate tensor name");
    }

    void badAlignmentsAreRejected()
    {
        for (auto value : {MetaValue::u32(0), MetaValue::u32(3), MetaValue::u32(48), MetaValue::u64(1ull << 40),
                           MetaValue::i32(-32), MetaValue::string("32"), MetaValue::f32(32.0f)}) {
            Writer w;
            w.set("general.alignment", value);
            w.addTensor("t", GgmlType::F32, {8}, std::vector<std::byte>(32));
            expectRejected(w.toBytes(), "alignment " + std::string(valueTypeName(value.type())), "general.alignment");
        }
        // A valid larger alignment whose tensor offsets do not honour it.
        Writer w;
        w.setAlignment(64);
        w.addTensor("t.a", GgmlType::F32, {8}, std::vector<std::byte>(32));
        w.addTensor("t.b", GgmlType::F32, {8}, std::vector<std::byte>(32));
        Writer::Layout l;
        Bytes b = w.toBytes(&l);
        poke<uint64_t>(b, tensorFields(b, l.tensorInfoStarts[1]).offset, 32);
        expectRejected(b, "offset not aligned to 64", "not a multiple of the alignment 64");
    }

    void deepNestingIsRejected()
    {
        MetaValue v = MetaValue::i32Array({1});
        for (int i = 0; i < 12; ++i)
            v = MetaValue::array(ValueType::Array, {v});
        Writer w;
        w.set("deep", v);
        expectRejected(w.toBytes(), "nesting", "nested deeper");
    }

    // Random byte flips in the headers may or may not make a file invalid; either way the reader
    // must answer with a File or a strata::Error, never crash (ASan/UBSan watch this).
    void randomFlipsNeverCrash()
    {
        std::mt19937 rng(7);
        QElapsedTimer timer;
        timer.start();
        int accepted = 0, rejected = 0;
        for (int i = 0; i < 20000 && timer.elapsed() < 4000; ++i) {
            Bytes b = m_valid;
            const int flips = 1 + int(rng() % 4);
            for (int k = 0; k < flips; ++k)
                b[rng() % m_layout.dataStart] ^= std::byte(1u << (rng() % 8));
            try {
                const File f = File::fromBytes(b, "flip.gguf");
                for (const TensorInfo& t : f.tensors())
                    QVERIFY(t.data.data() >= b.data() && t.data.data() + t.data.size() <= b.data() + b.size());
                ++accepted;
            } catch (const strata::Error&) {
                ++rejected;
            }
        }
        qInfo("random flips: %d rejected, %d still valid", rejected, accepted);
        QVERIFY(rejected > 0);
    }

    // Issue 18: the reader caps what a header may claim before it allocates for it.
    void oversizedClaimsAreRejected()
    {
        // 70,000 distinct keys with one-byte values (1.4 MB), written directly: the Writer checks
        // each key against the others, which is quadratic for this many.
        Bytes many(24);
        std::memcpy(many.data(), "GGUF", 4);
        poke<uint32_t>(many, 4, 3);
        poke<uint64_t>(many, 8, 0);
        poke<uint64_t>(many, 16, 70000);
        for (int i = 0; i < 70000; ++i) {
            const std::string key = "k" + std::to_string(i);
            const uint64_t at = many.size();
            many.resize(at + 8 + key.size() + 4 + 1);
            poke<uint64_t>(many, at, key.size());
            std::memcpy(many.data() + at + 8, key.data(), key.size());
            poke<uint32_t>(many, at + 8 + key.size(), uint32_t(ValueType::UInt8));
        }
        expectRejected(many, "70000 metadata keys", "more than the 65536 allowed");

        // An array of 2^24 + 1 one-byte elements (16 MiB: real vocabularies are 262k tokens).
        Writer longArray;
        longArray.set("a", MetaValue::array(ValueType::UInt8, {}));
        Bytes arr = longArray.toBytes(&m_layout);
        // Patch the empty array's count and append the elements the count claims.
        const uint64_t countAt = m_layout.keyValueStarts[0] + 8 + 1 + 4 + 4;
        QCOMPARE(peek<uint64_t>(arr, countAt), uint64_t(0));
        poke<uint64_t>(arr, countAt, (1ull << 24) + 1);
        arr.insert(arr.begin() + static_cast<ptrdiff_t>(countAt + 8), (1u << 24) + 1, std::byte{0});
        expectRejected(arr, "array of 2^24 + 1 elements", "more than the 16777216 allowed");

        Writer longKey;
        longKey.set(std::string(65536, 'k'), MetaValue::u8(1));
        expectRejected(longKey.toBytes(), "a 65536-byte key", "more than 65535");
        m_layout = {};
        m_valid = test::sampleWriter().toBytes(&m_layout);
    }

    // The GGUF spec caps tensor names at 64 bytes (ggml's name field); llama.cpp rejects longer.
    void tensorNamesLongerThan64BytesAreRejected()
    {
        const auto withName = [](const std::string& name) {
            Writer w;
            w.addTensor(name, GgmlType::F32, {4}, Bytes(16));
            return w.toBytes();
        };
        (void)File::fromBytes(withName(std::string(64, 'n')), "corpus.gguf");  // at the limit: fine
        expectRejected(withName(std::string(65, 'n')), "a 65-byte tensor name", "more than the GGUF limit of 64");
    }

    void cleanupTestCase() { qInfo("%d malformed files rejected", m_rejected); }
};

QTEST_GUILESS_MAIN(TestGgufMalformed)
#include "test_gguf_malformed.moc"
