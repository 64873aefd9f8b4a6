// Splits text into pre-tokens the way each model family's split regex does, with hand-written matchers
// (one per regex) over ICU character classes instead of a regex engine.
#pragma once

#include "tokenizer/unicode_text.hpp"

#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

namespace strata::tokenizer {

// Length in code points of the regex match that starts at `pos` in the piece [begin, end); 0: none.
// (`begin` lets an anchored regex such as \s+$ know it was already tried one position earlier.)
using SplitMatcher = std::size_t (*)(const CodePoints& text, std::size_t begin, std::size_t pos, std::size_t end);

class PreTokenizer {
public:
    // `pre` is tokenizer.ggml.pre; throws strata::Error for a name it does not know.
    explicit PreTokenizer(std::string_view pre);

    // Byte ranges [first, second) of the pre-tokens of `text`; `cps` is scratch the caller reuses.
    void split(std::string_view text, CodePoints& cps,
               std::vector<std::pair<std::uint32_t, std::uint32_t>>& pieces) const;

private:
    // Applied one after the other, each to the pieces the previous one produced ("Isolated" splits).
    std::vector<SplitMatcher> stages_;
};

// The matchers, one per regex (pre_tokenizer_matchers.cpp).
std::size_t matchGpt2(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchLlama3(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchQwen2(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchGpt4o(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchSingleDigit(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchDigitsUpTo3(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchDeepseekCjk(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchDeepseekV3Words(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);

// DeepSeek LLM's six regexes (pre_tokenizer_deepseek_llm.cpp).
std::size_t matchLineBreak(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchDeepseekLlmLetters(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchDeepseekLlmPunct(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchTrailingWhitespace(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchDeepseekLlmCjk(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);
std::size_t matchNumbers(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end);

}  // namespace strata::tokenizer
