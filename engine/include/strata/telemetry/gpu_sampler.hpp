// NVIDIA GPUs through NVML, loaded at run time: builds and machines without the driver work,
// and say "no NVIDIA driver" instead of failing.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace strata::telemetry {

struct GpuSample {
    unsigned index = 0;
    std::string name;
    std::optional<unsigned> utilizationPercent;        // SM busy share, last sample period
    std::optional<unsigned> memoryUtilizationPercent;  // memory controller busy share
    std::optional<std::uint64_t> memoryUsedBytes;
    std::optional<std::uint64_t> memoryTotalBytes;
    // VRAM this process holds on the GPU (NVML's compute processes): 0 without a CUDA context
    // there; absent when NVML cannot say (an old driver, or usedGpuMemory "not available"). In a
    // container with its own PID namespace NVML lists host PIDs, so this process reads as 0.
    std::optional<std::uint64_t> processMemoryUsedBytes;
    std::optional<double> powerWatts;
    std::optional<unsigned> temperatureCelsius;
    std::string error;  // empty, or why some figure is missing (e.g. "GPU is lost")
};

// Owns the NVML library handle: nvmlInit once in the constructor, nvmlShutdown in the
// destructor. Not thread-safe: one sampler thread owns it.
class GpuSampler {
public:
    // `libraryName` is what dlopen() gets; tests pass a missing or fake library.
    explicit GpuSampler(const std::string& libraryName = "libnvidia-ml.so.1");
    ~GpuSampler();
    GpuSampler(const GpuSampler&) = delete;
    GpuSampler& operator=(const GpuSampler&) = delete;

    bool available() const { return api_ != nullptr; }
    // "NVML: 1 GPU", "no NVIDIA driver (libnvidia-ml.so.1: cannot open ...)", ...
    const std::string& status() const { return status_; }
    unsigned deviceCount() const { return static_cast<unsigned>(handles_.size()); }

    // One entry per device; empty when NVML is not available.
    void sample(std::vector<GpuSample>& out);

private:
    // This process's VRAM on `device` (GpuSample::processMemoryUsedBytes).
    std::optional<std::uint64_t> processMemoryUsed(void* device);

private:
    struct Api;
    std::unique_ptr<Api> api_;
    void* library_ = nullptr;
    std::vector<void*> handles_;  // nvmlDevice_t
    std::vector<std::string> names_;
    std::string status_;
};

}  // namespace strata::telemetry
