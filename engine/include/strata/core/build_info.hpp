// What this build of the engine can do, and what the machine it runs on offers.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace strata {

// One GPU as the CUDA runtime describes it (read without creating a context on it).
struct CudaDeviceInfo {
    int index = 0;         // what ModelOptions::cudaDevice and `--device cuda:N` take
    std::string name;      // "NVIDIA H200"
    int computeMajor = 0;  // compute capability, e.g. 9.0
    int computeMinor = 0;
    size_t totalBytes = 0;  // device memory (free memory would need a context)
};

// "GPU 0: NVIDIA H200 (compute 9.0, 140 GiB)": the line --version and strata-info print.
std::string describeCudaDevice(const CudaDeviceInfo& device);

struct CudaRuntimeInfo {
    bool compiled = false;                // built with the CUDA back-end
    int deviceCount = 0;                  // devices the driver reports (0 without a driver)
    int runtimeVersion = 0;               // e.g. 13000 for CUDA 13.0; 0 when not compiled
    std::string status;                   // human-readable: "2 devices", "no NVIDIA driver", ...
    std::vector<CudaDeviceInfo> devices;  // one per device, in CUDA's order; empty when none is usable
};

struct BuildInfo {
    std::string version;
    bool cuda = false;
    bool vulkan = false;
    std::string cudaArchitectures;  // "75 86 89 90" when cuda
    std::string compiler;
    std::string buildType;
};

BuildInfo buildInfo();

// Asks the CUDA runtime which devices exist. Safe without a driver: reports it, never aborts.
CudaRuntimeInfo probeCudaRuntime();

}  // namespace strata
