// strata-info: prints what this build of the engine contains and which GPUs it can see.
#include "strata/core/build_info.hpp"

#include <cstdio>

int main()
{
    const strata::BuildInfo build = strata::buildInfo();
    const strata::CudaRuntimeInfo cuda = strata::probeCudaRuntime();
    std::printf("strata-engine %s (%s, %s)\n", build.version.c_str(), build.compiler.c_str(),
                build.buildType.c_str());
    std::printf("CUDA:   %s", build.cuda ? "yes" : "no");
    if (build.cuda)
        std::printf(" (architectures %s; runtime %d; %s)", build.cudaArchitectures.c_str(),
                    cuda.runtimeVersion, cuda.status.c_str());
    std::printf("\nVulkan: %s\n", build.vulkan ? "yes" : "no");
    return 0;
}
