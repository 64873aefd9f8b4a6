#include "cuda_launch.cuh"

#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>

namespace strata::cuda {

bool dependentLaunchEnabled()
{
    // STRATA_CUDA_DEPENDENT_LAUNCH=0 launches every kernel after the previous one has finished, as
    // before sm_90: for measuring what early starts gain. Read once per process.
    static const bool allowed = [] {
        const char* v = std::getenv("STRATA_CUDA_DEPENDENT_LAUNCH");
        return v == nullptr || std::strcmp(v, "0") != 0;
    }();
    // Per device, a hardware fact that never changes: 0 not asked yet, 1 yes, 2 no.
    static std::array<std::atomic<signed char>, 64> capable{};
    int device = 0;
    if (!allowed || cudaGetDevice(&device) != cudaSuccess || device < 0 || device >= int(capable.size())) {
        cudaGetLastError();
        return false;
    }
    signed char known = capable[size_t(device)].load(std::memory_order_relaxed);
    if (known == 0) {
        int major = 0;
        if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess) {
            cudaGetLastError();
            major = 0;
        }
        known = major >= 9 ? 1 : 2;
        capable[size_t(device)].store(known, std::memory_order_relaxed);
    }
    return known == 1;
}

}  // namespace strata::cuda
