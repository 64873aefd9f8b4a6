// The CUDA backend's entry points in a build without nvcc: they say so instead of running.
#include "strata/core/error.hpp"
#include "strata/model/cuda_backend.hpp"

namespace strata::model {

namespace {
constexpr const char* kNoCuda = "this build of Strata has no CUDA backend (it was built without nvcc)";
}

std::unique_ptr<Backend> makeCudaBackend(const ModelDefinition&, CudaBackendOptions)
{
    throw Error(kNoCuda);
}

double cudaReadBandwidthGBs(int, size_t, int)
{
    throw Error(kNoCuda);
}

}  // namespace strata::model
