// UTF-8 decoding and the Unicode character classes the pre-tokenizer regexes use (\p{L}, \p{N}, \s ...),
// taken from ICU.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace strata::tokenizer {

// Bit flags of one code point. Categories come from ICU's u_charType, whitespace from White_Space.
enum CharFlag : std::uint16_t {
    Letter = 1u << 0,        // \p{L}
    Number = 1u << 1,        // \p{N}
    Mark = 1u << 2,          // \p{M}
    Punct = 1u << 3,         // \p{P}
    Symbol = 1u << 4,        // \p{S}
    Whitespace = 1u << 5,    // \s (White_Space)
    Upper = 1u << 6,         // \p{Lu}
    Lower = 1u << 7,         // \p{Ll}
    Title = 1u << 8,         // \p{Lt}
    Modifier = 1u << 9,      // \p{Lm}
    OtherLetter = 1u << 10,  // \p{Lo}
    LineBreak = 1u << 11,    // '\r' or '\n'
};

std::uint16_t charFlags(char32_t cp);

// Text as code points with their flags and byte offsets (offsets has one extra entry: the text size).
// Bytes that are not valid UTF-8 become one code point each (U+FFFD, no class flags) so nothing is lost.
struct CodePoints {
    std::vector<char32_t> cps;
    std::vector<std::uint16_t> flags;
    std::vector<std::uint32_t> offsets;
    void assign(std::string_view text);
    std::size_t size() const { return cps.size(); }
};

// Length of the UTF-8 sequence at text[pos] (1 for an invalid byte); decodes into *cp.
std::size_t decodeUtf8(std::string_view text, std::size_t pos, char32_t* cp);
void appendUtf8(std::string& out, char32_t cp);

// NFC normalisation (ICU). ASCII-only text is returned unchanged without a copy through ICU.
std::string normalizeNfc(std::string_view text);

}  // namespace strata::tokenizer
