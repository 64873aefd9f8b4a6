#include "tokenizer/byte_level.hpp"

#include "tokenizer/unicode_text.hpp"

#include <array>

namespace strata::tokenizer {
namespace {

// Printable Latin-1 bytes stand for themselves; the other 68 take U+0100, U+0101, ... in byte order.
bool printable(unsigned b)
{
    return (b >= 0x21 && b <= 0x7E) || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
}

struct Alphabet {
    std::array<char32_t, 256> toUnicode{};
    std::array<std::int16_t, 0x144> toByte{};  // stand-ins are all below U+0144
    Alphabet()
    {
        toByte.fill(-1);
        char32_t next = 0x100;
        for (unsigned b = 0; b < 256; ++b) {
            toUnicode[b] = printable(b) ? char32_t(b) : next++;
            toByte[toUnicode[b]] = static_cast<std::int16_t>(b);
        }
    }
};

const Alphabet& alphabet()
{
    static const Alphabet a;
    return a;
}

}  // namespace

char32_t byteToUnicode(std::uint8_t byte)
{
    return alphabet().toUnicode[byte];
}

std::optional<std::string> byteLevelToBytes(std::string_view tokenText)
{
    const Alphabet& a = alphabet();
    std::string out;
    out.reserve(tokenText.size());
    for (std::size_t pos = 0; pos < tokenText.size();) {
        char32_t cp = 0;
        const std::size_t len = decodeUtf8(tokenText, pos, &cp);
        if ((cp == 0xFFFD && len == 1) || cp >= a.toByte.size() || a.toByte[cp] < 0)
            return std::nullopt;
        out.push_back(static_cast<char>(a.toByte[cp]));
        pos += len;
    }
    return out;
}

std::string bytesToByteLevel(std::string_view bytes)
{
    std::string out;
    out.reserve(bytes.size() * 2);
    for (char c : bytes)
        appendUtf8(out, byteToUnicode(static_cast<std::uint8_t>(c)));
    return out;
}

}  // namespace strata::tokenizer
