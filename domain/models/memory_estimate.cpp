#include "domain/models/memory_estimate.hpp"

namespace strata::models {

MemoryEstimate estimateMemory(const ModelEntry& model, qint64 contextLength, model::KvType kvType)
{
    MemoryEstimate e;
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
