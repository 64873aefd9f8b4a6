// strata-info: prints what this build of the engine contains and which GPUs it can see.
#include "standard_options.hpp"
#include "strata/core/build_info.hpp"
#include "strata/kernels/cpu_features.hpp"
#include "strata/kernels/dot.hpp"

#include <cstdio>
#include <exception>

namespace {

// The kernel ISA the CPU back-end runs, and why it is not AMX where it is not.
void printCpuKernels()
{
    namespace k = strata::kernels;
    const k::CpuFeatures cpu = k::detectCpuFeatures();
    const k::Isa best = k::bestIsa(cpu);
    try {
        const k::Isa used = k::defaultKernels().isa;
        std::printf("CPU:    %s kernels", k::isaName(used).data());
        if (used != best)
            std::printf(" (capped by STRATA_KERNEL_ISA; the CPU runs %s)", k::isaName(best).data());
    } catch (const std::exception& e) {  // an unknown STRATA_KERNEL_ISA
        std::printf("CPU:    %s", e.what());
    }
    if (!k::isaSupported(k::Isa::Amx, cpu))
        std::printf("; no AMX: %s", k::amxUnavailableReason(cpu).data());
    std::printf("\n");
}

}  // namespace

int main(int argc, char** argv)
{
    if (strata::tools::wantsVersion(argc, argv)) {
        strata::tools::printVersion("strata-info");
        return 0;
    }
    const bool help = strata::tools::wantsHelp(argc, argv);
    if (help || argc > 1) {  // it takes no arguments
        std::fputs(
            "usage: strata-info\n  the engine's version, its back-ends, the CPU kernels it picks and the GPUs the CUDA "
            "runtime sees\n",
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
    printCpuKernels();
    // One line per GPU the engine can run on, or why there is none.
    if (cuda.devices.empty())
        std::printf("GPUs:   none (%s)\n", cuda.status.c_str());
    for (const strata::CudaDeviceInfo& device : cuda.devices)
        std::printf("  %s\n", strata::describeCudaDevice(device).c_str());
    return 0;
}
