// Parses and validates one GGUF file (or one part of a split file) from its bytes.
#pragma once

#include "strata/gguf/file.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace strata::gguf::detail {

struct ParsedPart {
    uint32_t version = 0;
    uint32_t alignment = kDefaultAlignment;
    uint64_t dataStart = 0;  // absolute byte offset of the data section
    Metadata metadata;
    std::vector<TensorInfo> tensors;  // data spans point into `bytes`
};

// Throws strata::Error "<file>: <field> at byte offset <n>: <problem>" on the first problem.
ParsedPart parsePart(std::span<const std::byte> bytes, const std::string& fileName);

}  // namespace strata::gguf::detail
