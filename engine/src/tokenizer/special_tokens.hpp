// Finds special tokens written out in text ("<|im_start|>") so they become their ids rather than text.
// Control and unknown tokens are matched only when the caller allows it (parse_special); user-defined
// tokens always are, as llama.cpp and HF tokenizers do.
#pragma once

#include "strata/tokenizer/tokenizer_data.hpp"

#include <array>
#include <string_view>
#include <vector>

namespace strata::tokenizer {

class SpecialTokens {
public:
    explicit SpecialTokens(const TokenizerData& data);

    struct Fragment {
        std::string_view text;  // raw text when token == kNoToken
        TokenId token = kNoToken;
    };
    // Leftmost, then longest, match first.
    void partition(std::string_view text, bool parseSpecial, std::vector<Fragment>& out) const;

private:
    struct Entry {
        std::string_view text;
        TokenId id;
        bool always;  // user-defined: matched even without parse_special
    };
    std::array<std::vector<Entry>, 256> byFirstByte_;  // each list longest first
};

}  // namespace strata::tokenizer
