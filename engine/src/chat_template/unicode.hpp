// UTF-8 helpers with Python's notion of characters (code points) and whitespace.
// Invalid bytes decode as one code point each (U+FFFD), so hostile input never reads out of bounds.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace strata::chat_template::unicode {

// Decodes the code point at s[pos]; sets `length` to the bytes it used (>= 1).
char32_t decode(std::string_view s, std::size_t pos, std::size_t& length);
void append(std::string& out, char32_t cp);
// Byte offsets of every code point, plus s.size() at the end.
std::vector<std::size_t> boundaries(std::string_view s);
std::size_t length(std::string_view s);
// str.isspace() for the characters Python counts as whitespace.
bool isSpace(char32_t cp);

// str.strip/lstrip/rstrip: `chars` (code points) or Python whitespace when null.
std::string strip(std::string_view s, const std::string* chars, bool left, bool right);

// Case mapping for ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic; other letters unchanged.
std::string upper(std::string_view s);
std::string lower(std::string_view s);

}  // namespace strata::chat_template::unicode
