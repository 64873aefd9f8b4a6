// SentencePiece BPE (tokenizer.ggml.model = "llama"): start from one symbol per UTF-8 character and
// repeatedly merge the adjacent pair whose concatenation is the highest-scoring vocabulary piece;
// pieces the vocabulary lacks fall back to <0xXX> byte tokens (or the unknown token).
#pragma once

#include "strata/tokenizer/tokenizer_data.hpp"

#include <array>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace strata::tokenizer {

class SpmMerges {
public:
    SpmMerges(const TokenizerData& data, const std::unordered_map<std::string_view, TokenId>& textToId);

    struct Scratch {
        struct Symbol {
            std::uint32_t begin;
            std::uint32_t size;  // 0: merged into the symbol on its left
            std::int32_t prev;
            std::int32_t next;
        };
        struct Candidate {
            float score;
            std::int32_t left;
            std::int32_t right;
            std::uint32_t size;
        };
        std::vector<Symbol> symbols;
        std::vector<Candidate> heap;
    };

    // `text` is already escaped (spaces are U+2581).
    void encode(std::string_view text, Scratch& scratch, std::vector<TokenId>& out) const;

private:
    void encodeWord(std::string_view text, Scratch& s, std::vector<TokenId>& out) const;
    void pushCandidate(std::string_view text, Scratch& s, std::int32_t left) const;
    TokenId lookup(std::string_view piece) const;

    std::unordered_map<std::string_view, TokenId> pieces_;  // mergeable pieces (normal and user-defined)
    std::vector<float> scores_;
    std::array<TokenId, 256> byteToken_{};
    TokenId unk_ = kNoToken;
    // True when no piece has U+2581 after another character: then no merge crosses the start of a
    // word, and each word can be merged (and cached) on its own with the same result.
    bool wordsIndependent_ = true;
};

}  // namespace strata::tokenizer
