#include "tests/engine/tokenizer/hf_tokenizer_json.hpp"

#include "strata/core/error.hpp"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace strata::tokenizer::test {
namespace {

QJsonObject readJson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) throw Error("cannot open " + path.toStdString());
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (doc.isNull() || !doc.isObject()) {
        throw Error(path.toStdString() + ": invalid JSON at offset " + std::to_string(error.offset) + ": " +
                    error.errorString().toStdString());
    }
    return doc.object();
}

// tokenizer_config.json names tokens either as strings or as {"__type": "AddedToken", "content": ...}.
QString configToken(const QJsonObject& config, const char* key) {
    const QJsonValue v = config.value(QLatin1String(key));
    if (v.isString()) return v.toString();
    if (v.isObject()) return v.toObject().value(QLatin1String("content")).toString();
    return {};
}

// llama.cpp's converter treats added tokens that look like control tokens as control even when
// tokenizer.json does not mark them special.
bool looksSpecial(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("^(<\\|.*\\|>|<｜.*｜>|</?s>|<unk>|<pad>)$"));
    return pattern.match(text).hasMatch();
}

}  // namespace

TokenizerData loadHfTokenizer(const QString& dir, const std::string& pre) {
    const QJsonObject json = readJson(dir + QStringLiteral("/tokenizer.json"));
    const QJsonObject config = readJson(dir + QStringLiteral("/tokenizer_config.json"));
    const QJsonObject model = json.value(QLatin1String("model")).toObject();
    if (model.value(QLatin1String("type")).toString() != QLatin1String("BPE")) {
        throw Error(dir.toStdString() + "/tokenizer.json: model.type is not BPE");
    }
    const bool spm = model.value(QLatin1String("byte_fallback")).toBool();

    TokenizerData data;
    data.model = spm ? "llama" : "gpt2";
    data.pre = spm ? "default" : pre;
    applyPreTokenizerDefaults(data);

    const QJsonObject vocab = model.value(QLatin1String("vocab")).toObject();
    const QJsonArray added = json.value(QLatin1String("added_tokens")).toArray();
    int size = 0;
    for (auto it = vocab.begin(); it != vocab.end(); ++it) size = std::max(size, it.value().toInt() + 1);
    for (const QJsonValue& a : added) size = std::max(size, a.toObject().value(QLatin1String("id")).toInt() + 1);
    data.tokens.assign(static_cast<std::size_t>(size), {});
    data.token_type.assign(static_cast<std::size_t>(size), static_cast<std::int32_t>(TokenType::Unused));
    static const QRegularExpression byte_token(QStringLiteral("^<0x[0-9A-F]{2}>$"));
    for (auto it = vocab.begin(); it != vocab.end(); ++it) {
        const auto id = static_cast<std::size_t>(it.value().toInt());
        data.tokens[id] = it.key().toStdString();
        TokenType type = TokenType::Normal;
        if (spm && byte_token.match(it.key()).hasMatch()) type = TokenType::Byte;
        data.token_type[id] = static_cast<std::int32_t>(type);
    }
    for (const QJsonValue& a : added) {
        const QJsonObject o = a.toObject();
        const auto id = static_cast<std::size_t>(o.value(QLatin1String("id")).toInt());
        const QString content = o.value(QLatin1String("content")).toString();
        data.tokens[id] = content.toStdString();
        const bool special = o.value(QLatin1String("special")).toBool() || looksSpecial(content);
        data.token_type[id] = static_cast<std::int32_t>(special ? TokenType::Control : TokenType::UserDefined);
    }
    for (std::size_t id = 0; id < data.tokens.size(); ++id) {
        if (data.tokens[id].empty()) data.tokens[id] = "[PAD" + std::to_string(id) + "]";  // holes in the id range
    }

    QHash<QString, int> ids;
    for (std::size_t id = 0; id < data.tokens.size(); ++id) ids.insert(QString::fromStdString(data.tokens[id]), static_cast<int>(id));
    const QJsonArray merges = model.value(QLatin1String("merges")).toArray();
    data.merges.reserve(static_cast<std::size_t>(merges.size()));
    for (const QJsonValue& m : merges) {
        if (m.isArray()) {
            const QJsonArray pair = m.toArray();
            data.merges.push_back((pair.at(0).toString() + QLatin1Char(' ') + pair.at(1).toString()).toStdString());
        } else {
            data.merges.push_back(m.toString().toStdString());
        }
    }
    if (spm) {
        // tokenizer.json has no SentencePiece scores; the merge order is the score order.
        data.scores.assign(data.tokens.size(), -1e9f);
        for (std::size_t rank = 0; rank < data.merges.size(); ++rank) {
            const QString m = QString::fromStdString(data.merges[rank]);
            const int space = m.indexOf(QLatin1Char(' '), 1);
            const int id = ids.value(m.left(space) + m.mid(space + 1), -1);
            if (id >= 0 && data.scores[static_cast<std::size_t>(id)] == -1e9f) data.scores[static_cast<std::size_t>(id)] = -static_cast<float>(rank);
        }
        data.merges.clear();
        const QString unk = model.value(QLatin1String("unk_token")).toString();
        if (!unk.isEmpty()) {
            data.unk = ids.value(unk, -1);
            if (data.unk >= 0) data.token_type[static_cast<std::size_t>(data.unk)] = static_cast<std::int32_t>(TokenType::Unknown);
        }
        data.add_space_prefix = true;
    }
    const auto idOf = [&](const QString& text) { return text.isEmpty() ? kNoToken : ids.value(text, kNoToken); };
    data.bos = idOf(configToken(config, "bos_token"));
    data.eos = idOf(configToken(config, "eos_token"));
    data.pad = idOf(configToken(config, "pad_token"));
    data.eot = idOf(QStringLiteral("<|eot_id|>"));
    data.add_bos = config.value(QLatin1String("add_bos_token")).toBool() && data.bos != kNoToken;
    data.add_eos = config.value(QLatin1String("add_eos_token")).toBool() && data.eos != kNoToken;
    return data;
}

}  // namespace strata::tokenizer::test
