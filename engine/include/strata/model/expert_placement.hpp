// Where a mixture-of-experts model's experts live when VRAM cannot hold them all: how many expert
// slots each layer's GPU cache gets from a budget (the hybrid backend's placement planner).
#pragma once

#include "strata/model/hparams.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace strata::model {

// Slots per layer for `budgetBytes` of expert weights at `bytesPerExpert` each (gate, up and down of
// one expert): split evenly over the MoE layers from `cpuFirstLayers` on (layers before it get 0,
// their experts run on the CPU: llama.cpp's --n-cpu-moe), the remainder one each to the earliest of
// them, capped at the expert count. A model without experts gets 0 everywhere. Throws
// strata::Error for bytesPerExpert 0.
std::vector<uint32_t> expertSlotsForBudget(const Hparams& h, size_t bytesPerExpert, size_t budgetBytes,
                                           uint32_t cpuFirstLayers);

}  // namespace strata::model
