// JSON <-> Value bridge. Serialization follows Python's json.dumps (what Hugging Face's tojson
// filter produces), so tool schemas render byte for byte as with Jinja2.
#pragma once

#include "strata/chat_template/value.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace strata::chat_template {

// Parses RFC 8259 JSON. Objects keep key order; integers that fit int64 stay ints, other numbers
// become floats. Throws strata::Error with line and column on bad input.
Value parseJson(std::string_view text);

struct JsonDumpOptions {
    bool ensureAscii = false;  // HF's tojson passes ensure_ascii=False
    int indent = -1;           // < 0: one line with ", " and ": " separators
    std::string indentText;    // used instead of spaces when not empty (json.dumps(indent="\t"))
    bool sortKeys = false;
    // Custom separators (json.dumps separators=(item, key)); empty means Python's default.
    std::string itemSeparator;
    std::string keySeparator;
    std::size_t maxBytes = SIZE_MAX;  // strata::Error past this much text (templates pass their limit)
};

// Python json.dumps. Undefined values and functions cannot be serialized (strata::Error).
std::string dumpJson(const Value& value, const JsonDumpOptions& options = {});

}  // namespace strata::chat_template
