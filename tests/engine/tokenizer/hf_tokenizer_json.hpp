// Test-only: builds tokenizer.ggml.* data from a HF tokenizer.json + tokenizer_config.json the way a
// GGUF converter does, so the tests can drive the engine's Tokenizer with real vocabularies.
// (To be replaced by the gguf module's converter once it lands: tokenizer.json -> GGUF -> TokenizerData.)
#pragma once

#include "strata/tokenizer/tokenizer_data.hpp"

#include <QString>

namespace strata::tokenizer::test {

// `dir` holds tokenizer.json and tokenizer_config.json; `pre` is the tokenizer.ggml.pre name to use.
// Throws strata::Error when a file is missing or malformed.
TokenizerData loadHfTokenizer(const QString& dir, const std::string& pre);

}  // namespace strata::tokenizer::test
