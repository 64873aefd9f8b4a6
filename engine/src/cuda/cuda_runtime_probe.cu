#include "strata/core/build_info.hpp"

#include <cuda_runtime_api.h>

#include <string>

namespace strata {

CudaRuntimeInfo probeCudaRuntime()
{
    CudaRuntimeInfo info;
    info.compiled = true;
    cudaRuntimeGetVersion(&info.runtimeVersion);

    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err == cudaErrorNoDevice) {
        info.status = "no CUDA device";
    } else if (err == cudaErrorInsufficientDriver) {
        info.status = "no NVIDIA driver (or one too old for this CUDA runtime)";
    } else if (err != cudaSuccess) {
        info.status = std::string("CUDA unavailable: ") + cudaGetErrorString(err);
    } else {
        info.deviceCount = count;
        info.status = std::to_string(count) + (count == 1 ? " device" : " devices");
        // Attributes and the properties struct come from the driver's device table: no context is
        // created (cudaMemGetInfo would create one, which takes VRAM and time, so free memory is not asked).
        for (int i = 0; i < count; ++i) {
            cudaDeviceProp prop{};
            if (cudaGetDeviceProperties(&prop, i) != cudaSuccess)
                continue;
            info.devices.push_back({i, prop.name, prop.major, prop.minor, prop.totalGlobalMem});
        }
    }
    // Leave no sticky error behind for whoever uses the runtime next.
    cudaGetLastError();
    return info;
}

}  // namespace strata
