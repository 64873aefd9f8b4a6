// Log-probabilities of a logits row (a numerically stable log-softmax in double): the scale on which
// model tests compare logits against llama.cpp (test_model_reference) and the GPU against the CPU
// (test_cuda_model).
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

}  // namespace strata::test
