#include "domain/models/memory_estimate.hpp"

#include "strata/model/cuda_memory.hpp"
#include "strata/model/model.hpp"

#include <algorithm>
#include <limits>

namespace strata::domain::models {

namespace {

constexpr qint64 kUnbounded = std::numeric_limits<qint64>::max();

// a * b, or kUnbounded when it does not fit (a hostile header: "more than any machine has").
qint64 times(qint64 a, qint64 b)
{
    qint64 product = 0;
    return __builtin_mul_overflow(a, b, &product) ? kUnbounded : product;
}

qint64 plus(qint64 a, qint64 b)
{
    qint64 sum = 0;
    return __builtin_add_overflow(a, b, &sum) ? kUnbounded : sum;
}

void estimateVram(MemoryEstimate& e, const ModelEntry& model, qint64 contextLength, int batchSize)
{
    if (!model.hparams || model.gpuWeightsBytes < 0 || contextLength <= 0 || batchSize < 0)
        return;
    // Automatic (0): the engine's default chunk. A hybrid MoE takes kLongPromptChunk where VRAM
    // allows, falling back to this, so the estimate is what every model gets.
    if (batchSize == 0)
        batchSize = int(model::kDefaultChunk);
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
    // One value means "the same for every layer": a product, not a loop (block_count comes from
    // the file and may be 2^31). A list gives each layer its own; layers past its end hold nothing.
    qint64 headsOverLayers = 0;
    if (model.kvHeadsPerLayer.size() == 1) {
        headsOverLayers = times(std::max(0, model.layerCount), std::max(0, model.kvHeadsPerLayer[0]));
    } else {
        const qsizetype layers = std::min<qsizetype>(std::max(0, model.layerCount), model.kvHeadsPerLayer.size());
        for (qsizetype i = 0; i < layers; ++i)
            headsOverLayers = plus(headsOverLayers, std::max(0, model.kvHeadsPerLayer[i]));
    }
    const qint64 perHead = qint64(model.keyLength) + model.valueLength;
    if (headsOverLayers <= 0 || perHead <= 0 || contextLength <= 0) {
        e.kvCacheBytes = -1;
        e.totalBytes = plus(e.weightsBytes, e.overheadBytes);
        return e;
    }
    const qint64 elements = times(times(contextLength, headsOverLayers), perHead);
    if (elements == kUnbounded)
        e.kvCacheBytes = kUnbounded;
    else
        e.kvCacheBytes = kvType == model::KvType::F16 ? times(elements, 2) : times(plus(elements, 31) / 32, 34);
    e.totalBytes = plus(plus(e.weightsBytes, e.kvCacheBytes), e.overheadBytes);
    return e;
}

}  // namespace strata::domain::models
