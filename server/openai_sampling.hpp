// The sampling fields the OpenAI APIs share (chat and completions): temperature, top_p, max_tokens,
// stop, seed, presence/frequency penalties, and llama-server's top_k and min_p.
#pragma once

#include "server/json_fields.hpp"
#include "strata/model/generation.hpp"

namespace strata::server {

// Starts from the engine's defaults (llama.cpp's chain) and applies what the body sets. Without
// max_tokens the reply may fill the context. n > 1 is a 400.
model::GenerationRequest openAiGenerationRequest(const Json& body, uint32_t contextLength);

// A random seed for requests that name none, so two unseeded requests differ.
uint64_t freshSeed();

}  // namespace strata::server
