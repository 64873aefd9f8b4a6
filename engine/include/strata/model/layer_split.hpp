// Which contiguous layers each GPU holds when a model is split over several (issue 24): ranges sized
// by what each GPU may take (its free VRAM or budget), counting the KV cache of its layers, the
// embedding on the first GPU and the output head on the last. Activations then hop once per range
// boundary. Pure arithmetic, so it is planned and tested without a GPU.
#pragma once

#include "strata/model/backend.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace strata::model {

struct GpuCapacity {
    int device = 0;
    size_t bytes = 0;  // what the model may take there: free VRAM, or the user's budget for that GPU
};

// What a split has to place, in bytes.
struct SplitDemand {
    std::vector<size_t> layerWeights;  // each layer's weights
    size_t kvPerLayer = 0;             // one layer's KV cache for the context asked for
    size_t firstDevice = 0;            // the token embedding (read on the first GPU)
    size_t lastDevice = 0;             // the output norm and head (the last GPU computes the logits)
    size_t perDevice = 0;              // activations and scratch every GPU in use needs
};

struct LayerRange {
    int device = 0;
    uint32_t first = 0, count = 0;  // layers first .. first + count - 1
    size_t bytes = 0;               // everything this GPU then holds
};

// The demand of `d` for a context of `contextLength` positions and KV type `kv`; `scratch`: per GPU.
SplitDemand splitDemand(const ModelDefinition& d, uint32_t contextLength, KvType kv, size_t scratch);

// Ranges in device order, each GPU's share of the layers in proportion to its capacity (llama.cpp's
// default split), none over its capacity; a GPU too small for any layer gets none. Throws
// strata::Error naming the bytes needed and each GPU's capacity when the model does not fit.
std::vector<LayerRange> planLayerSplit(const SplitDemand& demand, std::span<const GpuCapacity> gpus);

}  // namespace strata::model
