// general.file_type: llama.cpp's llama_ftype numbers ("mostly Q4_K_M") and their names.
#pragma once

#include "strata/gguf/ggml_type.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace strata::gguf {

// "MOSTLY_Q4_K_M", "ALL_F32", ...; "UNKNOWN_<n>" for numbers llama.cpp does not define.
std::string fileTypeName(uint32_t fileType);
// The file type of a file whose 2-D weights all have `type` (nullopt where none fits).
std::optional<uint32_t> fileTypeFor(GgmlType type);
// A type by its llama.cpp name ("Q4_K", "f16", "bf16"), case-insensitive.
std::optional<GgmlType> ggmlTypeFromName(std::string_view name);

}  // namespace strata::gguf
