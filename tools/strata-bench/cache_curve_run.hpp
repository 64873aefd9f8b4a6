// strata-bench --cache-curve: one chat from the hybrid cache's start, its tokens timed one by one
// (the summary and its table are benchtools::summarizeWarmup's).
#pragma once

#include "strata/model/model.hpp"
#include "strata/model/session.hpp"

#include <cstdint>
#include <vector>

namespace strata::bench {

// Reads `prompt` (when not empty), then decodes `tokens` one at a time, and prints the warm-up
// table. Throws when the model has no hybrid expert cache.
void printCacheWarmup(model::Model& m, model::Session& session, const std::vector<int32_t>& prompt,
                      const std::vector<int32_t>& tokens);

}  // namespace strata::bench
