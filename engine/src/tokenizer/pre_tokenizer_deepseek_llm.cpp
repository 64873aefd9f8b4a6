// DeepSeek LLM's pre-tokenizer (tokenizer.ggml.pre = "deepseek-llm"): six regexes applied one after the
// other, each splitting the pieces the previous one left ("Isolated"), as llama.cpp's llama-vocab.cpp
// lists them for this name:
//   [\r\n]   \s?[LETTERS]+   \s?[PUNCT]+   \s+$   [CJK]+   \p{N}+
// LETTERS, PUNCT and CJK are literal code point ranges in the regexes (not Unicode categories); the
// tables below are those ranges, in order.
#include "tokenizer/pre_tokenizer.hpp"

#include <algorithm>
#include <array>

namespace strata::tokenizer {
namespace {

struct Range {
    char32_t first;
    char32_t last;
};

// The bracket of the second regex: cased letters of Latin, Greek, Cyrillic, Armenian, Georgian,
// Cherokee, Glagolitic, Coptic, Deseret, Osage, Old Hungarian, Warang Citi, Adlam, fullwidth Latin...
constexpr std::array<Range, 87> kLetters{{
    {0x41, 0x5A},       {0x61, 0x7A},       {0xB5, 0xB5},       {0xC0, 0xD6},       {0xD8, 0xF6},
    {0xF8, 0x1BA},      {0x1BC, 0x1BF},     {0x1C4, 0x293},     {0x295, 0x2AF},     {0x370, 0x373},
    {0x376, 0x376},     {0x377, 0x377},     {0x37B, 0x37D},     {0x37F, 0x37F},     {0x386, 0x386},
    {0x388, 0x38A},     {0x38C, 0x38C},     {0x38E, 0x3A1},     {0x3A3, 0x3F5},     {0x3F7, 0x481},
    {0x48A, 0x52F},     {0x531, 0x556},     {0x10A0, 0x10C5},   {0x13A0, 0x13F5},   {0x13F8, 0x13FD},
    {0x1C90, 0x1CBA},   {0x1CBD, 0x1CBF},   {0x1D00, 0x1D2B},   {0x1D6B, 0x1D77},   {0x1D79, 0x1D9A},
    {0x1E00, 0x1F15},   {0x1F18, 0x1F1D},   {0x1F20, 0x1F45},   {0x1F48, 0x1F4D},   {0x1F50, 0x1F57},
    {0x1F59, 0x1F59},   {0x1F5B, 0x1F5B},   {0x1F5D, 0x1F5D},   {0x1F5F, 0x1F7D},   {0x1F80, 0x1FB4},
    {0x1FB6, 0x1FBC},   {0x1FBE, 0x1FBE},   {0x1FC2, 0x1FC4},   {0x1FC6, 0x1FCC},   {0x1FD0, 0x1FD3},
    {0x1FD6, 0x1FDB},   {0x1FE0, 0x1FEC},   {0x1FF2, 0x1FF4},   {0x1FF6, 0x1FFC},   {0x2102, 0x2102},
    {0x2107, 0x2107},   {0x210A, 0x2113},   {0x2115, 0x2115},   {0x2119, 0x211D},   {0x2124, 0x2124},
    {0x2126, 0x2126},   {0x2128, 0x2128},   {0x212A, 0x212D},   {0x212F, 0x2134},   {0x2139, 0x2139},
    {0x213C, 0x213F},   {0x2145, 0x2149},   {0x214E, 0x214E},   {0x2183, 0x2183},   {0x2184, 0x2184},
    {0x2C00, 0x2C7B},   {0x2C7E, 0x2CE4},   {0x2CEB, 0x2CEE},   {0x2CF2, 0x2CF2},   {0x2CF3, 0x2CF3},
    {0xA640, 0xA66D},   {0xA680, 0xA69B},   {0xA722, 0xA76F},   {0xA771, 0xA787},   {0xA78B, 0xA78E},
    {0xAB70, 0xABBF},   {0xFB00, 0xFB06},   {0xFB13, 0xFB17},   {0xFF21, 0xFF3A},   {0xFF41, 0xFF5A},
    {0x10400, 0x1044F}, {0x104B0, 0x104D3}, {0x104D8, 0x104FB}, {0x10C80, 0x10CB2}, {0x10CC0, 0x10CF2},
    {0x118A0, 0x118DF}, {0x1E900, 0x1E943},
}};

// The bracket of the third regex: ASCII punctuation and symbols, their fullwidth forms, curly quotes,
// the ideographic space, comma and full stop.
constexpr std::array<Range, 6> kPunct{{
    {0x21, 0x2F},
    {0x3A, 0x7E},
    {0x2018, 0x201F},
    {0x3000, 0x3002},
    {0xFF01, 0xFF0F},
    {0xFF1A, 0xFF5E},
}};

// The bracket of the fifth regex, [一-龥ࠀ-一가-퟿]: its middle range starts at U+0800, so it also takes
// Indic, Thai, kana and every other script between U+0800 and the CJK ideographs, plus Hangul.
constexpr std::array<Range, 2> kCjk{{{0x800, 0x9FA5}, {0xAC00, 0xD7FF}}};

template <std::size_t N>
bool inRanges(const std::array<Range, N>& ranges, char32_t c)
{
    const auto it = std::upper_bound(ranges.begin(), ranges.end(), c,
                                     [](char32_t value, const Range& r) { return value < r.first; });
    return it != ranges.begin() && c <= std::prev(it)->last;
}

bool isLetter(char32_t c)
{
    if (c < 0x80)
        return (c | 0x20) >= U'a' && (c | 0x20) <= U'z';
    return inRanges(kLetters, c);
}

bool isPunct(char32_t c)
{
    if (c < 0x80)
        return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x7E);
    return inRanges(kPunct, c);
}

bool isWhitespace(const CodePoints& t, std::size_t i)
{
    return (t.flags[i] & Whitespace) != 0;
}

// \s?[CLASS]+ : an optional whitespace character, then a run of the class.
template <bool (*InClass)(char32_t)>
std::size_t optionalSpaceThenRun(const CodePoints& t, std::size_t pos, std::size_t end)
{
    std::size_t i = pos;
    if (isWhitespace(t, pos) && pos + 1 < end && InClass(t.cps[pos + 1]))
        i = pos + 1;
    std::size_t e = i;
    while (e < end && InClass(t.cps[e]))
        ++e;
    return e == i ? 0 : e - pos;
}

}  // namespace

