// Text <-> token ids for one model's vocabulary: byte-level BPE ("gpt2") or SentencePiece BPE ("llama").
// Immutable after construction; encode/decode are safe to call from several threads at once.
#pragma once

#include "strata/tokenizer/tokenizer_data.hpp"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace strata::tokenizer {

struct EncodeOptions {
    bool addSpecial = true;     // add BOS/EOS as the vocabulary's add_bos/add_eos ask
    bool parseSpecial = false;  // text such as "<|im_start|>" becomes that control token (only when trusted)
};

struct DecodeOptions {
    bool renderSpecial = true;     // control tokens appear as their text; false: they render as nothing
    bool stripSpacePrefix = true;  // SentencePiece: drop the space the encoder added before the text
};

class Tokenizer {
public:
    // Throws strata::Error naming the field when the data is inconsistent.
    explicit Tokenizer(const TokenizerData& data);
    ~Tokenizer();
    Tokenizer(Tokenizer&&) noexcept;
    Tokenizer& operator=(Tokenizer&&) noexcept;

    std::vector<TokenId> encode(std::string_view text, const EncodeOptions& options = {}) const;
    std::string decode(std::span<const TokenId> ids, const DecodeOptions& options = {}) const;

    // The bytes one token stands for (may be part of a UTF-8 sequence). Throws on an id out of range.
    std::string tokenBytes(TokenId id, bool renderSpecial = true) const;
    // The token's text as stored in the vocabulary.
    const std::string& tokenText(TokenId id) const;
    TokenType tokenType(TokenId id) const;
    // Exact vocabulary lookup of a token's stored text; kNoToken when absent.
    TokenId findToken(std::string_view text) const;

    std::size_t vocabSize() const;
    bool isSentencePiece() const;
    bool addsSpacePrefix() const;  // SentencePiece with tokenizer.ggml.add_space_prefix
    TokenId bos() const;
    TokenId eos() const;
    TokenId eot() const;
    TokenId unk() const;
    TokenId pad() const;
    bool addsBos() const;
    bool addsEos() const;
    // End of generation: EOS, EOT or EOM.
    bool isEndOfGeneration(TokenId id) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace strata::tokenizer
