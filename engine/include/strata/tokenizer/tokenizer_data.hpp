// The vocabulary of a model as the GGUF file stores it (the `tokenizer.ggml.*` keys and
// tokenizer.chat_template), as plain data: the one representation of it in Strata. A Tokenizer is built
// from it; gguf_tokenizer_data.hpp reads and writes it, hf_tokenizer_import.hpp and
// synthetic_vocabulary.hpp make it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace strata::tokenizer {

using TokenId = std::int32_t;
inline constexpr TokenId kNoToken = -1;

// Values of tokenizer.ggml.token_type (the numbering llama.cpp's converters write).
enum class TokenType : std::int32_t {
    Undefined = 0,
    Normal = 1,
    Unknown = 2,
    Control = 3,
    UserDefined = 4,
    Unused = 5,
    Byte = 6,
};

struct TokenizerData {
    std::string model;                    // tokenizer.ggml.model: "gpt2" (byte-level BPE) or "llama" (SentencePiece)
    std::string pre;                      // tokenizer.ggml.pre: pre-tokenizer name ("llama-bpe", "qwen2", ...)
    std::vector<std::string> tokens;      // tokenizer.ggml.tokens
    std::vector<std::int32_t> tokenType;  // tokenizer.ggml.token_type (empty: all Normal)
    std::vector<float> scores;            // tokenizer.ggml.scores (SentencePiece merge priority)
    std::vector<std::string> merges;      // tokenizer.ggml.merges: "left right", best rank first

    TokenId bos = kNoToken;  // tokenizer.ggml.bos_token_id
    TokenId eos = kNoToken;  // tokenizer.ggml.eos_token_id
    TokenId eot = kNoToken;  // tokenizer.ggml.eot_token_id
    TokenId eom = kNoToken;  // tokenizer.ggml.eom_token_id
    TokenId unk = kNoToken;  // tokenizer.ggml.unknown_token_id
    TokenId pad = kNoToken;  // tokenizer.ggml.padding_token_id

    bool addBos = false;         // tokenizer.ggml.add_bos_token
    bool addEos = false;         // tokenizer.ggml.add_eos_token
    bool addSpacePrefix = true;  // tokenizer.ggml.add_space_prefix (SentencePiece only)

    std::string chatTemplate;  // tokenizer.chat_template (empty: none)

    // Not GGUF keys: behaviours HF tokenizer.json states and GGUF leaves to the pre-tokenizer name.
    // tokenizerDefaultsForPre() fills them the way the named models need.
    bool ignoreMerges = false;  // a pre-token that is itself in the vocabulary becomes one token (Llama 3)
    bool normalizeNfc = false;  // NFC-normalise text before splitting (Qwen2/Qwen3)
};

// Sets ignore_merges / normalize_nfc from `pre` as the named models' tokenizer.json files state them.
void applyPreTokenizerDefaults(TokenizerData& data);

}  // namespace strata::tokenizer
