// Model files with seeded random weights in llama.cpp's exact layout (tensor names, shapes and
// metadata keys), for tests and benchmarks: `strata-gguf mkmodel` is a thin front end.
#pragma once

#include "strata/gguf/ggml_type.hpp"
#include "strata/gguf/writer.hpp"

#include <cstdint>
#include <string>

namespace strata::gguf {

struct ModelSpec {
    std::string architecture = "llama";  // one of strata::model::architectures()
    std::string name;                    // general.name; defaults to "strata-synthetic-<arch>"
    uint32_t layers = 2;
    uint32_t embedding = 256;
    uint32_t heads = 4;
    uint32_t kvHeads = 2;
    uint32_t headDim = 0;            // 0: embedding / heads
    uint32_t feedForward = 512;      // dense FFN width (per expert width for MoE: expertFeedForward)
    uint32_t experts = 0;            // qwen3moe: number of experts (default 8)
    uint32_t expertsUsed = 0;        // qwen3moe: experts per token (default 2)
    uint32_t expertFeedForward = 0;  // qwen3moe: 0 = feedForward
    uint32_t vocab = 0;              // 0: the vocabulary's size; larger pads with unused tokens
                                     // (tokenizer::syntheticModelFile pads)
    uint32_t context = 4096;
    float rmsEpsilon = 1e-6f;
    float ropeFreqBase = 10000.0f;
    GgmlType weightType = GgmlType::F32;  // 2-D weights; norms, biases and the MoE router stay F32
    uint64_t seed = 1;
    float outputScale = 1.0f;    // multiplies the output head: > 1 makes logits peaked
    bool tieEmbeddings = false;  // no output.weight: llama.cpp then uses token_embd
    // > 0: each tensor draws and quantizes only this many distinct rows and repeats them (the
    // benchmarks' fast path: an 8B shape in seconds instead of many minutes of quantization; speed
    // does not depend on the values, and the file is still far larger than any cache).
    uint32_t distinctRows = 0;
};

// Builds the file's architecture metadata and tensors for a vocabulary of `vocabSize` tokens; the
// tokenizer keys are the tokenizer module's to write (tokenizer::syntheticModelFile does both).
// Throws strata::Error for unknown architectures, shapes the type cannot hold (row lengths must be
// whole blocks) or weight types the kernels cannot quantize to.
Writer buildSyntheticModel(const ModelSpec& spec, uint64_t vocabSize);

}  // namespace strata::gguf
