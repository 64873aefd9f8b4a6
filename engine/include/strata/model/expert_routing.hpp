// What a mixture-of-experts layer chose, reported as it happens. Routing statistics (how skewed a
// file's routing is) and the hybrid backend's expert cache (which experts to keep in VRAM) learn from it.
#pragma once

#include <cstdint>
#include <functional>
#include <span>

namespace strata::model {

// Called once per MoE layer and forward pass on the thread that runs it: `experts` holds `tokens`
// rows of the layer's experts-per-token ids, each row the token's top-k, best first. Empty: not called.
using RoutingObserver = std::function<void(uint32_t layer, std::span<const int32_t> experts, uint32_t tokens)>;

}  // namespace strata::model
