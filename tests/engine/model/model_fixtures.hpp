// Small models with seeded random weights for the model tests (written by the gguf module's
// synthetic-model builder, the same code behind `strata-gguf mkmodel`).
#pragma once

#include "strata/gguf/synthetic_model.hpp"
#include "strata/tokenizer/synthetic_vocabulary.hpp"

#include <QTemporaryDir>

#include <filesystem>
#include <string>

namespace strata::test {

inline gguf::ModelSpec smallSpec(const std::string& arch, gguf::GgmlType type)
{
    gguf::ModelSpec s;
    s.architecture = arch;
    s.layers = 2;
    s.embedding = 256;
    s.heads = 4;
    s.kvHeads = 2;
    s.feedForward = 512;
    if (arch == "qwen3moe") {
        s.experts = 8;
        s.expertsUsed = 2;
        s.expertFeedForward = 256;
    }
    s.context = 256;
    s.weightType = type;
    s.seed = 7;
    s.outputScale = 4.0f;
    return s;
}

inline std::filesystem::path writeModel(const QTemporaryDir& dir, const gguf::ModelSpec& spec, const std::string& name)
{
    const std::filesystem::path path = std::filesystem::path(dir.path().toStdString()) / (name + ".gguf");
    tokenizer::syntheticModelFile(spec, tokenizer::syntheticByteVocabulary()).write(path);
    return path;
}

}  // namespace strata::test
