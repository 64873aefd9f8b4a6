#include "cuda_expert_stager.hpp"

#include "cuda_check.hpp"
#include "strata/pool/cpu_topology.hpp"
#include "strata/pool/thread_affinity.hpp"

#include <pthread.h>

#include <algorithm>
#include <cstring>
#include <utility>

namespace strata::cuda {

ExpertStager::ExpertStager(int device, size_t maxPieceBytes, std::vector<int> cpus)
    : device_(device), maxPieceBytes_(maxPieceBytes), cpus_(std::move(cpus))
{
    check(cudaSetDevice(device), "selecting the device");
    check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "creating the expert copy stream");
    for (int i = 0; i < 2; ++i) {
        check(cudaMallocHost(reinterpret_cast<void**>(&pinned_[i]), maxPieceBytes), "allocating pinned host memory");
        check(cudaEventCreateWithFlags(&copied_[i], cudaEventBlockingSync | cudaEventDisableTiming),
              "creating an event");
    }
    thread_ = std::thread([this] { loop(); });
}

ExpertStager::~ExpertStager()
{
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
    for (int i = 0; i < 2; ++i) {
        cudaEventDestroy(copied_[i]);
        cudaFreeHost(pinned_[i]);
    }
    cudaStreamDestroy(stream_);
}

void ExpertStager::submit(std::vector<ExpertCopy> batch, cudaEvent_t after)
{
    {
        std::lock_guard lock(mutex_);
        queued_ = std::move(batch);
        after_ = after;
        busy_ = true;
    }
    wake_.notify_one();
}

bool ExpertStager::busy() const
{
    std::lock_guard lock(mutex_);
    return busy_;
}

void ExpertStager::waitIdle()
{
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [&] { return !busy_; });
}

std::vector<ExpertCopy> ExpertStager::takeFinished()
{
    std::lock_guard lock(mutex_);
    return std::exchange(finished_, {});
}

uint64_t ExpertStager::bytesCopied() const
{
    std::lock_guard lock(mutex_);
    return bytes_;
}

void ExpertStager::loop()
{
    // Our own affinity, first thing: never the creating thread's pin.
    if (cpus_.empty() || !pool::setCurrentThreadAffinity(cpus_))
        pool::setCurrentThreadAffinity(pool::detectCpuTopology().allowedCpus);
    pthread_setname_np(pthread_self(), "strata-stager");
    cudaSetDevice(device_);
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [&] { return stop_ || !queued_.empty(); });
        if (queued_.empty())
            return;  // stopping, nothing left
        std::vector<ExpertCopy> batch = std::move(queued_);
        queued_.clear();
        cudaEvent_t after = after_;
        lock.unlock();
        copyBatch(batch, after);
        lock.lock();
        for (ExpertCopy& c : batch) {
            for (const ExpertCopy::Piece& p : c.pieces)
                bytes_ += p.bytes;
            finished_.push_back(std::move(c));
        }
        busy_ = false;
        idle_.notify_all();
    }
}

// Pieces alternate between the two pinned buffers: the host fills one while the DMA engine reads
// the other. An error leaves the batch unfinished in VRAM but finished in the books: the caller's
// next forward pass reports the device's sticky error.
void ExpertStager::copyBatch(std::vector<ExpertCopy>& batch, cudaEvent_t after)
{
    cudaStreamWaitEvent(stream_, after, 0);
    bool pending[2] = {false, false};
    int next = 0;
    for (const ExpertCopy& c : batch)
        for (const ExpertCopy::Piece& p : c.pieces)
            for (size_t at = 0; at < p.bytes; at += maxPieceBytes_) {
                const size_t n = std::min(maxPieceBytes_, p.bytes - at);
                if (pending[next])
                    cudaEventSynchronize(copied_[next]);  // asleep until the DMA has read it
                std::memcpy(pinned_[next], p.from + at, n);
                cudaMemcpyAsync(p.to + at, pinned_[next], n, cudaMemcpyHostToDevice, stream_);
                cudaEventRecord(copied_[next], stream_);
                pending[next] = true;
                next ^= 1;
            }
    for (int i = 0; i < 2; ++i)
        if (pending[i])
            cudaEventSynchronize(copied_[i]);  // blocking-sync events: asleep, not spinning
}

}  // namespace strata::cuda
