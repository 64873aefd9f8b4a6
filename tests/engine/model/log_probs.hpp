// Log-probabilities of a logits row (a numerically stable log-softmax in double): the scale on which
// model tests compare logits against llama.cpp (test_model_reference) and the GPU against the CPU
// (test_cuda_model, test_cuda_hybrid).
#pragma once

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

namespace strata::test {

inline std::vector<double> logProbs(std::span<const float> logits)
{
    double max = -INFINITY;
    for (float x : logits)
        max = std::max(max, double(x));
    double sum = 0;
    for (float x : logits)
        sum += std::exp(double(x) - max);
    const double lse = max + std::log(sum);
    std::vector<double> out(logits.size());
    for (size_t i = 0; i < logits.size(); ++i)
        out[i] = double(logits[i]) - lse;
    return out;
}

// The largest |log p_a - log p_b| over the vocabulary: how far two backends' next-token
// distributions are apart.
inline double worstLogProbDiff(std::span<const float> a, std::span<const float> b)
{
    const auto la = logProbs(a), lb = logProbs(b);
    double worst = 0;
    for (size_t i = 0; i < la.size(); ++i)
        worst = std::max(worst, std::abs(la[i] - lb[i]));
    return worst;
}

}  // namespace strata::test
