#include "cuda_expert_stager.hpp"

#include "cuda_check.hpp"
#include "kernels/streaming_copy.hpp"
#include "strata/pool/cpu_topology.hpp"
#include "strata/pool/thread_affinity.hpp"

#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>
#include <utility>

namespace strata::cuda {

namespace {

int positiveFromEnvironment(const char* name, int fallback, int most)
{
    const char* v = std::getenv(name);
    const int n = v ? std::atoi(v) : 0;
    return n > 0 ? std::min(n, most) : fallback;
}

}  // namespace

StagerOptions StagerOptions::fromEnvironment()
{
    StagerOptions o;
    // 2 by measurement (H200 host, 30B-A3B Q4_K, 8192-token prompt, half the experts resident,
    // streaming-store copies): 1 thread read 6879 tok/s on 0.84 cores, 2 8102 on 1.07, 3 8960 on
    // 1.29, 4 9135 on 1.51, against issue 21's budget of 1.5 cores while reading; at 30K tokens the
    // copies hide behind attention (docs/BENCHMARKS.md, "Long prompts").
    o.threads = positiveFromEnvironment("STRATA_STAGER_THREADS", 2, 64);
    o.ringSlots = positiveFromEnvironment("STRATA_STAGER_RING", std::max(2, 2 * o.threads), 256);
    const char* wait = std::getenv("STRATA_STAGER_WAIT");
    o.yieldWaits = wait && std::string_view(wait) == "yield";
    const char* affinity = std::getenv("STRATA_STAGER_AFFINITY");
    o.inheritAffinity = affinity && std::string_view(affinity) == "inherit";
    const char* copy = std::getenv("STRATA_STAGER_COPY");
    o.streamingStores = !(copy && std::string_view(copy) == "memcpy");
    return o;
}

StagerOptions StagerOptions::forCache()
{
    StagerOptions o;
    o.niceness = positiveFromEnvironment("STRATA_CACHE_STAGER_NICE", 0, 19);
    return o;
}

ExpertStager::ExpertStager(int device, size_t maxPieceBytes, std::vector<int> cpus, StagerOptions options)
    : device_(device), maxPieceBytes_(maxPieceBytes), cpus_(std::move(cpus)), options_(options),
      ring_(uint32_t(std::max(1, options.ringSlots)))
{
    options_.threads = std::max(1, options_.threads);
    check(cudaSetDevice(device), "selecting the device");
    // Blocking-sync events put a waiting thread to sleep; the comparison mode polls them instead.
    const unsigned eventFlags = cudaEventDisableTiming | (options_.yieldWaits ? 0u : cudaEventBlockingSync);
    for (uint32_t s = 0; s < ring_.slots(); ++s) {
        std::byte* p = nullptr;
        check(cudaMallocHost(reinterpret_cast<void**>(&p), maxPieceBytes), "allocating pinned host memory");
        pinned_.push_back(p);
        cudaEvent_t e = nullptr;
        check(cudaEventCreateWithFlags(&e, eventFlags), "creating an event");
        copied_.push_back(e);
    }
    for (int t = 0; t < options_.threads; ++t) {
        cudaStream_t s = nullptr;
        check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "creating an expert copy stream");
        streams_.push_back(s);
        cudaEvent_t e = nullptr;
        check(cudaEventCreateWithFlags(&e, eventFlags), "creating an event");
        done_.push_back(e);
    }
    for (int t = 0; t < options_.threads; ++t)
        threads_.emplace_back([this, t] { loop(t); });
}

ExpertStager::~ExpertStager()
{
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_)
        t.join();
    for (cudaEvent_t e : copied_)
        cudaEventDestroy(e);
    for (cudaEvent_t e : done_)
        cudaEventDestroy(e);
    for (std::byte* p : pinned_)
        cudaFreeHost(p);
    for (cudaStream_t s : streams_)
        cudaStreamDestroy(s);
}

