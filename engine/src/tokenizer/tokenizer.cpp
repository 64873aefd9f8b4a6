#include "strata/tokenizer/tokenizer.hpp"

#include "strata/core/error.hpp"
#include "tokenizer/bpe_merges.hpp"
#include "tokenizer/byte_level.hpp"
#include "tokenizer/pre_tokenizer.hpp"
#include "tokenizer/special_tokens.hpp"
#include "tokenizer/spm_merges.hpp"
#include "tokenizer/unicode_text.hpp"
#include "tokenizer/word_cache.hpp"

#include <cstdio>
#include <optional>
#include <unordered_map>

namespace strata::tokenizer {
namespace {

constexpr std::string_view kSpmSpace = "\xE2\x96\x81";  // U+2581, SentencePiece's visible space

void checkId(const TokenizerData& d, TokenId id, const char* key)
{
    if (id != kNoToken && (id < 0 || static_cast<std::size_t>(id) >= d.tokens.size())) {
        throw Error(std::string("tokenizer: tokenizer.ggml.") + key + " = " + std::to_string(id)
                    + " is outside the vocabulary of " + std::to_string(d.tokens.size()) + " tokens");
    }
}

std::string replaceAll(std::string_view text, std::string_view from, std::string_view to)
{
    std::string out;
    out.reserve(text.size() + text.size() / 4);
    for (std::size_t pos = 0;;) {
        const std::size_t hit = text.find(from, pos);
        if (hit == std::string_view::npos) {
            out.append(text.substr(pos));
            return out;
        }
        out.append(text.substr(pos, hit - pos));
        out.append(to);
        pos = hit + from.size();
    }
}

}  // namespace

struct Tokenizer::Impl {
    TokenizerData data;
    bool spm = false;
    std::vector<std::string> rendered;  // bytes each token decodes to (control tokens: their text)
    std::unordered_map<std::string_view, TokenId> textToId;
    std::unordered_map<std::string_view, TokenId> bytesToId;  // byte-level: normal tokens by their bytes
    std::optional<PreTokenizer> pre;
    std::optional<BpeMerges> bpe;
    std::optional<SpmMerges> spmMerges;
    std::optional<SpecialTokens> specials;

