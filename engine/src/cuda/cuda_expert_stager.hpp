// Copies experts into the hybrid cache's VRAM slots on a thread and stream of its own, so that a
// decode step never waits for one. A host-to-device copy from pageable (mmapped) memory would make
// the calling thread wait for its stream, so the thread first copies each expert into pinned memory
// and lets the DMA engine take it from there. The thread sleeps when it has nothing to copy and
// while a copy runs (a blocking-sync event); it never spins.
#pragma once

#include <cuda_runtime_api.h>

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace strata::cuda {

struct ExpertCopy {
    uint32_t layer = 0, slot = 0, expert = 0;
    struct Piece {
        std::byte* to;          // VRAM: the slot's matrix in one stack (gate, up or down)
        const std::byte* from;  // host: the expert's matrix in the file
        size_t bytes;
    };
    std::vector<Piece> pieces;
};

class ExpertStager {
public:
    // `maxPieceBytes`: the largest matrix one piece copies (the pinned buffers' size). `cpus`: where
    // the thread runs, set by the thread itself (the seeds: a stager that inherits a pinned host's
    // single core reads prompts 10x slower); empty: every CPU this process may use.
    ExpertStager(int device, size_t maxPieceBytes, std::vector<int> cpus);
    ~ExpertStager();  // finishes the batch in flight, then joins
    ExpertStager(const ExpertStager&) = delete;
    ExpertStager& operator=(const ExpertStager&) = delete;

    // Starts a batch once `after` (recorded on the compute stream once no kernel can still read
    // the slots being overwritten) has passed. Only when !busy().
    void submit(std::vector<ExpertCopy> batch, cudaEvent_t after);
    bool busy() const;
    // Sleeps until the batch in flight (if any) has reached VRAM.
    void waitIdle();
    // The copies of the batch that finished since the last call (their experts may now be read).
    std::vector<ExpertCopy> takeFinished();
    uint64_t bytesCopied() const;

private:
    void loop();
    void copyBatch(std::vector<ExpertCopy>& batch, cudaEvent_t after);

    int device_;
    size_t maxPieceBytes_;
    std::vector<int> cpus_;
    mutable std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::vector<ExpertCopy> queued_, finished_;
    cudaEvent_t after_ = nullptr;
    bool busy_ = false, stop_ = false;
    uint64_t bytes_ = 0;
    // The thread's own: stream, two pinned buffers (one fills while the other is copied), their events.
    cudaStream_t stream_ = nullptr;
    std::byte* pinned_[2] = {nullptr, nullptr};
    cudaEvent_t copied_[2] = {nullptr, nullptr};
    std::thread thread_;
};

}  // namespace strata::cuda
