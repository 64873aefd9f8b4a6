#include "server/token_logprobs.hpp"

#include <algorithm>
#include <cmath>

namespace strata::server {

TokenLogprob tokenLogprob(const tokenizer::Tokenizer& tokenizer, int32_t token, std::span<const float> logits, int top)
{
    float max = -INFINITY;
    for (float l : logits)
        max = std::max(max, l);
    double sum = 0;
    for (float l : logits)
        sum += std::exp(double(l) - max);
    const double logNorm = max + std::log(sum);

    TokenLogprob out;
    out.bytes = tokenizer.tokenBytes(token, false);
    out.logprob = float(double(logits[size_t(token)]) - logNorm);
    // The top entries, kept sorted in a vector of at most `top` ids.
    std::vector<int32_t> best;
    const auto higher = [&](int32_t a, int32_t b) { return logits[size_t(a)] > logits[size_t(b)]; };
    for (int32_t id = 0; top > 0 && id < int32_t(logits.size()); ++id) {
        if (int(best.size()) == top && !higher(id, best.back()))
            continue;
        best.insert(std::upper_bound(best.begin(), best.end(), id, higher), id);
        if (int(best.size()) > top)
            best.pop_back();
    }
    for (int32_t id : best)
        out.top.push_back({tokenizer.tokenBytes(id, false), float(double(logits[size_t(id)]) - logNorm)});
    return out;
}

}  // namespace strata::server