    TokenType type(std::size_t id) const
    {
        return data.tokenType.empty() ? TokenType::Normal : static_cast<TokenType>(data.tokenType[id]);
    }
    void encodeText(std::string_view text, bool afterSpecial, std::vector<TokenId>& out) const;
};

Tokenizer::Tokenizer(const TokenizerData& data) : impl_(std::make_unique<Impl>())
{
    Impl& m = *impl_;
    m.data = data;
    const TokenizerData& d = m.data;
    if (d.model == "llama") {
        m.spm = true;
    } else if (d.model != "gpt2") {
        throw Error("tokenizer: tokenizer.ggml.model = '" + d.model
                    + "' is not supported (expected 'gpt2' or 'llama')");
    }
    if (d.tokens.empty())
        throw Error("tokenizer: tokenizer.ggml.tokens is empty");
    if (!d.tokenType.empty() && d.tokenType.size() != d.tokens.size()) {
        throw Error("tokenizer: tokenizer.ggml.token_type has " + std::to_string(d.tokenType.size()) + " entries for "
                    + std::to_string(d.tokens.size()) + " tokens");
    }
    for (std::size_t i = 0; i < d.tokenType.size(); ++i) {
        if (d.tokenType[i] < 0 || d.tokenType[i] > static_cast<std::int32_t>(TokenType::Byte)) {
            throw Error("tokenizer: tokenizer.ggml.token_type[" + std::to_string(i)
                        + "] = " + std::to_string(d.tokenType[i]) + " is not a token type");
        }
    }
    checkId(d, d.bos, "bos_token_id");
    checkId(d, d.eos, "eos_token_id");
    checkId(d, d.eot, "eot_token_id");
    checkId(d, d.eom, "eom_token_id");
    checkId(d, d.unk, "unknown_token_id");
    checkId(d, d.pad, "padding_token_id");
    if (d.addBos && d.bos == kNoToken)
        throw Error("tokenizer: tokenizer.ggml.add_bos_token is set but there is no bos_token_id");
    if (d.addEos && d.eos == kNoToken)
        throw Error("tokenizer: tokenizer.ggml.add_eos_token is set but there is no eos_token_id");

    m.textToId.reserve(d.tokens.size());
    m.rendered.resize(d.tokens.size());
    for (std::size_t id = 0; id < d.tokens.size(); ++id) {
        const std::string& text = d.tokens[id];
        m.textToId.try_emplace(text, static_cast<TokenId>(id));
        switch (m.type(id)) {
        case TokenType::Normal:
        case TokenType::Undefined:
            if (m.spm) {
                m.rendered[id] = replaceAll(text, kSpmSpace, " ");
            } else if (auto bytes = byteLevelToBytes(text)) {
                m.rendered[id] = std::move(*bytes);
            } else {
                m.rendered[id] = text;  // not in the byte alphabet: the text is the bytes
            }
            break;
        case TokenType::Byte: {
            unsigned value = 0;
            char tail = 0;
            if (text.size() == 6 && std::sscanf(text.c_str(), "<0x%2X>%c", &value, &tail) == 1) {
                m.rendered[id] = std::string(1, static_cast<char>(value));
            } else if (!m.spm) {
                m.rendered[id] = byteLevelToBytes(text).value_or(text);
            } else {
                throw Error("tokenizer: tokenizer.ggml.tokens[" + std::to_string(id) + "] = '" + text
                            + "' is a byte token but not of the form <0xXX>");
            }
            break;
        }
        case TokenType::Unused: break;
        case TokenType::Control:
        case TokenType::Unknown:
        case TokenType::UserDefined: m.rendered[id] = text; break;
        }
    }
    if (m.spm) {
        m.spmMerges.emplace(d, m.textToId);
    } else {
        m.pre.emplace(d.pre);
        m.bytesToId.reserve(d.tokens.size());
        std::vector<std::string> normalBytes(d.tokens.size());
        for (std::size_t id = 0; id < d.tokens.size(); ++id) {
            const TokenType t = m.type(id);
            if (t != TokenType::Normal && t != TokenType::Undefined && t != TokenType::Byte)
                continue;
            normalBytes[id] = m.rendered[id];
            m.bytesToId.try_emplace(m.rendered[id], static_cast<TokenId>(id));
        }
        m.bpe.emplace(d, normalBytes, m.textToId);
    }
    m.specials.emplace(d);
}

Tokenizer::~Tokenizer() = default;
Tokenizer::Tokenizer(Tokenizer&&) noexcept = default;
Tokenizer& Tokenizer::operator=(Tokenizer&&) noexcept = default;

void Tokenizer::Impl::encodeText(std::string_view text, bool afterSpecial, std::vector<TokenId>& out) const
{
    if (spm) {
        // SentencePiece sees spaces as U+2581 and, like llama.cpp and HF's "legacy" Llama tokenizer,
        // a dummy space before the text and before text that follows a special token.
        std::string escaped;
        if (data.addSpacePrefix && afterSpecial)
            escaped.append(kSpmSpace);
        escaped.append(replaceAll(text, " ", kSpmSpace));
        SpmMerges::Scratch scratch;
        spmMerges->encode(escaped, scratch, out);
        return;
    }
    std::string normalized;
    if (data.normalizeNfc) {
        normalized = normalizeNfc(text);
        text = normalized;
    }
    CodePoints cps;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pieces;
    pre->split(text, cps, pieces);
    BpeMerges::Scratch scratch;
    WordCache cache;
    for (const auto& [begin, end] : pieces) {
        const std::string_view piece = text.substr(begin, end - begin);
        if (data.ignoreMerges) {
            if (const auto it = bytesToId.find(piece); it != bytesToId.end()) {
                out.push_back(it->second);
                continue;
            }
        }
        const std::uint64_t h = WordCache::hash(piece);
        if (cache.append(piece, h, out))
            continue;
        const std::size_t from = out.size();
        bpe->encodeWord(piece, scratch, out);
        cache.remember(piece, h, out, from);
    }
}

std::vector<TokenId> Tokenizer::encode(std::string_view text, const EncodeOptions& options) const
{
    const Impl& m = *impl_;
    std::vector<TokenId> out;
    out.reserve(text.size() / 3 + 2);
    if (options.addSpecial && m.data.addBos)
        out.push_back(m.data.bos);
    std::vector<SpecialTokens::Fragment> fragments;
    m.specials->partition(text, options.parseSpecial, fragments);
    bool afterSpecial = true;  // the start of the text counts as following a special token
    for (const auto& fragment : fragments) {
        if (fragment.token != kNoToken) {
            out.push_back(fragment.token);
            afterSpecial = true;
        } else {
            m.encodeText(fragment.text, afterSpecial, out);
            afterSpecial = false;
        }
    }
    if (options.addSpecial && m.data.addEos)
        out.push_back(m.data.eos);
    return out;
}

std::string Tokenizer::tokenBytes(TokenId id, bool renderSpecial) const
{
    const Impl& m = *impl_;
    if (id < 0 || static_cast<std::size_t>(id) >= m.data.tokens.size()) {
        throw Error("tokenizer: token id " + std::to_string(id) + " is outside the vocabulary of "
                    + std::to_string(m.data.tokens.size()) + " tokens");
    }
    const TokenType t = m.type(static_cast<std::size_t>(id));
    if (!renderSpecial && (t == TokenType::Control || t == TokenType::Unknown))
        return {};
    return m.rendered[static_cast<std::size_t>(id)];
}

std::string Tokenizer::decode(std::span<const TokenId> ids, const DecodeOptions& options) const
{
    const Impl& m = *impl_;
    std::string out;
    for (TokenId id : ids) {
        if (id < 0 || static_cast<std::size_t>(id) >= m.data.tokens.size())
            tokenBytes(id);  // throws the range error
        const TokenType t = m.type(static_cast<std::size_t>(id));
        if (!options.renderSpecial && (t == TokenType::Control || t == TokenType::Unknown))
            continue;
        out.append(m.rendered[static_cast<std::size_t>(id)]);
    }
    if (options.stripSpacePrefix && addsSpacePrefix() && !out.empty() && out[0] == ' ')
        out.erase(0, 1);
    return out;
}

const std::string& Tokenizer::tokenText(TokenId id) const
{
    if (id < 0 || static_cast<std::size_t>(id) >= impl_->data.tokens.size()) {
        throw Error("tokenizer: token id " + std::to_string(id) + " is outside the vocabulary");
    }
    return impl_->data.tokens[static_cast<std::size_t>(id)];
}

TokenType Tokenizer::tokenType(TokenId id) const
{
    tokenText(id);  // range check
    return impl_->type(static_cast<std::size_t>(id));
}

TokenId Tokenizer::findToken(std::string_view text) const
{
    const auto it = impl_->textToId.find(text);
    return it == impl_->textToId.end() ? kNoToken : it->second;
}

std::size_t Tokenizer::vocabSize() const
{
    return impl_->data.tokens.size();
}
bool Tokenizer::isSentencePiece() const
{
    return impl_->spm;
}
bool Tokenizer::addsSpacePrefix() const
{
    return impl_->spm && impl_->data.addSpacePrefix;
}
TokenId Tokenizer::bos() const
{
    return impl_->data.bos;
}
TokenId Tokenizer::eos() const
{
    return impl_->data.eos;
}
TokenId Tokenizer::eot() const
{
    return impl_->data.eot;
}
TokenId Tokenizer::unk() const
{
    return impl_->data.unk;
}
TokenId Tokenizer::pad() const
{
    return impl_->data.pad;
}
bool Tokenizer::addsBos() const
{
    return impl_->data.addBos;
}
bool Tokenizer::addsEos() const
{
    return impl_->data.addEos;
}

bool Tokenizer::isEndOfGeneration(TokenId id) const
{
    const TokenizerData& d = impl_->data;
    return id != kNoToken && (id == d.eos || id == d.eot || id == d.eom);
}

}  // namespace strata::tokenizer
