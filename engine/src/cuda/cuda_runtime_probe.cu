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
    }
    // Leave no sticky error behind for whoever uses the runtime next.
    cudaGetLastError();
    return info;
}

}  // namespace strata
