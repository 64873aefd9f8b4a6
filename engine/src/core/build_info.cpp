#include "strata/core/build_info.hpp"

#include "strata/build_config.hpp"

namespace strata {

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
