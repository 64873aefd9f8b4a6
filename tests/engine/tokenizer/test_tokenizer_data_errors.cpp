// Bad tokenizer metadata is a clear strata::Error naming the field, never a crash.
#include "strata/core/error.hpp"
#include "strata/gguf/file.hpp"
#include "strata/gguf/writer.hpp"
#include "strata/tokenizer/gguf_tokenizer_data.hpp"
#include "strata/tokenizer/tokenizer.hpp"

#include <QTest>

using namespace strata::tokenizer;

namespace {

TokenizerData tinyBpe()
{
    TokenizerData d;
    d.model = "gpt2";
    d.pre = "llama-bpe";
    d.tokens = {"a", "b", "ab", "<|end|>"};
    d.tokenType = {1, 1, 1, 3};
    d.merges = {"a b"};
    return d;
}

QString errorOf(const TokenizerData& d)
{
    try {
        Tokenizer t(d);
    } catch (const strata::Error& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace

class TestTokenizerDataErrors : public QObject {
    Q_OBJECT

private slots:
    void tinyVocabularyWorks()
    {
        const Tokenizer t(tinyBpe());
        QCOMPARE(t.encode("abab", {.addSpecial = false}), (std::vector<TokenId>{2, 2}));
        QCOMPARE(t.encode("ab<|end|>", {.addSpecial = false, .parseSpecial = true}), (std::vector<TokenId>{2, 3}));
    }

    void errors_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("model") << 0 << "tokenizer.ggml.model";
        QTest::newRow("pre") << 1 << "tokenizer.ggml.pre";
        QTest::newRow("token_type size") << 2 << "token_type";
        QTest::newRow("token_type value") << 3 << "token_type[1]";
        QTest::newRow("bos range") << 4 << "bos_token_id";
        QTest::newRow("merge without space") << 5 << "merges[0]";
        QTest::newRow("empty vocabulary") << 6 << "tokens is empty";
        QTest::newRow("spm scores") << 7 << "scores";
        QTest::newRow("add_bos without bos") << 8 << "add_bos_token";
    }
    void errors()
    {
        QFETCH(int, which);
        QFETCH(QString, mentions);
        TokenizerData d = tinyBpe();
        switch (which) {
        case 0: d.model = "bert"; break;
        case 1: d.pre = "no-such-pre"; break;
        case 2: d.tokenType.pop_back(); break;
        case 3: d.tokenType[1] = 42; break;
        case 4: d.bos = 99; break;
        case 5: d.merges = {"ab"}; break;
        case 6:
            d.tokens.clear();
            d.tokenType.clear();
            break;
        case 7:
            d.model = "llama";
            d.scores = {0.0f};
            break;
        case 8: d.addBos = true; break;
        }
        const QString message = errorOf(d);
        QVERIFY2(message.contains(mentions), qPrintable(QStringLiteral("got: '%1'").arg(message)));
    }

    void ggufKeysRoundTrip()
    {
        TokenizerData d = tinyBpe();
        d.eos = 3;
        d.chatTemplate = "{{ messages[0].content }}";
        strata::gguf::Writer w;
        addTokenizerMetadata(d, w);
        const auto bytes = w.toBytes();
        const auto file = strata::gguf::File::fromBytes(bytes);
        const TokenizerData back = tokenizerDataFromGguf(file.metadata());
        QCOMPARE(back.tokens, d.tokens);
        QCOMPARE(back.tokenType, d.tokenType);
        QCOMPARE(back.merges, d.merges);
        QCOMPARE(back.eos, 3);
        QCOMPARE(back.bos, kNoToken);
        QCOMPARE(back.chatTemplate, d.chatTemplate);
        QVERIFY(back.ignoreMerges);  // llama-bpe
    }

    void ggufKeyErrors_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("no model") << 0 << "tokenizer.ggml.model is missing";
        QTest::newRow("tokens not strings") << 1 << "tokenizer.ggml.tokens";
        QTest::newRow("bad token type") << 2 << "tokenizer.ggml.token_type[0]";
        QTest::newRow("bos as string") << 3 << "tokenizer.ggml.bos_token_id";
        QTest::newRow("template not a string") << 4 << "tokenizer.chat_template";
    }
    void ggufKeyErrors()
    {
        QFETCH(int, which);
        QFETCH(QString, mentions);
        strata::gguf::Writer w;
        addTokenizerMetadata(tinyBpe(), w);
        using strata::gguf::MetaValue;
        switch (which) {
        case 0: {
            strata::gguf::Writer bare;
            bare.set("tokenizer.ggml.tokens", MetaValue::stringArray({"a"}));
            w = bare;
            break;
        }
        case 1: w.set("tokenizer.ggml.tokens", MetaValue::i32Array({1, 2})); break;
        case 2: w.set("tokenizer.ggml.token_type", MetaValue::i32Array({9, 1, 1, 1})); break;
        case 3: w.set("tokenizer.ggml.bos_token_id", MetaValue::string("1")); break;
        case 4: w.set("tokenizer.chat_template", MetaValue::u32(7)); break;
        }
        const auto bytes = w.toBytes();
        const auto file = strata::gguf::File::fromBytes(bytes);
        QString message;
        try {
            tokenizerDataFromGguf(file.metadata());
        } catch (const strata::Error& e) {
            message = QString::fromUtf8(e.what());
        }
        QVERIFY2(message.contains(mentions), qPrintable(QStringLiteral("got: '%1'").arg(message)));
    }

    void bytesWithoutTokensAreErrorsNotCrashes()
    {
        const Tokenizer t(tinyBpe());
        QVERIFY_THROWS_EXCEPTION(strata::Error, t.encode("xyz"));
    }
};

QTEST_GUILESS_MAIN(TestTokenizerDataErrors)
#include "test_tokenizer_data_errors.moc"
