// What this build of the engine can do, and what the machine it runs on offers.
#pragma once

#include <string>

namespace strata {

struct CudaRuntimeInfo {
    bool compiled = false;     // built with the CUDA back-end
    int deviceCount = 0;       // devices the driver reports (0 without a driver)
    int runtimeVersion = 0;    // e.g. 13000 for CUDA 13.0; 0 when not compiled
    std::string status;        // human-readable: "2 devices", "no NVIDIA driver", ...
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
