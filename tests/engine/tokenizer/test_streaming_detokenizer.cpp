// The streaming detokenizer: never half a code point, the same text as a whole decode, U+FFFD only
// for bytes that can never become valid.
#include "tests/engine/tokenizer/vocab_fixtures.hpp"

#include "strata/tokenizer/streaming_detokenizer.hpp"

#include <QTest>

using namespace strata::tokenizer;
using namespace strata::tokenizer::test;

namespace {

bool isCompleteUtf8(const std::string& s)
{
    const QByteArray bytes = QByteArray::fromStdString(s);
    return QString::fromUtf8(bytes).toUtf8() == bytes;
}

// A byte-level vocabulary of exactly the 256 bytes, so a test can push arbitrary bytes one at a time.
Tokenizer byteVocabulary()
{
    TokenizerData d;
    d.model = "gpt2";
    d.pre = "default";
    for (int b = 0; b < 256; ++b) {
        std::string bytes(1, static_cast<char>(b));
        // GPT-2's alphabet: reuse the engine's mapping through a one-byte round trip below.
        d.tokens.push_back(bytes);
    }
    // Build the byte-level stand-ins: printable Latin-1 stays, the rest moves to U+0100...
    char32_t next = 0x100;
    for (int b = 0; b < 256; ++b) {
        const bool printable = (b >= 0x21 && b <= 0x7E) || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
        const char32_t cp = printable ? char32_t(b) : next++;
        QString s = QString::fromUcs4(&cp, 1);
        d.tokens[static_cast<std::size_t>(b)] = s.toStdString();
    }
    return Tokenizer(d);
}

}  // namespace

class TestStreamingDetokenizer : public QObject {
    Q_OBJECT

    VocabCache m_cache;

    std::string streamBytes(const Tokenizer& tok, const std::string& bytes, std::vector<std::string>* chunks)
    {
        StreamingDetokenizer stream(tok);
        std::string out;
        for (char c : bytes) {
            std::string piece = stream.push(static_cast<unsigned char>(c));
            if (chunks)
                chunks->push_back(piece);
            out += piece;
        }
        std::string tail = stream.finish();
        if (chunks)
            chunks->push_back(tail);
        return out + tail;
    }

private slots:
    void holdsIncompleteCodePoints()
    {
        const Tokenizer tok = byteVocabulary();
        std::vector<std::string> chunks;
        const std::string text = "a\xC3\xA9\xE6\x97\xA5\xF0\x9F\x98\x80z";  // a é 日 😀 z
        QCOMPARE(streamBytes(tok, text, &chunks), text);
        for (const auto& c : chunks)
            QVERIFY2(isCompleteUtf8(c), c.c_str());
        QCOMPARE(chunks[1], std::string());  // first byte of é: held
        QCOMPARE(chunks[2], std::string("\xC3\xA9"));
    }

    void invalidBytesBecomeReplacementAtOnce()
    {
        const Tokenizer tok = byteVocabulary();
        StreamingDetokenizer stream(tok);
        QCOMPARE(stream.push(0xFF), std::string("\xEF\xBF\xBD"));
        QCOMPARE(stream.push(0x80), std::string("\xEF\xBF\xBD"));  // lone continuation byte
        QCOMPARE(stream.push(0xE2), std::string());
        QCOMPARE(stream.push('x'), std::string("\xEF\xBF\xBD"
                                               "x"));  // E2 followed by ASCII: definitely invalid
        QCOMPARE(stream.push(0xED), std::string());
        QCOMPARE(stream.push(0xA0), std::string("\xEF\xBF\xBD\xEF\xBF\xBD"));  // a surrogate: never valid
        QCOMPARE(stream.push(0xF0), std::string());
        QCOMPARE(stream.push(0x9F), std::string());
        QCOMPARE(stream.finish(), std::string("\xEF\xBF\xBD"));  // ended inside a code point
        QCOMPARE(stream.push('q'), std::string("q"));            // finish() reset the stream
    }

    // Every reference case, token by token, gives the whole decode and never a partial code point.
    // One byte-level and one SentencePiece vocabulary: loading all six costs more than it adds here.
    void realVocabulariesStreamLikeWholeDecode()
    {
        for (const auto& m : {vocabModels()[1], vocabModels()[3]}) {
            const Tokenizer& tok = m_cache.get(m);
            for (const auto& c : loadReference(m.name)) {
                StreamingDetokenizer stream(tok);
                std::string out;
                for (TokenId id : c.ids) {
                    const std::string piece = stream.push(id);
                    QVERIFY2(isCompleteUtf8(piece), qPrintable(QLatin1String(m.name) + QLatin1Char('/') + c.file));
                    out += piece;
                }
                out += stream.finish();
                QCOMPARE(QByteArray::fromStdString(out), QByteArray::fromStdString(tok.decode(c.ids)));
            }
        }
    }

    void sentencePieceDropsLeadingSpaceOnce()
    {
        const Tokenizer& tok = m_cache.get(vocabModels()[3]);
        const auto ids = tok.encode(" two  spaces", EncodeOptions{.addSpecial = true});
        StreamingDetokenizer stream(tok, DecodeOptions{.renderSpecial = false});
        std::string out;
        for (TokenId id : ids)
            out += stream.push(id);
        out += stream.finish();
        QCOMPARE(out, std::string(" two  spaces"));
    }
};

QTEST_GUILESS_MAIN(TestStreamingDetokenizer)
#include "test_streaming_detokenizer.moc"
