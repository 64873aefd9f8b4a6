// Choosing the next token from logits: penalties, top-k, top-p, min-p, temperature, seeded draw.
// The order follows llama.cpp's default chain, so the same settings mean the same thing there.
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace strata::model {

struct SamplingParams {
    float temperature = 0.8f;  // <= 0: greedy (argmax)
    int32_t topK = 40;         // <= 0: off
    float topP = 0.95f;        // >= 1: off
    float minP = 0.05f;        // <= 0: off
    // Penalties over the last `penaltyLastN` tokens (0: off, -1: the whole history).
    int32_t penaltyLastN = 64;
    float repeatPenalty = 1.0f;     // 1: off. Divides positive logits, multiplies negative ones
    float presencePenalty = 0.0f;   // subtracted once per token that occurred
    float frequencyPenalty = 0.0f;  // subtracted per occurrence
    uint64_t seed = 0xC0FFEE;

    static SamplingParams greedy();
};

class Sampler {
public:
    explicit Sampler(SamplingParams params = {});

    // `history`: the tokens so far (prompt and generated), for the penalties.
    int32_t sample(std::span<const float> logits, std::span<const int32_t> history);
    const SamplingParams& params() const { return params_; }
    void reseed(uint64_t seed);

private:
    struct Candidate {
        int32_t id;
        float logit;
        float p;
    };
    void applyPenalties(std::span<const int32_t> history);
    void keepTopK(size_t k);
    void softmax();
    void keepTopP(float p);
    void keepMinP(float p);

    SamplingParams params_;
    std::mt19937_64 rng_;
    std::vector<Candidate> candidates_;
    std::vector<uint32_t> counts_;  // occurrences per token id within the penalty window
};

}  // namespace strata::model
