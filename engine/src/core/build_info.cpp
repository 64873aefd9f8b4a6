#include "strata/core/build_info.hpp"

#include "strata/build_config.hpp"

#include <cstdio>

namespace strata {

std::string describeCudaDevice(const CudaDeviceInfo& device)
{
    char memory[32];
    std::snprintf(memory, sizeof memory, "%.1f GiB", double(device.totalBytes) / double(1ull << 30));
    return "GPU " + std::to_string(device.index) + ": " + device.name + " (compute "
           + std::to_string(device.computeMajor) + "." + std::to_string(device.computeMinor) + ", " + memory + ")";
}

#if !defined(STRATA_HAVE_CUDA)
CudaRuntimeInfo probeCudaRuntime()
{
    CudaRuntimeInfo info;
    info.status = "not built with CUDA";
    return info;
}
#endif

BuildInfo buildInfo()
{
    BuildInfo info;
    info.version = build::kVersion;
    info.cuda = build::kHaveCuda;
    info.vulkan = build::kHaveVulkan;
    info.cudaArchitectures = build::kCudaArchitectures;
    info.compiler = build::kCompiler;
    info.buildType = build::kBuildType;
    return info;
}

}  // namespace strata
