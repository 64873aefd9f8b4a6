// Fills a ModelEntry from a GGUF file's header with the engine's reader (strata::gguf::File, which
// maps the file: only the pages of the header and tensor table are read). Never throws: a malformed
// file comes back with `error` set to the reader's message (file, field, offset).
#pragma once

#include "domain/models/model_entry.hpp"

namespace strata::gguf {
class File;
}

namespace strata::domain::models {

// general.file_type as llama.cpp names it ("Q4_K_M"), else the type holding most of the weights.
QString quantizationName(const gguf::File& file);

// `entry.path` and `entry.files` must be set (the first part of a split model opens the others).
void readModelHeader(ModelEntry& entry);

}  // namespace strata::domain::models