// [\r\n]
std::size_t matchLineBreak(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t /*end*/)
{
    return (t.flags[pos] & LineBreak) != 0 ? 1 : 0;
}

std::size_t matchDeepseekLlmLetters(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    return optionalSpaceThenRun<isLetter>(t, pos, end);
}

std::size_t matchDeepseekLlmPunct(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    return optionalSpaceThenRun<isPunct>(t, pos, end);
}

// \s+$ : matches only where the whitespace reaches the end of the piece. A whitespace character right
// before `pos` in the same piece was tried already and failed, so its run does not reach the end either:
// that check keeps a long run of spaces from being rescanned at every position.
std::size_t matchTrailingWhitespace(const CodePoints& t, std::size_t begin, std::size_t pos, std::size_t end)
{
    if (!isWhitespace(t, pos) || (pos > begin && isWhitespace(t, pos - 1)))
        return 0;
    std::size_t e = pos;
    while (e < end && isWhitespace(t, e))
        ++e;
    return e == end ? e - pos : 0;
}

std::size_t matchDeepseekLlmCjk(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    std::size_t e = pos;
    while (e < end && t.cps[e] >= 0x800 && inRanges(kCjk, t.cps[e]))
        ++e;
    return e - pos;
}

// \p{N}+
std::size_t matchNumbers(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    std::size_t e = pos;
    while (e < end && (t.flags[e] & Number) != 0)
        ++e;
    return e - pos;
}

}  // namespace strata::tokenizer
