// TokenizerData <-> the tokenizer.ggml.* keys (and tokenizer.chat_template) of a GGUF file: the one
// reader and the one writer of that schema (the gguf module only knows generic metadata).
#pragma once

#include "strata/tokenizer/tokenizer_data.hpp"

namespace strata::gguf {
class Metadata;
class Writer;
}  // namespace strata::gguf

namespace strata::tokenizer {

// Reads the tokenizer keys of a model file. Throws strata::Error naming the key that is missing or
// has the wrong type. Keys llama.cpp treats as optional get llama.cpp's defaults.
TokenizerData tokenizerDataFromGguf(const gguf::Metadata& metadata);

// Writes `data` as tokenizer.ggml.* keys and tokenizer.chat_template (what `strata-gguf mkmodel` stores).
void addTokenizerMetadata(const TokenizerData& data, gguf::Writer& writer);

}  // namespace strata::tokenizer
