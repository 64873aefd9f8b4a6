#include "strata/model/expert_placement.hpp"

#include "strata/core/error.hpp"

#include <algorithm>

namespace strata::model {

std::vector<uint32_t> expertSlotsForBudget(const Hparams& h, size_t bytesPerExpert, size_t budgetBytes,
                                           uint32_t cpuFirstLayers)
{
    if (bytesPerExpert == 0)
        throw Error("expert placement: an expert of 0 bytes");
    std::vector<uint32_t> slots(h.layers, 0);
    if (h.experts == 0 || cpuFirstLayers >= h.layers)
        return slots;
    const uint64_t layers = h.layers - cpuFirstLayers;
    const uint64_t total = budgetBytes / bytesPerExpert;
    const uint64_t each = total / layers, extra = total % layers;
    for (uint32_t l = cpuFirstLayers; l < h.layers; ++l) {
        const uint64_t n = each + (l - cpuFirstLayers < extra ? 1 : 0);
        slots[l] = uint32_t(std::min<uint64_t>(n, h.experts));
    }
    return slots;
}

}  // namespace strata::model
