#include "cuda_sequence.hpp"

#include "cuda_check.hpp"

#include <string>

namespace strata::cuda {

size_t CudaSequence::bytesFor(const model::Hparams& h, uint32_t contextLength)
{
    return 2 * size_t(h.layers) * contextLength * h.kvDim() * sizeof(uint16_t);
}

CudaSequence::CudaSequence(const model::Hparams& h, uint32_t contextLength, std::shared_ptr<std::atomic<size_t>> inUse)
    : capacity_(contextLength), layerElements_(size_t(contextLength) * h.kvDim()), bytes_(bytesFor(h, contextLength)),
      inUse_(std::move(inUse))
{
    void* k = nullptr;
    void* v = nullptr;
    check(cudaMalloc(&k, bytes_ / 2), "allocating the key cache");
    if (const cudaError_t err = cudaMalloc(&v, bytes_ / 2); err != cudaSuccess) {
        cudaFree(k);
        check(err, "allocating the value cache");
    }
    keys_ = static_cast<uint16_t*>(k);
    values_ = static_cast<uint16_t*>(v);
    *inUse_ += bytes_;
}

CudaSequence::~CudaSequence()
{
    if (decodeGraph)
        cudaGraphExecDestroy(decodeGraph);
    cudaFree(keys_);
    cudaFree(values_);
    *inUse_ -= bytes_;
}

void CudaSequence::truncate(uint32_t length)
{
    if (length < length_)
        length_ = length;
}

}  // namespace strata::cuda
