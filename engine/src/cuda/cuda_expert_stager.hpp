// Copies experts into VRAM on threads and streams of their own, so that a decode step never waits
// for one (the hybrid cache's swaps) and a long prompt's copies overlap its compute (the prefill
// streamer). A host-to-device copy from pageable (mmapped) memory would make the calling thread
// wait for its stream, so each piece is first copied into a pinned slot, and the DMA engine takes
// it from there. The pinned slots form a ring (pool::SlotRing) shared by the stager's threads. The
// threads sleep when they have nothing to copy, while a slot's previous copy runs (blocking-sync
// events) and while waiting for a slot's turn (atomic wait); none spins, unless the comparison
// switch STRATA_STAGER_WAIT=yield asks for the seeds' yield loops.
#pragma once

#include "pool/slot_ring.hpp"

#include <cuda_runtime_api.h>

#include <chrono>
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

struct StagerOptions {
    int threads = 1;               // copying threads (STRATA_STAGER_THREADS for the prefill streamer)
    int ringSlots = 2;             // pinned slots of maxPieceBytes each (STRATA_STAGER_RING)
    bool yieldWaits = false;       // every wait a yield loop: the seeds' behaviour, for comparisons only
    int niceness = 0;              // > 0: the threads run below the engine's priority (a side job's copies)
    bool inheritAffinity = false;  // keep the creating thread's CPUs: the seeds' bug, for comparisons only
    bool streamingStores = true;   // into the pinned slots with non-temporal stores (kernels::streamingCopy)

    // The prefill streamer's, from STRATA_STAGER_THREADS, STRATA_STAGER_RING, STRATA_STAGER_WAIT
    // (yield: yieldWaits), STRATA_STAGER_AFFINITY (inherit: inheritAffinity) and STRATA_STAGER_COPY
    // (memcpy: glibc's memcpy instead of streamingStores, to compare).
    static StagerOptions fromEnvironment();
    // The decode cache's: one thread, niceness from STRATA_CACHE_STAGER_NICE (issue 26's stall test).
    static StagerOptions forCache();
};

class ExpertStager {
public:
    // `maxPieceBytes`: the largest piece one slot holds (larger pieces go in several). `cpus`: where
    // the threads run, set by each thread itself (the seeds: a stager that inherits a pinned host's
    // single core reads prompts 10x slower); empty: every CPU this process may use.
    ExpertStager(int device, size_t maxPieceBytes, std::vector<int> cpus, StagerOptions options = {});
    ~ExpertStager();  // finishes the batch in flight, then joins
    ExpertStager(const ExpertStager&) = delete;
    ExpertStager& operator=(const ExpertStager&) = delete;

    // Starts a batch once `after` (recorded on the compute stream once no kernel can still read
    // the slots being overwritten) has passed. Only when !busy().
    void submit(std::vector<ExpertCopy> batch, cudaEvent_t after);
    bool busy() const;
    // Sleeps (or, with yieldWaits, yield-spins) until the batch in flight has reached VRAM.
    void waitIdle();
    // The copies of the batch that finished since the last call (their experts may now be read).
    std::vector<ExpertCopy> takeFinished();
    uint64_t bytesCopied() const;
    // Wall seconds batches were in flight (submit to the last copy in VRAM), since construction.
    double copySeconds() const;
    const StagerOptions& options() const { return options_; }

private:
    struct Chunk {
        std::byte* to;
        const std::byte* from;
        size_t bytes;
    };
    void loop(int index);
    void copyChunks(int index, cudaEvent_t after, uint64_t first, uint64_t end);
    void waitEvent(cudaEvent_t e) const;

    int device_;
    size_t maxPieceBytes_;
    std::vector<int> cpus_;
    StagerOptions options_;
    mutable std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::vector<ExpertCopy> inFlight_, finished_;
    std::vector<Chunk> chunks_;  // the batch in flight cut into slot-sized chunks
    uint64_t firstPiece_ = 0;    // the ring piece number of chunks_[0]
    cudaEvent_t after_ = nullptr;
    uint64_t generation_ = 0;  // batches submitted; each thread copies for every generation once
    int running_ = 0;          // threads still copying the batch in flight
    bool busy_ = false, stop_ = false;
    uint64_t bytes_ = 0;
    double copySeconds_ = 0;
    std::chrono::steady_clock::time_point submittedAt_;
    // Shared by the threads: the pinned slots, their events, the ring that orders their reuse.
    pool::SlotRing ring_;
    std::vector<std::byte*> pinned_;
    std::vector<cudaEvent_t> copied_;    // per slot: recorded after the DMA that reads it
    std::vector<cudaStream_t> streams_;  // per thread
    std::vector<cudaEvent_t> done_;      // per thread: its last copy of a batch
    std::vector<std::thread> threads_;
};

}  // namespace strata::cuda
