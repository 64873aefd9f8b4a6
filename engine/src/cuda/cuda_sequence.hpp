// The KV cache of one sequence in VRAM: per layer, f16 K and V rows of kvDim values per position.
// It also keeps the decode graph captured for it (the graph bakes in the cache's addresses).
#pragma once

#include "strata/model/backend.hpp"

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <memory>

namespace strata::cuda {

class CudaSequence final : public model::Sequence {
public:
    // `inUse` counts the VRAM the backend's allocations take; the sequence adds and removes its share.
    CudaSequence(const model::Hparams& h, uint32_t contextLength, std::shared_ptr<std::atomic<size_t>> inUse);
    ~CudaSequence() override;
    CudaSequence(const CudaSequence&) = delete;
    CudaSequence& operator=(const CudaSequence&) = delete;

    uint32_t length() const override { return length_; }
    uint32_t capacity() const override { return capacity_; }
    void truncate(uint32_t length) override;
    size_t bytes() const override { return bytes_; }

    static size_t bytesFor(const model::Hparams& h, uint32_t contextLength);
    uint16_t* keys(uint32_t layer) const { return keys_ + size_t(layer) * layerElements_; }
    uint16_t* values(uint32_t layer) const { return values_ + size_t(layer) * layerElements_; }
    void setLength(uint32_t length) { length_ = length; }

    cudaGraphExec_t decodeGraph = nullptr;  // captured on the first decode step, owned here

private:
    uint32_t capacity_;
    uint32_t length_ = 0;
    size_t layerElements_;
    size_t bytes_;
    uint16_t* keys_ = nullptr;
    uint16_t* values_ = nullptr;
    std::shared_ptr<std::atomic<size_t>> inUse_;
};

}  // namespace strata::cuda
