#include "strata/model/sampler.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace strata::model {

SamplingParams SamplingParams::greedy()
{
    SamplingParams p;
    p.temperature = 0.0f;
    p.topK = 0;
    p.topP = 1.0f;
    p.minP = 0.0f;
    p.penaltyLastN = 0;
    return p;
}

Sampler::Sampler(SamplingParams params) : params_(params), rng_(params.seed) {}

void Sampler::reseed(uint64_t seed)
{
    params_.seed = seed;
    rng_.seed(seed);
}

int32_t Sampler::sample(std::span<const float> logits, std::span<const int32_t> history)
{
    candidates_.resize(logits.size());
    for (size_t i = 0; i < logits.size(); ++i)
        candidates_[i] = {int32_t(i), logits[i], 0.0f};
    applyPenalties(history);

    if (params_.temperature <= 0.0f) {
        const auto best =
            std::max_element(candidates_.begin(), candidates_.end(), [](const Candidate& a, const Candidate& b) {
                return a.logit < b.logit || (a.logit == b.logit && a.id > b.id);  // ties: lowest id
            });
        return best->id;
    }
    if (params_.topK > 0)
        keepTopK(size_t(params_.topK));
    if (params_.topP < 1.0f)
        keepTopP(params_.topP);
    if (params_.minP > 0.0f)
        keepMinP(params_.minP);
    for (Candidate& c : candidates_)
        c.logit /= params_.temperature;
    softmax();
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    double r = uniform(rng_), acc = 0.0;
    for (const Candidate& c : candidates_) {
        acc += c.p;
        if (r < acc)
            return c.id;
    }
    return candidates_.back().id;  // rounding left r just above the total
}

void Sampler::applyPenalties(std::span<const int32_t> history)
{
    const bool any =
        params_.repeatPenalty != 1.0f || params_.presencePenalty != 0.0f || params_.frequencyPenalty != 0.0f;
    if (!any || params_.penaltyLastN == 0 || history.empty())
        return;
    const size_t window =
        params_.penaltyLastN < 0 ? history.size() : std::min(history.size(), size_t(params_.penaltyLastN));
    const auto recent = history.last(window);
    counts_.assign(candidates_.size(), 0);
    for (int32_t id : recent)
        if (id >= 0 && size_t(id) < counts_.size())
            ++counts_[size_t(id)];
    for (Candidate& c : candidates_) {
        const uint32_t n = counts_[size_t(c.id)];
        if (n == 0)
            continue;
        c.logit = c.logit > 0.0f ? c.logit / params_.repeatPenalty : c.logit * params_.repeatPenalty;
        c.logit -= float(n) * params_.frequencyPenalty + params_.presencePenalty;
    }
}

void Sampler::keepTopK(size_t k)
{
    k = std::min(k, candidates_.size());
    std::partial_sort(candidates_.begin(), candidates_.begin() + long(k), candidates_.end(),
                      [](const Candidate& a, const Candidate& b) { return a.logit > b.logit; });
    candidates_.resize(k);
}

void Sampler::softmax()
{
    std::sort(candidates_.begin(), candidates_.end(),
              [](const Candidate& a, const Candidate& b) { return a.logit > b.logit; });
    const float max = candidates_.front().logit;
    double sum = 0.0;
    for (Candidate& c : candidates_) {
        c.p = std::exp(c.logit - max);
        sum += c.p;
    }
    for (Candidate& c : candidates_)
        c.p = float(c.p / sum);
}

void Sampler::keepTopP(float p)
{
    softmax();
    double acc = 0.0;
    size_t keep = candidates_.size();
    for (size_t i = 0; i < candidates_.size(); ++i) {
        acc += candidates_[i].p;
        if (acc >= p) {
            keep = i + 1;
            break;
        }
    }
    candidates_.resize(keep);
}

void Sampler::keepMinP(float p)
{
    softmax();
    const float threshold = candidates_.front().p * p;
    size_t keep = 1;
    while (keep < candidates_.size() && candidates_[keep].p >= threshold)
        ++keep;
    candidates_.resize(keep);
}

}  // namespace strata::model
