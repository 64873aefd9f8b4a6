#include "domain/models/memory_estimate.hpp"

#include "strata/model/cuda_memory.hpp"

#include <algorithm>

namespace strata::models {

namespace {

void estimateVram(MemoryEstimate& e, const ModelEntry& model, qint64 contextLength, int batchSize)
{
    if (!model.hparams || model.gpuWeightsBytes < 0 || contextLength <= 0 || batchSize <= 0)
        return;
    const auto context = uint32_t(std::min<qint64>(contextLength, 1 << 24));
    e.vramWeightsBytes = model.gpuWeightsBytes;
    e.vramKvCacheBytes = qint64(model::cudaKvCacheBytes(*model.hparams, context));
    e.vramScratchBytes = qint64(model::cudaScratchBytes(*model.hparams, uint32_t(batchSize)));
    e.vramTotalBytes = e.vramWeightsBytes + e.vramKvCacheBytes + e.vramScratchBytes;
}

}  // namespace

MemoryEstimate estimateMemory(const ModelEntry& model, qint64 contextLength, model::KvType kvType, int batchSize)
{
    MemoryEstimate e;
    estimateVram(e, model, contextLength, batchSize);
    e.weightsBytes = model.tensorDataBytes >= 0 ? model.tensorDataBytes : model.sizeBytes;
    qint64 headsOverLayers = 0;
    for (int i = 0; i < model.layerCount; ++i) {
        if (model.kvHeadsPerLayer.isEmpty())
            break;
        // One value means "the same for every layer"; a list gives each layer its own.
        headsOverLayers += model.kvHeadsPerLayer.size() == 1 ? model.kvHeadsPerLayer[0]
                                                             : model.kvHeadsPerLayer.value(i, 0);
    }
    const qint64 perHead = qint64(model.keyLength) + model.valueLength;
    if (headsOverLayers <= 0 || perHead <= 0 || contextLength <= 0) {
        e.kvCacheBytes = -1;
        e.totalBytes = e.weightsBytes + e.overheadBytes;
        return e;
    }
    const qint64 elements = contextLength * headsOverLayers * perHead;
    e.kvCacheBytes = kvType == model::KvType::F16 ? elements * 2 : (elements + 31) / 32 * 34;
    e.totalBytes = e.weightsBytes + e.kvCacheBytes + e.overheadBytes;
    return e;
}

}  // namespace strata::models
