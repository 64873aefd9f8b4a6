// Hand-written equivalents of the split regexes in the models' tokenizer.json files. Each function
// returns the length of the match the regex engine would find at `pos` (alternatives tried in order,
// greedy quantifiers with backtracking), or 0 when no alternative matches there.
#include "tokenizer/pre_tokenizer.hpp"

namespace strata::tokenizer {
namespace {

constexpr std::size_t kFail = static_cast<std::size_t>(-1);

struct View {
    const char32_t* c;
    const std::uint16_t* f;
    std::size_t end;
    View(const CodePoints& t, std::size_t e) : c(t.cps.data()), f(t.flags.data()), end(e) {}
    bool has(std::size_t i, std::uint16_t mask) const { return i < end && (f[i] & mask) != 0; }
    bool is(std::size_t i, char32_t cp) const { return i < end && c[i] == cp; }
    // Index after the run of characters that have any of `mask`, starting at i.
    std::size_t runOf(std::size_t i, std::uint16_t mask) const
    {
        while (i < end && (f[i] & mask) != 0)
            ++i;
        return i;
    }
    std::size_t runWithout(std::size_t i, std::uint16_t mask) const
    {
        while (i < end && (f[i] & mask) == 0)
            ++i;
        return i;
    }
};

char32_t asciiLower(char32_t c)
{
    return (c >= U'A' && c <= U'Z') ? c + 32 : c;
}

// 's|'t|'re|'ve|'m|'ll|'d, optionally case-insensitive (?i:...).
std::size_t contraction(const View& v, std::size_t pos, bool ignoreCase)
{
    if (!v.is(pos, U'\'') || pos + 1 >= v.end)
        return 0;
    const char32_t a = ignoreCase ? asciiLower(v.c[pos + 1]) : v.c[pos + 1];
    if (a == U's' || a == U't' || a == U'm' || a == U'd')
        return 2;
    if (pos + 2 >= v.end)
        return 0;
    const char32_t b = ignoreCase ? asciiLower(v.c[pos + 2]) : v.c[pos + 2];
    if ((a == U'r' && b == U'e') || (a == U'v' && b == U'e') || (a == U'l' && b == U'l'))
        return 3;
    return 0;
}

// \s*[\r\n]+|\s+(?!\S)|\s+ at a whitespace character (with_newline_rule: the first alternative exists).
std::size_t whitespace(const View& v, std::size_t pos, bool withNewlineRule)
{
    std::size_t e = pos;
    std::size_t afterLastNewline = 0;
    while (e < v.end && (v.f[e] & Whitespace) != 0) {
        if ((v.f[e] & LineBreak) != 0)
            afterLastNewline = e + 1;
        ++e;
    }
    if (withNewlineRule && afterLastNewline != 0)
        return afterLastNewline - pos;
    if (e == v.end)
        return e - pos;  // \s+(?!\S) at the end of the text
    if (e - pos >= 2)
        return e - pos - 1;  // \s+(?!\S): leave the last space to the next word
    return e - pos;          // \s+
}

// '[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,max}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+' after the
// case-insensitive contractions: the Llama 3 regex (max 3) and the Qwen2 one (max 1).
std::size_t matchLlama3Family(const CodePoints& t, std::size_t pos, std::size_t end, std::size_t maxDigits)
{
    const View v(t, end);
    if (const std::size_t n = contraction(v, pos, true))
        return n;
    const std::uint16_t f0 = v.f[pos];
    if ((f0 & Letter) != 0)
        return v.runOf(pos, Letter) - pos;
    if ((f0 & (LineBreak | Letter | Number)) == 0 && v.has(pos + 1, Letter))
        return v.runOf(pos + 1, Letter) - pos;
    if ((f0 & Number) != 0) {
        std::size_t e = pos;
        while (e - pos < maxDigits && v.has(e, Number))
            ++e;
        return e - pos;
    }
    std::size_t i = v.is(pos, U' ') ? pos + 1 : pos;
    if (i < end && (v.f[i] & (Whitespace | Letter | Number)) == 0) {
        i = v.runWithout(i, Whitespace | Letter | Number);
        return v.runOf(i, LineBreak) - pos;
    }
    if ((f0 & Whitespace) != 0)
        return whitespace(v, pos, true);
    return 0;
}

// gpt-4o's word alternatives: [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+ (upper_first =
// false) or [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]* (true), then an optional
// contraction. Returns the end index or kFail.
constexpr std::uint16_t kUpperish = Upper | Title | Modifier | OtherLetter | Mark;
constexpr std::uint16_t kLowerish = Lower | Modifier | OtherLetter | Mark;

std::size_t gpt4oWord(const View& v, std::size_t start, bool upperFirst)
{
    const std::size_t j = v.runOf(start, kUpperish);
    std::size_t e = kFail;
    if (upperFirst) {
        if (j == start)
            return kFail;
        e = v.runOf(j, kLowerish);
    } else {
        // U* gives back characters until W+ can match at least one.
        for (std::size_t k = j;; --k) {
            if (v.has(k, kLowerish)) {
                e = v.runOf(k, kLowerish);
                break;
            }
            if (k == start)
                return kFail;
        }
    }
    return e + contraction(v, e, true);
}

}  // namespace

std::size_t matchLlama3(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    return matchLlama3Family(t, pos, end, 3);
}

std::size_t matchQwen2(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    return matchLlama3Family(t, pos, end, 1);
}

// 's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
std::size_t matchGpt2(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    const View v(t, end);
    if (const std::size_t n = contraction(v, pos, false))
        return n;
    const std::size_t i = v.is(pos, U' ') ? pos + 1 : pos;
    if (v.has(i, Letter))
        return v.runOf(i, Letter) - pos;
    if (v.has(i, Number))
        return v.runOf(i, Number) - pos;
    if (i < end && (v.f[i] & (Whitespace | Letter | Number)) == 0)
        return v.runWithout(i, Whitespace | Letter | Number) - pos;
    if (v.has(pos, Whitespace))
        return whitespace(v, pos, false);
    return 0;
}

// [^\r\n\p{L}\p{N}]?(word as above)|... twice, then \p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
std::size_t matchGpt4o(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    const View v(t, end);
    const bool prefix = (v.f[pos] & (LineBreak | Letter | Number)) == 0;
    for (bool upperFirst : {false, true}) {
        if (prefix) {
            if (const std::size_t e = gpt4oWord(v, pos + 1, upperFirst); e != kFail)
                return e - pos;
        }
        if (const std::size_t e = gpt4oWord(v, pos, upperFirst); e != kFail)
            return e - pos;
    }
    if (v.has(pos, Number)) {
        std::size_t e = pos;
        while (e - pos < 3 && v.has(e, Number))
            ++e;
        return e - pos;
    }
    std::size_t i = v.is(pos, U' ') ? pos + 1 : pos;
    if (i < end && (v.f[i] & (Whitespace | Letter | Number)) == 0) {
        i = v.runWithout(i, Whitespace | Letter | Number);
        while (i < end && ((v.f[i] & LineBreak) != 0 || v.c[i] == U'/'))
            ++i;
        return i - pos;
    }
    if (v.has(pos, Whitespace))
        return whitespace(v, pos, true);
    return 0;
}

// \p{N}
std::size_t matchSingleDigit(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    return View(t, end).has(pos, Number) ? 1 : 0;
}

// \p{N}{1,3}
std::size_t matchDigitsUpTo3(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    const View v(t, end);
    std::size_t e = pos;
    while (e - pos < 3 && v.has(e, Number))
        ++e;
    return e - pos;
}

// [一-龥぀-ゟ゠-ヿ]+ : the literal ranges of DeepSeek-V3's regex (CJK ideographs, hiragana, katakana).
std::size_t matchDeepseekCjk(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    std::size_t e = pos;
    while (e < end) {
        const char32_t c = t.cps[e];
        if (!((c >= 0x4E00 && c <= 0x9FA5) || (c >= 0x3040 && c <= 0x309F) || (c >= 0x30A0 && c <= 0x30FF)))
            break;
        ++e;
    }
    return e - pos;
}

// [!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~][A-Za-z]+|[^\r\n\p{L}\p{P}\p{S}]?[\p{L}\p{M}]+|
// ?[\p{P}\p{S}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
std::size_t matchDeepseekV3Words(const CodePoints& t, std::size_t /*begin*/, std::size_t pos, std::size_t end)
{
    const View v(t, end);
    const auto asciiAlpha = [&](std::size_t i) {
        return i < end && ((v.c[i] >= U'A' && v.c[i] <= U'Z') || (v.c[i] >= U'a' && v.c[i] <= U'z'));
    };
    const char32_t c0 = v.c[pos];
    const bool asciiPunct = (c0 >= 0x21 && c0 <= 0x2F) || (c0 >= 0x3A && c0 <= 0x40) || (c0 >= 0x5B && c0 <= 0x60)
                            || (c0 >= 0x7B && c0 <= 0x7E);
    if (asciiPunct && asciiAlpha(pos + 1)) {
        std::size_t e = pos + 1;
        while (asciiAlpha(e))
            ++e;
        return e - pos;
    }
    const std::uint16_t f0 = v.f[pos];
    if ((f0 & (Letter | Mark)) != 0)
        return v.runOf(pos, Letter | Mark) - pos;
    if ((f0 & (LineBreak | Letter | Punct | Symbol)) == 0 && v.has(pos + 1, Letter | Mark))
        return v.runOf(pos + 1, Letter | Mark) - pos;
    const std::size_t i = v.is(pos, U' ') ? pos + 1 : pos;
    if (v.has(i, Punct | Symbol))
        return v.runOf(v.runOf(i, Punct | Symbol), LineBreak) - pos;
    if ((f0 & Whitespace) != 0)
        return whitespace(v, pos, true);
    return 0;
}

}  // namespace strata::tokenizer
