// strata-info: prints what this build of the engine contains and which GPUs it can see.
#include "standard_options.hpp"
#include "strata/core/build_info.hpp"

#include <cstdio>

int main(int argc, char** argv)
{
    if (strata::tools::wantsVersion(argc, argv)) {
        strata::tools::printVersion("strata-info");
        return 0;
    }
    const bool help = strata::tools::wantsHelp(argc, argv);
    if (help || argc > 1) {  // it takes no arguments
        std::fputs("usage: strata-info\n  the engine's version, its back-ends and the GPUs the CUDA runtime sees\n",
                   help ? stdout : stderr);
        return help ? 0 : 2;
    }
    const strata::BuildInfo build = strata::buildInfo();
    const strata::CudaRuntimeInfo cuda = strata::probeCudaRuntime();
    std::printf("strata-engine %s (%s, %s)\n", build.version.c_str(), build.compiler.c_str(), build.buildType.c_str());
    std::printf("CUDA:   %s", build.cuda ? "yes" : "no");
    if (build.cuda)
        std::printf(" (architectures %s; runtime %d; %s)", build.cudaArchitectures.c_str(), cuda.runtimeVersion,
                    cuda.status.c_str());
    std::printf("\nVulkan: %s\n", build.vulkan ? "yes" : "no");
    // One line per GPU the engine can run on, or why there is none.
    if (cuda.devices.empty())
        std::printf("GPUs:   none (%s)\n", cuda.status.c_str());
    for (const strata::CudaDeviceInfo& device : cuda.devices)
        std::printf("  %s\n", strata::describeCudaDevice(device).c_str());
    return 0;
}
