// Byte-level BPE over one pre-token: start from one token per byte and apply the vocabulary's merges
// by rank (lowest first, leftmost on ties), as HF tokenizers and llama.cpp do.
#pragma once

#include "strata/tokenizer/tokenizer_data.hpp"
#include "tokenizer/pair_table.hpp"

#include <array>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace strata::tokenizer {

class BpeMerges {
public:
    // token_bytes[id]: the bytes of each token (empty for tokens BPE never produces).
    BpeMerges(const TokenizerData& data, const std::vector<std::string>& tokenBytes,
              const std::unordered_map<std::string_view, TokenId>& textToId);

    // Scratch reused across words of one encode call (no allocation per word once warm).
    struct Scratch {
        struct Symbol {
            TokenId id;
            std::int32_t prev;
            std::int32_t next;
        };
        struct Candidate {
            std::int32_t rank;
            std::int32_t left;
            TokenId leftId;
            TokenId rightId;
            TokenId merged;
        };
        std::vector<Symbol> symbols;
        std::vector<Candidate> heap;
        // Short words: the current tokens, and the rank and result of merging each with the next.
        std::vector<TokenId> ids;
        std::vector<std::int32_t> ranks;
        std::vector<TokenId> merged;
    };

    void encodeWord(std::string_view bytes, Scratch& scratch, std::vector<TokenId>& out) const;

private:
    void pushCandidate(Scratch& s, std::int32_t left) const;
    void encodeShortWord(std::string_view bytes, Scratch& s, std::vector<TokenId>& out) const;
    void encodeLongWord(std::string_view bytes, Scratch& s, std::vector<TokenId>& out) const;
    TokenId byteToken(unsigned char b) const;

    std::array<TokenId, 256> byteToken_{};
    PairTable merges_;
};

}  // namespace strata::tokenizer
