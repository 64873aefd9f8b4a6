// Hugging Face tokenizer.json -> GGUF vocabulary, following what llama.cpp's convert_hf_to_gguf.py
// writes (get_vocab_base for byte-level BPE; SpecialVocab for merges, special ids and template).
#include "strata/tokenizer/hf_tokenizer_import.hpp"

#include "strata/core/error.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <optional>
#include <sstream>
#include <unordered_map>

namespace strata::tokenizer {

namespace {

using Json = nlohmann::json;

// convert_hf_to_gguf's does_token_look_special: added tokens shaped like control tokens.
bool looksSpecial(const std::string& t)
{
    const auto wrapped = [&](std::string_view open, std::string_view close) {
        return t.size() >= open.size() + close.size() && t.starts_with(open) && t.ends_with(close);
    };
    return t == "<pad>" || t == "<mask>" || t == "<2mass>" || t == "[@BOS@]" || wrapped("<|", "|>")
           || wrapped("<\xEF\xBD\x9C", "\xEF\xBD\x9C>") /* fullwidth bars, DeepSeek */ || wrapped("<unused", ">");
}

bool isByteToken(const std::string& t)
{
    return t.size() == 6 && t.starts_with("<0x") && t.back() == '>' && std::isxdigit(static_cast<unsigned char>(t[3]))
           && std::isxdigit(static_cast<unsigned char>(t[4]));
}

// New tokenizer.json files store merges as ["left", "right"]; convert joins them with a space and
// writes spaces inside a part as U+0120 so the "a b" form stays unambiguous.
std::string mergeText(const Json& m, const std::string& file, size_t index)
{
    if (m.is_string())
        return m.get<std::string>();
    if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
        std::string out;
        for (std::size_t part = 0; part < 2; ++part) {
            if (part)
                out += ' ';
            for (char c : m[part].get_ref<const std::string&>())
                out += c == ' ' ? std::string("\xC4\xA0") : std::string(1, c);
        }
        return out;
    }
    throw Error(file + ": model.merges[" + std::to_string(index) + "] is neither \"a b\" nor [\"a\", \"b\"]");
}

// The member `key` of an object, or null when absent (or when `object` is not an object).
const Json* member(const Json& object, const char* key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

bool boolMember(const Json& object, const char* key)
{
    const Json* v = member(object, key);
    return v && v->is_boolean() && v->get<bool>();
}

std::optional<std::string> specialContent(const Json& config, const char* key)
{
    const Json* v = member(config, key);
    if (!v)
        return std::nullopt;
    if (v->is_string())
        return v->get<std::string>();
    if (const Json* c = member(*v, "content"); c && c->is_string())
        return c->get<std::string>();
    return std::nullopt;
}

std::string readText(const std::filesystem::path& p)
{
    std::ifstream f(p, std::ios::binary);
    if (!f)
        throw Error(p.string() + ": cannot open");
    std::ostringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

Json parseFile(const std::filesystem::path& p)
{
    const std::string text = readText(p);
    try {
        return Json::parse(text);
    } catch (const Json::exception& e) {
        throw Error(p.string() + ": " + e.what());
    }
}

}  // namespace

TokenizerData importHfTokenizer(const std::filesystem::path& tokenizerJson, size_t minSize)
{
    const std::string file = tokenizerJson.string();
    const Json doc = parseFile(tokenizerJson);
    const Json* model = member(doc, "model");
    if (!model || !model->is_object())
        throw Error(file + ": no \"model\" object");
    const Json* type = member(*model, "type");
    if (!type || !type->is_string() || type->get<std::string>() != "BPE")
        throw Error(file + ": model.type is "
                    + (type && type->is_string() ? "'" + type->get<std::string>() + "'" : "missing")
                    + "; only BPE tokenizers (byte-level or with byte fallback) can be converted");
    const Json* vocabJson = member(*model, "vocab");
    if (!vocabJson || !vocabJson->is_object())
        throw Error(file + ": model.vocab is not an object");
    const bool spm = boolMember(*model, "byte_fallback");

    std::vector<std::string> byId;
    const auto place = [&](int64_t id, const std::string& text, const char* where) {
        if (id < 0 || id > 16'000'000)
            throw Error(file + ": " + where + " token '" + text + "' has id " + std::to_string(id));
        if (static_cast<size_t>(id) >= byId.size())
            byId.resize(static_cast<size_t>(id) + 1);
        byId[static_cast<size_t>(id)] = text;
    };
    for (const auto& [text, id] : vocabJson->items()) {
        if (!id.is_number_integer())
            throw Error(file + ": model.vocab token '" + text + "' has no integer id");
        place(id.get<int64_t>(), text, "model.vocab");
    }
    struct Added {
        bool special, normalized;
    };
    std::unordered_map<int64_t, Added> added;
    std::unordered_map<std::string, int32_t> addedIds;
    if (const Json* list = member(doc, "added_tokens"); list && list->is_array())
        for (const Json& a : *list) {
            const Json* id = member(a, "id");
            const Json* content = member(a, "content");
            if (!id || !id->is_number_integer() || !content || !content->is_string())
                throw Error(file + ": an added_tokens entry lacks id or content");
            const auto n = id->get<int64_t>();
            const std::string& text = content->get_ref<const std::string&>();
            place(n, text, "added_tokens");
            added[n] = {boolMember(a, "special"), boolMember(a, "normalized")};
            addedIds[text] = static_cast<int32_t>(n);
        }

    TokenizerData v;
    v.model = spm ? "llama" : "gpt2";
    v.pre = spm ? "default" : "";
    v.addBos = spm;  // llama.cpp's default when tokenizer_config.json does not say
    const size_t size = std::max(byId.size(), minSize);
    std::unordered_map<std::string, int32_t> ids;
    std::optional<std::string> unkText;
    if (const Json* u = member(*model, "unk_token"); u && u->is_string())
        unkText = u->get<std::string>();
    for (size_t i = 0; i < size; ++i) {
        if (i >= byId.size() || byId[i].empty()) {
            // convert_hf_to_gguf fills holes (and vocab_size beyond the tokenizer) like this.
            v.tokens.push_back("[PAD" + std::to_string(i) + "]");
            v.tokenType.push_back(static_cast<int32_t>(TokenType::Unused));
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
        v.tokenType.push_back(static_cast<int32_t>(t));
    }

    std::vector<std::string> merges;
    if (const Json* m = member(*model, "merges"); m && m->is_array()) {
        merges.reserve(m->size());
        for (size_t i = 0; i < m->size(); ++i)
            merges.push_back(mergeText((*m)[i], file, i));
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
        const Json config = parseFile(configPath);
        const auto idOf = [&](const char* key) -> TokenId {
            const auto text = specialContent(config, key);
            if (!text)
                return kNoToken;
            if (const auto a = addedIds.find(*text); a != addedIds.end())
                return a->second;
            if (const auto n = ids.find(*text); n != ids.end())
                return n->second;
            return kNoToken;
        };
        v.bos = idOf("bos_token");
        v.eos = idOf("eos_token");
        v.unk = idOf("unk_token");
        v.pad = idOf("pad_token");
        if (const Json* b = member(config, "add_bos_token"); b && b->is_boolean())
            v.addBos = b->get<bool>();
        if (const Json* e = member(config, "add_eos_token"); e && e->is_boolean())
            v.addEos = e->get<bool>();
        if (const Json* t = member(config, "chat_template")) {
            if (t->is_string()) {
                v.chatTemplate = t->get<std::string>();
            } else if (t->is_array()) {
                // A list of named templates: the one named "default" is the chat template.
                for (const Json& named : *t) {
                    const Json* name = member(named, "name");
                    const Json* tmpl = member(named, "template");
                    if (name && name->is_string() && name->get<std::string>() == "default" && tmpl && tmpl->is_string())
                        v.chatTemplate = tmpl->get<std::string>();
                }
            }
        }
    }
    if (std::error_code ec; std::filesystem::is_regular_file(dir / "chat_template.jinja", ec))
        v.chatTemplate = readText(dir / "chat_template.jinja");
    if (spm && v.unk == kNoToken && unkText)
        if (const auto n = ids.find(*unkText); n != ids.end())
            v.unk = n->second;
    v.addBos = v.addBos && v.bos != kNoToken;
    v.addEos = v.addEos && v.eos != kNoToken;
    v.addSpacePrefix = spm;
    applyPreTokenizerDefaults(v);
    return v;
}

}  // namespace strata::tokenizer
