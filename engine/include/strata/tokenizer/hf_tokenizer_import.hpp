// A tokenizer vocabulary as GGUF files store it (the tokenizer.ggml.* keys), built either from a
// Hugging Face tokenizer.json the way llama.cpp's convert_hf_to_gguf.py does, or synthetically.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace strata::gguf {

class Writer;

// tokenizer.ggml.token_type values (llama.cpp's llama_token_type).
enum class TokenType : int32_t { Normal = 1, Unknown = 2, Control = 3, UserDefined = 4, Unused = 5, Byte = 6 };

struct Vocabulary {
    std::string model;                 // "gpt2" (byte-level BPE) or "llama" (SentencePiece)
    std::string pre;                   // pre-tokenizer name, e.g. "qwen2", "llama-bpe", "default"
    std::vector<std::string> tokens;
    std::vector<TokenType> types;
    std::vector<float> scores;         // written for "llama" only
    std::vector<std::string> merges;   // "left right", written for "gpt2" only
    std::optional<int32_t> bos, eos, unk, pad;
    std::optional<bool> addBos, addEos;
    std::string chatTemplate;          // empty: none

    size_t size() const { return tokens.size(); }
};

// 256 byte tokens (GPT-2's byte-to-unicode alphabet), a few dozen English merges and the ChatML
// control tokens; eos = <|im_end|>, bos = <|endoftext|>, with a ChatML chat template.
Vocabulary syntheticByteVocabulary();

// Reads `tokenizer.json` (and, when present beside it, `tokenizer_config.json` for special tokens,
// add_bos/add_eos and the chat template, and `chat_template.jinja`). Byte-level BPE becomes
// "gpt2"; BPE with byte_fallback (Llama 2 style) becomes "llama" with scores = -merge rank.
// Ids missing below `minSize` are filled with "[PAD<id>]" unused tokens as convert_hf_to_gguf does.
Vocabulary importHfTokenizer(const std::filesystem::path& tokenizerJson, size_t minSize = 0);

// Writes the tokenizer.ggml.* keys (and tokenizer.chat_template when set).
void addVocabulary(Writer& writer, const Vocabulary& vocab);

}  // namespace strata::gguf
