// Hugging Face tokenizer.json -> GGUF vocabulary, following what llama.cpp's convert_hf_to_gguf.py
// writes (get_vocab_base for byte-level BPE; SpecialVocab for merges, special ids and template).
#include "gguf/json_value.hpp"
#include "strata/core/error.hpp"
#include "strata/gguf/vocabulary.hpp"

#include <fstream>
#include <sstream>
#include <unordered_map>

namespace strata::gguf {

namespace {

using detail::JsonValue;

// convert_hf_to_gguf's does_token_look_special: added tokens shaped like control tokens.
bool looksSpecial(const std::string& t)
{
    const auto wrapped = [&](std::string_view open, std::string_view close) {
        return t.size() >= open.size() + close.size() && t.starts_with(open) && t.ends_with(close);
    };
    return t == "<pad>" || t == "<mask>" || t == "<2mass>" || t == "[@BOS@]" || wrapped("<|", "|>") ||
           wrapped("<\xEF\xBD\x9C", "\xEF\xBD\x9C>") /* fullwidth bars, DeepSeek */ || wrapped("<unused", ">");
}

bool isByteToken(const std::string& t)
{
    return t.size() == 6 && t.starts_with("<0x") && t.back() == '>' && std::isxdigit(static_cast<unsigned char>(t[3])) &&
           std::isxdigit(static_cast<unsigned char>(t[4]));
}

// New tokenizer.json files store merges as ["left", "right"]; convert joins them with a space and
// writes spaces inside a part as U+0120 so the "a b" form stays unambiguous.
std::string mergeText(const JsonValue& m, const std::string& file, size_t index)
{
    if (m.isString())
        return m.string();
    if (m.isArray() && m.items().size() == 2 && m.items()[0].isString() && m.items()[1].isString()) {
        std::string out;
        for (int part = 0; part < 2; ++part) {
            if (part)
                out += ' ';
            for (char c : m.items()[part].string())
                out += c == ' ' ? std::string("\xC4\xA0") : std::string(1, c);
        }
        return out;
    }
    throw Error(file + ": model.merges[" + std::to_string(index) + "] is neither \"a b\" nor [\"a\", \"b\"]");
}

std::optional<std::string> specialContent(const JsonValue& config, const std::string& key)
{
    const JsonValue* v = config.find(key);
    if (!v)
        return std::nullopt;
    if (v->isString())
        return v->string();
    if (v->isObject())
        if (const JsonValue* c = v->find("content"); c && c->isString())
            return c->string();
    return std::nullopt;
}

std::string readText(const std::filesystem::path& p)
{
    std::ifstream f(p, std::ios::binary);
    std::ostringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

}  // namespace

Vocabulary importHfTokenizer(const std::filesystem::path& tokenizerJson, size_t minSize)
{
    const std::string file = tokenizerJson.string();
    const JsonValue doc = JsonValue::parseFile(file);
    const JsonValue* model = doc.find("model");
    if (!model || !model->isObject())
        throw Error(file + ": no \"model\" object");
    const JsonValue* type = model->find("type");
    if (!type || !type->isString() || type->string() != "BPE")
        throw Error(file + ": model.type is " + (type && type->isString() ? "'" + type->string() + "'" : "missing") +
                    "; only BPE tokenizers (byte-level or with byte fallback) can be converted");
    const JsonValue* vocabJson = model->find("vocab");
    if (!vocabJson || !vocabJson->isObject())
        throw Error(file + ": model.vocab is not an object");
    const JsonValue* fallback = model->find("byte_fallback");
    const bool spm = fallback && fallback->isBool() && fallback->boolean();

    std::vector<std::string> byId;
    const auto place = [&](int64_t id, const std::string& text, const char* where) {
        if (id < 0 || id > 16'000'000)
            throw Error(file + ": " + where + " token '" + text + "' has id " + std::to_string(id));
        if (static_cast<size_t>(id) >= byId.size())
            byId.resize(static_cast<size_t>(id) + 1);
        byId[static_cast<size_t>(id)] = text;
    };
    for (const auto& [text, id] : vocabJson->members())
        place(static_cast<int64_t>(id.number()), text, "model.vocab");
    struct Added {
        bool special, normalized;
    };
    std::unordered_map<int64_t, Added> added;
    std::unordered_map<std::string, int32_t> addedIds;
    if (const JsonValue* list = doc.find("added_tokens"); list && list->isArray())
        for (const JsonValue& a : list->items()) {
            const JsonValue* id = a.find("id");
            const JsonValue* content = a.find("content");
            if (!id || !id->isNumber() || !content || !content->isString())
                throw Error(file + ": an added_tokens entry lacks id or content");
            const auto n = static_cast<int64_t>(id->number());
            place(n, content->string(), "added_tokens");
            const JsonValue* special = a.find("special");
            const JsonValue* normalized = a.find("normalized");
            added[n] = {special && special->isBool() && special->boolean(),
                        normalized && normalized->isBool() && normalized->boolean()};
            addedIds[content->string()] = static_cast<int32_t>(n);
        }

    Vocabulary v;
    v.model = spm ? "llama" : "gpt2";
    v.pre = spm ? "default" : "";
    const size_t size = std::max(byId.size(), minSize);
    std::unordered_map<std::string, int32_t> ids;
    std::optional<std::string> unkText;
    if (const JsonValue* u = model->find("unk_token"); u && u->isString())
        unkText = u->string();
    for (size_t i = 0; i < size; ++i) {
        if (i >= byId.size() || byId[i].empty()) {
            // convert_hf_to_gguf fills holes (and vocab_size beyond the tokenizer) like this.
            v.tokens.push_back("[PAD" + std::to_string(i) + "]");
            v.types.push_back(TokenType::Unused);
            continue;
        }
        std::string text = byId[i];
        TokenType t = TokenType::Normal;
        if (const auto a = added.find(static_cast<int64_t>(i)); a != added.end()) {
            if (a->second.special || looksSpecial(text)) {
                t = TokenType::Control;
            } else {
                t = TokenType::UserDefined;
                // convert pre-normalizes user-defined tokens: SentencePiece's U+2581 becomes a space.
                for (size_t p; (p = text.find("\xE2\x96\x81")) != std::string::npos;)
                    text.replace(p, 3, " ");
            }
        } else if (spm && isByteToken(text)) {
            t = TokenType::Byte;
        } else if (spm && unkText && text == *unkText) {
            t = TokenType::Unknown;
        }
        ids.emplace(text, static_cast<int32_t>(i));
        v.tokens.push_back(std::move(text));
        v.types.push_back(t);
    }

    std::vector<std::string> merges;
    if (const JsonValue* m = model->find("merges"); m && m->isArray()) {
        merges.reserve(m->items().size());
        for (size_t i = 0; i < m->items().size(); ++i)
            merges.push_back(mergeText(m->items()[i], file, i));
    }
    if (spm) {
        // SentencePiece merges the highest-scoring pair first; -rank reproduces the BPE merge order.
        v.scores.assign(v.tokens.size(), 0.0f);
        std::vector<bool> scored(v.tokens.size(), false);
        for (size_t r = 0; r < merges.size(); ++r) {
            const size_t space = merges[r].find(' ');
            if (space == std::string::npos)
                continue;
            const auto it = ids.find(merges[r].substr(0, space) + merges[r].substr(space + 1));
            if (it != ids.end() && !scored[static_cast<size_t>(it->second)]) {
                v.scores[static_cast<size_t>(it->second)] = -static_cast<float>(r);
                scored[static_cast<size_t>(it->second)] = true;
            }
        }
    } else {
        v.merges = std::move(merges);
    }

    // tokenizer_config.json: special tokens (looked up among added tokens first, as SpecialVocab
    // does), add_bos/add_eos, and the chat template.
    const auto dir = tokenizerJson.parent_path();
    const auto configPath = dir / "tokenizer_config.json";
    if (std::error_code ec; std::filesystem::is_regular_file(configPath, ec)) {
        const JsonValue config = JsonValue::parseFile(configPath.string());
        const auto idOf = [&](const std::string& key) -> std::optional<int32_t> {
            const auto text = specialContent(config, key);
            if (!text)
                return std::nullopt;
            if (const auto a = addedIds.find(*text); a != addedIds.end())
                return a->second;
            if (const auto n = ids.find(*text); n != ids.end())
                return n->second;
            return std::nullopt;
        };
        v.bos = idOf("bos_token");
        v.eos = idOf("eos_token");
        v.unk = idOf("unk_token");
        v.pad = idOf("pad_token");
        if (const JsonValue* b = config.find("add_bos_token"); b && b->isBool())
            v.addBos = b->boolean();
        if (const JsonValue* e = config.find("add_eos_token"); e && e->isBool())
            v.addEos = e->boolean();
        if (const JsonValue* t = config.find("chat_template")) {
            if (t->isString()) {
                v.chatTemplate = t->string();
            } else if (t->isArray()) {
                // A list of named templates: the one named "default" is the chat template.
                for (const JsonValue& named : t->items()) {
                    const JsonValue* name = named.find("name");
                    const JsonValue* tmpl = named.find("template");
                    if (name && name->isString() && name->string() == "default" && tmpl && tmpl->isString())
                        v.chatTemplate = tmpl->string();
                }
            }
        }
    }
    if (std::error_code ec; std::filesystem::is_regular_file(dir / "chat_template.jinja", ec))
        v.chatTemplate = readText(dir / "chat_template.jinja");
    if (spm && !v.unk && unkText)
        if (const auto n = ids.find(*unkText); n != ids.end())
            v.unk = n->second;
    return v;
}

}  // namespace strata::gguf
