// How many bytes of weights one decode step reads: the numerator of the decode roofline
// (roofline tok/s = read bandwidth / bytes per token). Placement decisions (which experts to keep
// in VRAM) will weigh the same per-tensor figures.
#pragma once

#include "strata/model/backend.hpp"

#include <cstdint>

namespace strata::model {

struct DecodeTraffic {
    uint64_t denseBytes = 0;   // read by every token: attention, norms, dense FFNs, router, output head
    uint64_t expertBytes = 0;  // experts_used matrices of every expert stack
    uint64_t total() const { return denseBytes + expertBytes; }
};

// The token embedding counts one row (a lookup), the output head all of it (tied or not). The KV
// cache is not weights and not counted: at short contexts it is small next to them.
DecodeTraffic decodeTraffic(const ModelDefinition& model);

}  // namespace strata::model
