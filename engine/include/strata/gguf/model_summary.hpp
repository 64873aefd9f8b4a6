// What a model file is, in the terms people look for: architecture, size, quantization,
// tokenizer, chat template, experts, context. `strata-gguf info` and the app's model list use it.
#pragma once

#include "strata/gguf/file.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace strata::gguf {

struct ModelSummary {
    std::string architecture;          // general.architecture ("" when missing)
    std::string name;                  // general.name
    std::optional<uint32_t> fileType;  // general.file_type
    std::string fileTypeName;          // "MOSTLY_Q4_K_M", or "" when the key is missing
    uint64_t parameters = 0;           // elements of all tensors
    uint64_t tensorBytes = 0;
    std::optional<uint64_t> contextLength, embeddingLength, blockCount, headCount, headCountKv;
    std::optional<uint64_t> expertCount, expertUsedCount;
    struct Tokenizer {
        std::string model;  // tokenizer.ggml.model ("" when the file has no tokenizer)
        std::string pre;
        uint64_t vocabSize = 0;
        std::optional<int64_t> bos, eos;
    } tokenizer;
    bool hasChatTemplate = false;
};

ModelSummary summarize(const File& file);

}  // namespace strata::gguf
