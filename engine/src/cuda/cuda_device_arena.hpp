// The CUDA backend's memory: one cudaMalloc per GPU for its weights and scratch, handed out in
// 256-byte aligned pieces, and pinned host buffers for the copies to and from the GPUs.
#pragma once

#include "cuda_check.hpp"
#include "strata/core/error.hpp"

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>

namespace strata::cuda {

inline constexpr size_t kArenaAlign = 256;

inline size_t alignUp(size_t n)
{
    return (n + kArenaAlign - 1) / kArenaAlign * kArenaAlign;
}

inline std::string mib(size_t bytes)
{
    return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

// Allocated on the current device.
class DeviceArena {
public:
    explicit DeviceArena(size_t bytes)
    {
        check(cudaMalloc(&base_, bytes), ("allocating " + mib(bytes) + " of VRAM").c_str());
        size_ = bytes;
    }
    ~DeviceArena() { cudaFree(base_); }
    DeviceArena(const DeviceArena&) = delete;
    DeviceArena& operator=(const DeviceArena&) = delete;

    template <class T>
    T* take(size_t count)
    {
        const size_t at = used_;
        used_ = alignUp(used_ + count * sizeof(T));
        if (used_ > size_)
            throw Error("internal: the CUDA arena is smaller than its plan");
        return reinterpret_cast<T*>(static_cast<std::byte*>(base_) + at);
    }

private:
    void* base_ = nullptr;
    size_t size_ = 0, used_ = 0;
};

// Portable: every GPU of a split copies from and to it as pinned memory.
template <class T>
class PinnedBuffer {
public:
    explicit PinnedBuffer(size_t count)
    {
        check(cudaHostAlloc(reinterpret_cast<void**>(&p_), count * sizeof(T), cudaHostAllocPortable),
              "allocating pinned host memory");
    }
    ~PinnedBuffer() { cudaFreeHost(p_); }
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    T* get() const { return p_; }

private:
    T* p_ = nullptr;
};

}  // namespace strata::cuda
