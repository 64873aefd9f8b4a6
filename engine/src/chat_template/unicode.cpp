#include "chat_template/unicode.hpp"

#include <algorithm>

namespace strata::chat_template::unicode {

char32_t decode(std::string_view s, std::size_t pos, std::size_t& length)
{
    const auto b0 = static_cast<unsigned char>(s[pos]);
    length = 1;
    if (b0 < 0x80)
        return b0;
    int extra = 0;
    char32_t cp = 0;
    if ((b0 & 0xE0) == 0xC0) {
        extra = 1;
        cp = b0 & 0x1F;
    } else if ((b0 & 0xF0) == 0xE0) {
        extra = 2;
        cp = b0 & 0x0F;
    } else if ((b0 & 0xF8) == 0xF0) {
        extra = 3;
        cp = b0 & 0x07;
    } else
        return 0xFFFD;
    if (pos + static_cast<std::size_t>(extra) >= s.size())
        return 0xFFFD;
    for (int i = 1; i <= extra; ++i) {
        const auto b = static_cast<unsigned char>(s[pos + static_cast<std::size_t>(i)]);
        if ((b & 0xC0) != 0x80)
            return 0xFFFD;
        cp = (cp << 6) | (b & 0x3F);
    }
    length = static_cast<std::size_t>(extra) + 1;
    return cp;
}

void append(std::string& out, char32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

std::vector<std::size_t> boundaries(std::string_view s)
{
    std::vector<std::size_t> out;
    out.reserve(s.size() + 1);
    std::size_t pos = 0;
    while (pos < s.size()) {
        out.push_back(pos);
        std::size_t len = 1;
        decode(s, pos, len);
        pos += len;
    }
    out.push_back(s.size());
    return out;
}

std::size_t length(std::string_view s)
{
    std::size_t n = 0;
    for (char c : s)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80)
            ++n;
    return n;
}

bool isSpace(char32_t cp)
{
    return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0 || cp == 0x1680
           || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F
           || cp == 0x3000;
}

std::string strip(std::string_view s, const std::string* chars, bool left, bool right)
{
    std::vector<char32_t> set;
    if (chars) {
        for (std::size_t p = 0, len = 1; p < chars->size(); p += len)
            set.push_back(decode(*chars, p, len));
    }
    auto stripped = [&](char32_t cp) {
        return chars ? std::find(set.begin(), set.end(), cp) != set.end() : isSpace(cp);
    };
    const auto bounds = boundaries(s);
    std::size_t first = 0;
    std::size_t last = bounds.size() - 1;  // index of the end boundary
    auto cpAt = [&](std::size_t i) {
        std::size_t len = 1;
        return decode(s, bounds[i], len);
    };
    if (left)
        while (first < last && stripped(cpAt(first)))
            ++first;
    if (right)
        while (last > first && stripped(cpAt(last - 1)))
            --last;
    return std::string(s.substr(bounds[first], bounds[last] - bounds[first]));
}

namespace {

// Simple case pairs for Latin-1, Latin Extended-A, Greek and Cyrillic (what chat text mostly
// needs); other scripts keep their case. Returns cp unchanged when it has no mapping.
char32_t toUpper(char32_t c)
{
    if (c >= 'a' && c <= 'z')
        return c - 32;
    if (c < 0xB5)
        return c;
    if (c == 0xB5)
        return 0x39C;
    if ((c >= 0xE0 && c <= 0xFE && c != 0xF7))
        return c - 32;
    if (c == 0xFF)
        return 0x178;
    if (c >= 0x100 && c <= 0x17F) {
        if (c == 0x131)
            return 'I';
        if (c == 0x17F)
            return 'S';
        const bool oddUpperRange = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
        if (c == 0x130 || c == 0x138 || c == 0x149 || c == 0x178)
            return c;
        if (oddUpperRange)
            return (c % 2 == 0) ? c - 1 : c;
        return (c % 2 == 1) ? c - 1 : c;
    }
    if (c >= 0x3B1 && c <= 0x3C9 && c != 0x3C2)
        return c - 32;
    if (c == 0x3C2)
        return 0x3A3;
    if (c >= 0x430 && c <= 0x44F)
        return c - 32;
    if (c >= 0x450 && c <= 0x45F)
        return c - 80;
    return c;
}

char32_t toLower(char32_t c)
{
    if (c >= 'A' && c <= 'Z')
        return c + 32;
    if (c < 0xC0)
        return c;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7)
        return c + 32;
    if (c >= 0x100 && c <= 0x17F) {
        if (c == 0x130)
            return 'i';  // Python gives "i̇"; close enough for chat text
        if (c == 0x178)
            return 0xFF;
        const bool oddUpperRange = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
        if (c == 0x131 || c == 0x138 || c == 0x149 || c == 0x17F)
            return c;
        if (oddUpperRange)
            return (c % 2 == 1) ? c + 1 : c;
        return (c % 2 == 0) ? c + 1 : c;
    }
    if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2)
        return c + 32;
    if (c >= 0x410 && c <= 0x42F)
        return c + 32;
    if (c >= 0x400 && c <= 0x40F)
        return c + 80;
    return c;
}

std::string mapCase(std::string_view s, bool up)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t pos = 0, len = 1; pos < s.size(); pos += len) {
        const char32_t cp = decode(s, pos, len);
        if (cp == 0xFFFD || (cp < 0x80 && !((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z')))) {
            out.append(s.substr(pos, len));  // keeps invalid bytes as they were
        } else if (up && cp == 0xDF) {
            out += "SS";
        } else {
            append(out, up ? toUpper(cp) : toLower(cp));
        }
    }
    return out;
}

}  // namespace

std::string upper(std::string_view s)
{
    return mapCase(s, true);
}

std::string lower(std::string_view s)
{
    return mapCase(s, false);
}

}  // namespace strata::chat_template::unicode
