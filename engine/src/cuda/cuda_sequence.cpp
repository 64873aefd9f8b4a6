#include "cuda_sequence.hpp"

#include "cuda_check.hpp"
#include "strata/core/error.hpp"

#include <string>

namespace strata::cuda {

size_t CudaSequence::bytesFor(const model::Hparams& h, uint32_t contextLength, uint32_t layers)
{
    return 2 * size_t(layers) * contextLength * h.kvDim() * sizeof(uint16_t);
}

CudaSequence::CudaSequence(const model::Hparams& h, uint32_t contextLength, std::span<const StageLayers> stages,
                           std::shared_ptr<std::atomic<size_t>> inUse)
    : capacity_(contextLength), layerElements_(size_t(contextLength) * h.kvDim()), inUse_(std::move(inUse))
{
    try {
        for (const StageLayers& s : stages) {
            Part& p = parts_.emplace_back(Part{s});
            const size_t half = bytesFor(h, contextLength, s.count) / 2;
            check(cudaSetDevice(s.device), "selecting the device");
            void* k = nullptr;
            void* v = nullptr;
            check(cudaMalloc(&k, half), "allocating the key cache");
            p.keys = static_cast<uint16_t*>(k);
            check(cudaMalloc(&v, half), "allocating the value cache");
            p.values = static_cast<uint16_t*>(v);
            bytes_ += 2 * half;
        }
    } catch (...) {
        release();
        throw;
    }
    *inUse_ += bytes_;
}

CudaSequence::~CudaSequence()
{
    release();
    *inUse_ -= bytes_;
}

void CudaSequence::release()
{
    for (Part& p : parts_) {
        if (p.decodeGraph)
            cudaGraphExecDestroy(p.decodeGraph);
        cudaFree(p.keys);  // unified addressing: freed on whichever GPU holds it
        cudaFree(p.values);
        p = Part{p.layers};
    }
}

const CudaSequence::Part& CudaSequence::part(uint32_t layer) const
{
    for (const Part& p : parts_)
        if (layer >= p.layers.first && layer - p.layers.first < p.layers.count)
            return p;
    throw Error("internal: layer " + std::to_string(layer) + " has no KV cache on any GPU");
}

void CudaSequence::truncate(uint32_t length)
{
    if (length < length_)
        length_ = length;
}

}  // namespace strata::cuda
