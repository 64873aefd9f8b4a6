#include "strata/tokenizer/gguf_tokenizer_data.hpp"

#include "strata/core/error.hpp"
#include "strata/gguf/metadata.hpp"
#include "strata/gguf/writer.hpp"

#include <string>

namespace strata::tokenizer {
namespace {

constexpr std::string_view kPrefix = "tokenizer.ggml.";
constexpr std::string_view kChatTemplateKey = "tokenizer.chat_template";

std::string key(std::string_view name)
{
    return std::string(kPrefix) + std::string(name);
}

[[noreturn]] void wrongType(const std::string& k, const gguf::Value& v, const char* expected)
{
    throw Error("tokenizer: GGUF key " + k + " is " + v.toDisplayString(4) + " ("
                + std::string(gguf::valueTypeName(v.type())) + "), expected " + expected);
}

std::string requireString(const gguf::Metadata& m, std::string_view name)
{
    const std::string k = key(name);
    const gguf::Value* v = m.find(k);
    if (v == nullptr)
        throw Error("tokenizer: GGUF key " + k + " is missing");
    const auto s = v->asString();
    if (!s)
        wrongType(k, *v, "a string");
    return std::string(*s);
}

std::optional<std::string> optionalString(const gguf::Metadata& m, std::string_view name)
{
    const std::string k = key(name);
    if (!m.contains(k))
        return std::nullopt;
    return requireString(m, name);
}

TokenId optionalId(const gguf::Metadata& m, std::string_view name, TokenId fallback)
{
    const std::string k = key(name);
    const gguf::Value* v = m.find(k);
    if (v == nullptr)
        return fallback;
    const auto id = v->asI64();
    if (!id)
        wrongType(k, *v, "an integer token id");
    // llama.cpp's converters write -1 (as uint32 0xFFFFFFFF) for "none".
    if (*id < 0 || *id == 0xFFFFFFFFll)
        return kNoToken;
    if (*id > 0x7FFFFFFF)
        throw Error("tokenizer: GGUF key " + k + " = " + std::to_string(*id) + " is not a token id");
    return static_cast<TokenId>(*id);
}

bool optionalBool(const gguf::Metadata& m, std::string_view name, bool fallback)
{
    const std::string k = key(name);
    const gguf::Value* v = m.find(k);
    if (v == nullptr)
        return fallback;
    const auto b = v->asBool();
    if (!b)
        wrongType(k, *v, "a bool");
    return *b;
}

// llama.cpp finds the end-of-turn token by its text when a file has no eot_token_id (convert_hf_to_gguf
// does not write one): Llama 3's <|eot_id|>, ChatML's <|im_end|>, Phi's <|end|>, Gemma's <end_of_turn>.
TokenId endOfTurnByText(const TokenizerData& d)
{
    static constexpr std::string_view kTexts[] = {"<|eot_id|>", "<|im_end|>", "<|end|>", "<end_of_turn>"};
    for (std::string_view text : kTexts) {
        for (std::size_t id = 0; id < d.tokens.size(); ++id) {
            const bool control =
                d.tokenType.empty() || d.tokenType[id] == static_cast<std::int32_t>(TokenType::Control);
            if (d.tokens[id] == text && control)
                return static_cast<TokenId>(id);
        }
    }
    return kNoToken;
}

}  // namespace

TokenizerData tokenizerDataFromGguf(const gguf::Metadata& m)
{
    TokenizerData d;
    d.model = requireString(m, "model");
    d.pre = optionalString(m, "pre").value_or("default");

    const std::string tokensKey = key("tokens");
    const gguf::Value* tokens = m.find(tokensKey);
    if (tokens == nullptr)
        throw Error("tokenizer: GGUF key " + tokensKey + " is missing");
    const auto texts = tokens->strings();
    if (!texts)
        wrongType(tokensKey, *tokens, "an array of strings");
    d.tokens.assign(texts->begin(), texts->end());

    if (const gguf::Value* v = m.find(key("token_type"))) {
        const auto types = v->integers();
        if (!types)
            wrongType(key("token_type"), *v, "an array of integers");
        d.tokenType.reserve(types->size());
        for (std::size_t i = 0; i < types->size(); ++i) {
            const std::int64_t t = (*types)[i];
            if (t < 0 || t > static_cast<std::int64_t>(TokenType::Byte)) {
                throw Error("tokenizer: GGUF key " + key("token_type") + "[" + std::to_string(i)
                            + "] = " + std::to_string(t) + " is not a token type");
            }
            d.tokenType.push_back(static_cast<std::int32_t>(t));
        }
    }
    if (const gguf::Value* v = m.find(key("scores"))) {
        const auto scores = v->floats();
        if (!scores)
            wrongType(key("scores"), *v, "an array of numbers");
        d.scores = *scores;
    }
    if (const gguf::Value* v = m.find(key("merges"))) {
        const auto merges = v->strings();
        if (!merges)
            wrongType(key("merges"), *v, "an array of strings");
        d.merges.assign(merges->begin(), merges->end());
    }

    const bool spm = d.model == "llama";
    const auto inRange = [&](TokenId id) { return static_cast<std::size_t>(id) < d.tokens.size() ? id : kNoToken; };
    // Defaults as llama.cpp applies them when a SentencePiece file lacks the keys.
    d.bos = optionalId(m, "bos_token_id", spm ? inRange(1) : kNoToken);
    d.eos = optionalId(m, "eos_token_id", spm ? inRange(2) : kNoToken);
    d.unk = optionalId(m, "unknown_token_id", spm ? inRange(0) : kNoToken);
    d.eot = m.contains(key("eot_token_id")) ? optionalId(m, "eot_token_id", kNoToken) : endOfTurnByText(d);
    d.eom = optionalId(m, "eom_token_id", kNoToken);
    d.pad = optionalId(m, "padding_token_id", kNoToken);
    d.addBos = optionalBool(m, "add_bos_token", spm) && d.bos != kNoToken;
    d.addEos = optionalBool(m, "add_eos_token", false) && d.eos != kNoToken;
    d.addSpacePrefix = optionalBool(m, "add_space_prefix", spm);
    if (const gguf::Value* v = m.find(std::string(kChatTemplateKey))) {
        const auto text = v->asString();
        if (!text)
            wrongType(std::string(kChatTemplateKey), *v, "a string");
        d.chatTemplate = std::string(*text);
    }
    applyPreTokenizerDefaults(d);
    return d;
}

void addTokenizerMetadata(const TokenizerData& d, gguf::Writer& w)
{
    w.set(key("model"), gguf::MetaValue::string(d.model));
    if (!d.pre.empty())
        w.set(key("pre"), gguf::MetaValue::string(d.pre));
    w.set(key("tokens"), gguf::MetaValue::stringArray(d.tokens));
    if (!d.tokenType.empty())
        w.set(key("token_type"), gguf::MetaValue::i32Array(d.tokenType));
    if (!d.scores.empty())
        w.set(key("scores"), gguf::MetaValue::f32Array(d.scores));
    // llama.cpp requires the merges key for byte-level BPE even when it is empty.
    if (!d.merges.empty() || d.model == "gpt2")
        w.set(key("merges"), gguf::MetaValue::stringArray(d.merges));
    const auto id = [&](const char* name, TokenId v) {
        if (v != kNoToken)
            w.set(key(name), gguf::MetaValue::u32(static_cast<std::uint32_t>(v)));
    };
    id("bos_token_id", d.bos);
    id("eos_token_id", d.eos);
    id("eot_token_id", d.eot);
    id("eom_token_id", d.eom);
    id("unknown_token_id", d.unk);
    id("padding_token_id", d.pad);
    w.set(key("add_bos_token"), gguf::MetaValue::boolean(d.addBos));
    w.set(key("add_eos_token"), gguf::MetaValue::boolean(d.addEos));
    if (d.model == "llama")
        w.set(key("add_space_prefix"), gguf::MetaValue::boolean(d.addSpacePrefix));
    if (!d.chatTemplate.empty())
        w.set(std::string(kChatTemplateKey), gguf::MetaValue::string(d.chatTemplate));
}

}  // namespace strata::tokenizer
