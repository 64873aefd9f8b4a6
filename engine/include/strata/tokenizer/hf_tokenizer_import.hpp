// A Hugging Face tokenizer.json as the tokenizer.ggml.* keys of a GGUF file would hold it, converted
// the way llama.cpp's convert_hf_to_gguf.py does (what `strata-gguf mkmodel --tokenizer` writes).
#pragma once

#include "strata/tokenizer/tokenizer_data.hpp"

#include <cstddef>
#include <filesystem>

namespace strata::tokenizer {

// Reads `tokenizer.json` (and, when present beside it, `tokenizer_config.json` for special tokens,
// add_bos/add_eos and the chat template, and `chat_template.jinja`). Byte-level BPE becomes
// "gpt2" with pre left empty (GGUF names the pre-tokenizer; the caller chooses it); BPE with
// byte_fallback (Llama 2 style) becomes "llama" with scores = -merge rank. Ids missing below `minSize`
// are filled with "[PAD<id>]" unused tokens as convert_hf_to_gguf does. Throws strata::Error naming
// the file and the field that is wrong.
TokenizerData importHfTokenizer(const std::filesystem::path& tokenizerJson, std::size_t minSize = 0);

}  // namespace strata::tokenizer
