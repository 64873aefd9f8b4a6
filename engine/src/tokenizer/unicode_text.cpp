#include "tokenizer/unicode_text.hpp"

#include "strata/core/error.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <array>
#include <memory>

namespace strata::tokenizer {
namespace {

std::uint16_t flagsFromIcu(char32_t cp)
{
    std::uint16_t f = 0;
    switch (u_charType(static_cast<UChar32>(cp))) {
    case U_UPPERCASE_LETTER: f |= Letter | Upper; break;
    case U_LOWERCASE_LETTER: f |= Letter | Lower; break;
    case U_TITLECASE_LETTER: f |= Letter | Title; break;
    case U_MODIFIER_LETTER: f |= Letter | Modifier; break;
    case U_OTHER_LETTER: f |= Letter | OtherLetter; break;
    case U_NON_SPACING_MARK:
    case U_ENCLOSING_MARK:
    case U_COMBINING_SPACING_MARK: f |= Mark; break;
    case U_DECIMAL_DIGIT_NUMBER:
    case U_LETTER_NUMBER:
    case U_OTHER_NUMBER: f |= Number; break;
    case U_DASH_PUNCTUATION:
    case U_START_PUNCTUATION:
    case U_END_PUNCTUATION:
    case U_CONNECTOR_PUNCTUATION:
    case U_OTHER_PUNCTUATION:
    case U_INITIAL_PUNCTUATION:
    case U_FINAL_PUNCTUATION: f |= Punct; break;
    case U_MATH_SYMBOL:
    case U_CURRENCY_SYMBOL:
    case U_MODIFIER_SYMBOL:
    case U_OTHER_SYMBOL: f |= Symbol; break;
    default: break;
    }
    if (u_isUWhiteSpace(static_cast<UChar32>(cp)))
        f |= Whitespace;
    if (cp == U'\r' || cp == U'\n')
        f |= LineBreak;
    return f;
}

// Flags of the Basic Multilingual Plane, filled once from ICU: one table lookup per code point instead
// of two ICU calls keeps the pre-tokenizer above 10 MB/s.
struct BmpFlags {
    std::array<std::uint16_t, 0x10000> table{};
    BmpFlags()
    {
        for (char32_t cp = 0; cp < 0x10000; ++cp)
            table[cp] = flagsFromIcu(cp);
    }
};

const BmpFlags& bmpFlags()
{
    static const BmpFlags flags;
    return flags;
}

}  // namespace

std::uint16_t charFlags(char32_t cp)
{
    if (cp < 0x10000)
        return bmpFlags().table[cp];
    if (cp > 0x10FFFF)
        return 0;
    return flagsFromIcu(cp);
}

std::size_t decodeUtf8(std::string_view text, std::size_t pos, char32_t* cp)
{
    const auto b0 = static_cast<unsigned char>(text[pos]);
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    }
    std::size_t len = 0;
    char32_t value = 0;
    char32_t min = 0;
    if ((b0 & 0xE0) == 0xC0) {
        len = 2;
        value = b0 & 0x1F;
        min = 0x80;
    } else if ((b0 & 0xF0) == 0xE0) {
        len = 3;
        value = b0 & 0x0F;
        min = 0x800;
    } else if ((b0 & 0xF8) == 0xF0) {
        len = 4;
        value = b0 & 0x07;
        min = 0x10000;
    } else {
        *cp = 0xFFFD;
        return 1;
    }
    if (pos + len > text.size()) {
        *cp = 0xFFFD;
        return 1;
    }
    for (std::size_t i = 1; i < len; ++i) {
        const auto b = static_cast<unsigned char>(text[pos + i]);
        if ((b & 0xC0) != 0x80) {
            *cp = 0xFFFD;
            return 1;
        }
        value = (value << 6) | (b & 0x3F);
    }
    if (value < min || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
        *cp = 0xFFFD;
        return 1;
    }
    *cp = value;
    return len;
}

void appendUtf8(std::string& out, char32_t cp)
{
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

void CodePoints::assign(std::string_view text)
{
    // Sized once and written by index: this runs over every byte of the input.
    cps.resize(text.size());
    flags.resize(text.size());
    offsets.resize(text.size() + 1);
    const std::uint16_t* bmp = bmpFlags().table.data();
    std::size_t n = 0;
    for (std::size_t pos = 0; pos < text.size(); ++n) {
        const auto b = static_cast<unsigned char>(text[pos]);
        offsets[n] = static_cast<std::uint32_t>(pos);
        if (b < 0x80) {
            cps[n] = b;
            flags[n] = bmp[b];
            ++pos;
            continue;
        }
        char32_t cp = 0;
        const std::size_t len = decodeUtf8(text, pos, &cp);
        const bool invalid = (cp == 0xFFFD && len == 1);
        cps[n] = cp;
        flags[n] = invalid ? std::uint16_t{0} : (cp < 0x10000 ? bmp[cp] : charFlags(cp));
        pos += len;
    }
    offsets[n] = static_cast<std::uint32_t>(text.size());
    cps.resize(n);
    flags.resize(n);
    offsets.resize(n + 1);
}

std::string normalizeNfc(std::string_view text)
{
    bool ascii = true;
    for (char c : text) {
        if (static_cast<unsigned char>(c) >= 0x80) {
            ascii = false;
            break;
        }
    }
    if (ascii)
        return std::string(text);
    // ICU would turn invalid bytes into U+FFFD; such text is left as it is so encoding stays lossless.
    for (std::size_t pos = 0; pos < text.size();) {
        char32_t cp = 0;
        const std::size_t len = decodeUtf8(text, pos, &cp);
        if (cp == 0xFFFD && len == 1)
            return std::string(text);
        pos += len;
    }
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status))
        throw Error(std::string("tokenizer: ICU NFC normaliser unavailable: ") + u_errorName(status));
    const icu::UnicodeString source =
        icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
    if (nfc->isNormalized(source, status) && U_SUCCESS(status))
        return std::string(text);
    status = U_ZERO_ERROR;
    const icu::UnicodeString normalized = nfc->normalize(source, status);
    if (U_FAILURE(status))
        throw Error(std::string("tokenizer: NFC normalisation failed: ") + u_errorName(status));
    std::string out;
    normalized.toUTF8String(out);
    return out;
}

}  // namespace strata::tokenizer
