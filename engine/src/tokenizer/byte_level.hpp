// GPT-2's byte-level alphabet: every byte 0..255 has a printable stand-in character, so a byte-level
// BPE vocabulary stores arbitrary bytes as text ("Ġ" is the space byte).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace strata::tokenizer {

char32_t byteToUnicode(std::uint8_t byte);
// Stand-in characters back to bytes; nullopt when the text has a character outside the alphabet.
std::optional<std::string> byteLevelToBytes(std::string_view tokenText);
std::string bytesToByteLevel(std::string_view bytes);

}  // namespace strata::tokenizer
