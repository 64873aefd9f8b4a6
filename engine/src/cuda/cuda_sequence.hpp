// The KV cache of one sequence in VRAM: per layer, f16 K and V rows of kvDim values per position.
// A model split over several GPUs (issue 24) keeps each layer's cache on the GPU that holds the
// layer: one part per stage. Each part also keeps the decode graph captured for its stage (the
// graph bakes in the cache's addresses).
#pragma once

#include "strata/model/backend.hpp"

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace strata::cuda {

// The layers one GPU holds: first .. first + count - 1.
struct StageLayers {
    int device = 0;
    uint32_t first = 0, count = 0;
};

class CudaSequence final : public model::Sequence {
public:
    // `inUse` counts the VRAM the backend's allocations take; the sequence adds and removes its share.
    CudaSequence(const model::Hparams& h, uint32_t contextLength, std::span<const StageLayers> stages,
                 std::shared_ptr<std::atomic<size_t>> inUse);
    ~CudaSequence() override;
    CudaSequence(const CudaSequence&) = delete;
    CudaSequence& operator=(const CudaSequence&) = delete;

    uint32_t length() const override { return length_; }
    uint32_t capacity() const override { return capacity_; }
    void truncate(uint32_t length) override;
    size_t bytes() const override { return bytes_; }

    static size_t bytesFor(const model::Hparams& h, uint32_t contextLength, uint32_t layers);
    // `layer` counts from the model's first layer; its stage must hold it.
    uint16_t* keys(uint32_t layer) const { return part(layer).keys + offset(layer); }
    uint16_t* values(uint32_t layer) const { return part(layer).values + offset(layer); }
    void setLength(uint32_t length) { length_ = length; }

    // Captured on the stage's first decode step, owned here.
    cudaGraphExec_t& decodeGraph(size_t stage) { return parts_[stage].decodeGraph; }

private:
    struct Part {
        StageLayers layers;
        uint16_t* keys = nullptr;
        uint16_t* values = nullptr;
        cudaGraphExec_t decodeGraph = nullptr;
    };
    const Part& part(uint32_t layer) const;
    size_t offset(uint32_t layer) const { return size_t(layer - part(layer).layers.first) * layerElements_; }
    void release();

    uint32_t capacity_;
    uint32_t length_ = 0;
    size_t layerElements_;
    size_t bytes_ = 0;
    std::vector<Part> parts_;
    std::shared_ptr<std::atomic<size_t>> inUse_;
};

}  // namespace strata::cuda
