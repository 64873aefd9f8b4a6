#include "strata/model/layer_split.hpp"

#include "strata/core/error.hpp"

#include <numeric>
#include <string>

namespace strata::model {
namespace {

std::string mib(size_t bytes)
{
    return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

size_t weightBytes(const Weight& w)
{
    return w.present() ? w.matrixStride * size_t(w.count) : 0;
}

}  // namespace

SplitDemand splitDemand(const ModelDefinition& d, uint32_t contextLength, KvType kv, size_t scratch)
{
    SplitDemand s;
    for (const LayerWeights& l : d.weights.layers) {
        size_t bytes = 0;
        for (const Weight* w :
             {&l.attnNorm, &l.wq, &l.wk, &l.wv, &l.wo, &l.bq, &l.bk, &l.bv, &l.qNorm, &l.kNorm, &l.ffnNorm, &l.ffnGate,
              &l.ffnUp, &l.ffnDown, &l.router, &l.gateExps, &l.upExps, &l.downExps})
            bytes += weightBytes(*w);
        s.layerWeights.push_back(bytes);
    }
    // K and V of every position: f16, or q8_0's 34 bytes per 32 values.
    const size_t values = 2 * size_t(contextLength) * d.hparams.kvDim();
    s.kvPerLayer = kv == KvType::F16 ? values * 2 : values / 32 * 34;
    s.firstDevice = weightBytes(d.weights.tokenEmbedding);
    // A tied head is the embedding: the last GPU needs its own copy then.
    s.lastDevice = weightBytes(d.weights.output) + weightBytes(d.weights.outputNorm);
    s.perDevice = scratch;
    return s;
}

std::vector<LayerRange> planLayerSplit(const SplitDemand& demand, std::span<const GpuCapacity> gpus)
{
    if (gpus.empty())
        throw Error("no GPU to place the model on");
    const size_t layers = demand.layerWeights.size();
    const size_t total = std::accumulate(demand.layerWeights.begin(), demand.layerWeights.end(), size_t(0))
                         + layers * demand.kvPerLayer + demand.firstDevice + demand.lastDevice;
    size_t capacity = 0;
    for (const GpuCapacity& g : gpus)
        capacity += g.bytes;
    const auto refuse = [&] {
        std::string each;
        for (const GpuCapacity& g : gpus)
            each += (each.empty() ? "" : ", ") + ("GPU " + std::to_string(g.device) + " " + mib(g.bytes));
        return Error("the model needs " + mib(total + demand.perDevice) + " at least (" + mib(total)
                     + " of weights and KV cache, " + mib(demand.perDevice) + " of scratch per GPU), but the GPUs take "
                     + each);
    };
    std::vector<LayerRange> ranges;
    uint32_t next = 0;
    size_t placed = 0;  // weights and KV of the layers placed so far
    for (size_t i = 0; i < gpus.size(); ++i) {
        const GpuCapacity& g = gpus[i];
        const bool first = ranges.empty(), last = i + 1 == gpus.size();  // first: the first GPU in use
        LayerRange r{g.device, next, 0, demand.perDevice + (first ? demand.firstDevice : 0)};
        // Proportional target: this GPU's share of everything, by capacity, of what is left.
        size_t capacityLeft = 0;
        for (size_t j = i; j < gpus.size(); ++j)
            capacityLeft += gpus[j].bytes;
        const size_t layersLeftBytes = total - demand.firstDevice - demand.lastDevice - placed;
        const double share = capacityLeft ? double(g.bytes) / double(capacityLeft) : 0.0;
        const double target = share * double(layersLeftBytes);
        size_t taken = 0;
        while (next < layers) {
            const size_t layer = demand.layerWeights[next] + demand.kvPerLayer;
            const size_t tail = (last || next + 1 == layers) ? demand.lastDevice : 0;
            if (r.bytes + layer + tail > g.bytes)
                break;
            // Past the target, the next GPUs take the rest (the last GPU takes all that fits).
            if (!last && r.count > 0 && double(taken + layer) > target + double(layer) / 2)
                break;
            r.bytes += layer;
            taken += layer;
            ++r.count;
            ++next;
        }
        placed += taken;
        if (r.count > 0 && next == layers)
            r.bytes += demand.lastDevice;
        if (r.count > 0)
            ranges.push_back(r);
        if (next == layers)
            break;
    }
    if (next < layers || capacity == 0)
        throw refuse();
    return ranges;
}

}  // namespace strata::model
