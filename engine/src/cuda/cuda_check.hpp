// Turns a failed CUDA runtime call into a strata::Error that names the call and the reason.
#pragma once

#include "strata/core/error.hpp"

#include <cuda_runtime_api.h>

#include <string>

namespace strata::cuda {

inline void check(cudaError_t err, const char* what)
{
    if (err != cudaSuccess) {
        cudaGetLastError();  // leave no sticky launch error behind for the next call
        throw Error(std::string("CUDA: ") + what + ": " + cudaGetErrorString(err));
    }
}

}  // namespace strata::cuda
