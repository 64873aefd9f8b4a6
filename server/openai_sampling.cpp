#include "server/openai_sampling.hpp"

#include <random>

namespace strata::server {

uint64_t freshSeed()
{
    std::random_device device;
    return (uint64_t(device()) << 32) | device();
}

model::GenerationRequest openAiGenerationRequest(const Json& body, uint32_t contextLength)
{
    model::GenerationRequest r;
    model::SamplingParams& s = r.sampling;
    if (auto t = numberField(body, "temperature", 0.0, 2.0))
        s.temperature = float(*t);
    if (auto p = numberField(body, "top_p", 0.0, 1.0))
        s.topP = float(*p);
    if (auto k = integerField(body, "top_k", 0, 1 << 20))
        s.topK = int32_t(*k);
    if (auto p = numberField(body, "min_p", 0.0, 1.0))
        s.minP = float(*p);
    if (auto p = numberField(body, "presence_penalty", -2.0, 2.0))
        s.presencePenalty = float(*p);
    if (auto p = numberField(body, "frequency_penalty", -2.0, 2.0))
        s.frequencyPenalty = float(*p);
    const auto seed = integerField(body, "seed", INT64_MIN, INT64_MAX);
    s.seed = seed ? uint64_t(*seed) : freshSeed();
    // max_completion_tokens is the chat API's newer name; either bounds the reply.
    auto max = integerField(body, "max_completion_tokens", 1, INT32_MAX);
    if (!max)
        max = integerField(body, "max_tokens", 1, INT32_MAX);
    r.maxTokens = max ? uint32_t(*max) : contextLength;
    r.stopStrings = stringOrStrings(body, "stop", 4);
    if (auto n = integerField(body, "n", 1, INT32_MAX); n && *n != 1)
        throw ApiError(400, "'n' must be 1: this server generates one choice per request", "n");
    return r;
}

}  // namespace strata::server