void ExpertStager::submit(std::vector<ExpertCopy> batch, cudaEvent_t after)
{
    {
        std::lock_guard lock(mutex_);
        chunks_.clear();
        for (const ExpertCopy& c : batch)
            for (const ExpertCopy::Piece& p : c.pieces)
                for (size_t at = 0; at < p.bytes; at += maxPieceBytes_)
                    chunks_.push_back({p.to + at, p.from + at, std::min(maxPieceBytes_, p.bytes - at)});
        inFlight_ = std::move(batch);
        firstPiece_ = ring_.claimed();  // every earlier piece was claimed and published: the threads are idle
        after_ = after;
        busy_ = true;
        running_ = options_.threads;
        ++generation_;
        submittedAt_ = std::chrono::steady_clock::now();
    }
    wake_.notify_all();
}

bool ExpertStager::busy() const
{
    std::lock_guard lock(mutex_);
    return busy_;
}

void ExpertStager::waitIdle()
{
    std::unique_lock lock(mutex_);
    if (!options_.yieldWaits) {
        idle_.wait(lock, [&] { return !busy_; });
        return;
    }
    while (busy_) {  // the seeds' issuer: awake the whole time
        lock.unlock();
        std::this_thread::yield();
        lock.lock();
    }
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

double ExpertStager::copySeconds() const
{
    std::lock_guard lock(mutex_);
    return copySeconds_;
}

void ExpertStager::loop(int index)
{
    // Our own affinity, first thing: never the creating thread's pin.
    if (!options_.inheritAffinity && (cpus_.empty() || !pool::setCurrentThreadAffinity(cpus_)))
        pool::setCurrentThreadAffinity(pool::detectCpuTopology().allowedCpus);
    if (options_.niceness > 0)  // Linux: a thread's own nice value, by its thread id
        setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), options_.niceness);
    pthread_setname_np(pthread_self(), "strata-stager");
    cudaSetDevice(device_);
    uint64_t seen = 0;
    std::unique_lock lock(mutex_);
    for (;;) {
        if (options_.yieldWaits)
            while (!stop_ && generation_ == seen) {
                lock.unlock();
                std::this_thread::yield();
                lock.lock();
            }
        else
            wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (generation_ == seen)
            return;  // stopping, nothing left
        seen = generation_;
        const uint64_t first = firstPiece_, end = firstPiece_ + chunks_.size();
        cudaEvent_t after = after_;
        lock.unlock();
        copyChunks(index, after, first, end);
        lock.lock();
        if (--running_ > 0)
            continue;
        for (ExpertCopy& c : inFlight_) {
            for (const ExpertCopy::Piece& p : c.pieces)
                bytes_ += p.bytes;
            finished_.push_back(std::move(c));
        }
        inFlight_.clear();
        copySeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - submittedAt_).count();
        busy_ = false;
        idle_.notify_all();
    }
}

void ExpertStager::waitEvent(cudaEvent_t e) const
{
    if (!options_.yieldWaits) {
        cudaEventSynchronize(e);  // blocking-sync: asleep until the DMA has passed it
        return;
    }
    while (cudaEventQuery(e) == cudaErrorNotReady)
        std::this_thread::yield();
}

// The threads claim chunks in order from the shared ring: chunk i fills slot i % slots once the
// slot's previous chunk has been queued (ring turn) and its DMA has read it (event). An error leaves
// the batch unfinished in VRAM but finished in the books: the caller's next forward pass reports
// the device's sticky error.
void ExpertStager::copyChunks(int index, cudaEvent_t after, uint64_t first, uint64_t end)
{
    cudaStream_t stream = streams_[size_t(index)];
    cudaStreamWaitEvent(stream, after, 0);
    bool copied = false;
    uint64_t piece = 0;
    uint32_t slot = 0;
    while (ring_.claim(end, piece, slot)) {
        if (ring_.awaitTurn(piece))
            waitEvent(copied_[slot]);
        const Chunk& c = chunks_[size_t(piece - first)];
        if (options_.streamingStores)
            kernels::streamingCopy(pinned_[slot], c.from, c.bytes);
        else
            std::memcpy(pinned_[slot], c.from, c.bytes);
        cudaMemcpyAsync(c.to, pinned_[slot], c.bytes, cudaMemcpyHostToDevice, stream);
        cudaEventRecord(copied_[slot], stream);
        ring_.publish(piece);
        copied = true;
    }
    if (copied) {  // the batch is done when every thread's last copy is in VRAM
        cudaEventRecord(done_[size_t(index)], stream);
        waitEvent(done_[size_t(index)]);
    }
}

}  // namespace strata::cuda
