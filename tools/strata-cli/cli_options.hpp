// Command line of strata-cli.
#pragma once

#include "strata/model/backend.hpp"
#include "strata/model/model.hpp"
#include "strata/model/sampler.hpp"
#include "strata/pool/wait_policy.hpp"

#include <optional>
#include <string>
#include <vector>

namespace strata::cli {

enum class Mode { Chat, Prompt, Logits, Tokenize, Detokenize, RenderChat };

struct CliOptions {
    std::string model;
    Mode mode = Mode::Chat;
    std::string prompt;        // -p TEXT (raw completion)
    std::string text;          // --tokenize TEXT
    std::vector<int32_t> ids;  // --tokens / --detokenize
    std::string logitsOut;     // --logits-out FILE
    std::string chatFile;      // --render-chat FILE.json
    std::string system;        // --system TEXT (chat)
    bool special = false;      // --special: parse control tokens in --tokenize text
    bool printIds = false;     // --ids: print generated token ids instead of text
    int maxTokens = 256;       // -n
    int threads = -1;          // --threads: total, the caller included
    uint32_t context = 0;      // --ctx
    model::KvType kv = model::KvType::F16;
    std::optional<pool::WaitPolicy> policy;
    model::SamplingParams sampling;
    model::ModelOptions gpu;  // device, VRAM budget, GPU wait and expert placement (tools/common/gpu_options)
};

// Parses argv; prints usage and exits on --help or a bad argument.
CliOptions parseCliOptions(int argc, char** argv);

}  // namespace strata::cli
