#include "strata/tokenizer/tokenizer_data.hpp"

namespace strata::tokenizer {

void applyPreTokenizerDefaults(TokenizerData& data)
{
    // Llama 3's tokenizer.json sets "ignore_merges": true; llama.cpp ties it to this pre-tokenizer too.
    data.ignoreMerges = (data.pre == "llama3" || data.pre == "llama-bpe" || data.pre == "llama-v3");
    // Qwen2/Qwen3 tokenizer.json files carry an NFC normalizer, which GGUF has no key for.
    data.normalizeNfc = (data.pre == "qwen2" || data.pre == "deepseek-r1-qwen");
}

}  // namespace strata::tokenizer
