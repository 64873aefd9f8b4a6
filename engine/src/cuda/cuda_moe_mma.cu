// Grouped expert products of a batch on tensor cores: one block per (32-route tile of one expert,
// 64 rows of one stack), the int8 tile of cuda_mma.cuh with the tile's input rows gathered through
// the routing's slots. Each expert's weights are then decoded once per 32 routes; the dp4a items
// of cuda_moe.cu read them once per 8 routes and multiply on the CUDA cores.
#include "cuda_check.hpp"
#include "cuda_launch.cuh"
#include "cuda_mma.cuh"
#include "cuda_moe.hpp"

#include <string>

namespace strata::cuda {
namespace {

constexpr int kTileRoutes = kRoutesPerTensorCoreTile;

struct Stack {
    const uint8_t* data;
    size_t matrixStride;
    size_t rowStride;
};

struct TileArgs {
    Stack w[2];
    float* out[2];
    int64_t rows;
    unsigned blocksPerStack;
};

template <class Block>
__global__ void __launch_bounds__(mma::kThreads, 4)
    groupedMmaKernel(TileArgs g, int64_t cols, const int8_t* xq, const float* xd, const float* xs, const int* slotToken,
                     const int* slotOf, const ExpertItem* items, const int* itemCount)
{
    waitForPreviousKernel();
    __shared__ __align__(16) mma::TileFor<Block, kTileRoutes> s;
    __shared__ int inputRow[kTileRoutes];
    if (int(blockIdx.x) >= *itemCount)
        return;
    const ExpertItem it = items[blockIdx.x];
    if (it.tileCount == 0)
        return;  // not the first item of a tile: the tile's block covers it
    const int e = slotOf ? slotOf[it.expert] : it.expert;
    if (e < 0)
        return;  // not resident: the CPU computes these routes, sumExperts skips them
    const int m = int(blockIdx.y / g.blocksPerStack);
    const int64_t row0 = int64_t(blockIdx.y % g.blocksPerStack) * mma::kTileRows;
    // Selected, not indexed: a run-time index would copy the parameter arrays to the stack.
    const Stack w = m == 0 ? g.w[0] : g.w[1];
    float* out = m == 0 ? g.out[0] : g.out[1];
    for (int t = threadIdx.x; t < kTileRoutes; t += blockDim.x) {
        const int slot = it.firstSlot + min(t, it.tileCount - 1);
        inputRow[t] = slotToken ? slotToken[slot] : slot;
    }
    __syncthreads();
    const uint8_t* matrix = w.data + size_t(e) * w.matrixStride;
    const int64_t lastRow = g.rows - 1;
    float acc[2][kTileRoutes / 16][4] = {};
    mma::products<Block, kTileRoutes>(
        s, [&](int r) { return matrix + size_t(min(row0 + r, lastRow)) * w.rowStride; },
        [&](int t) { return int64_t(inputRow[t]); }, cols, xq, xd, xs, acc);
    mma::forEachResult<kTileRoutes>(acc, [&](int r, int t, float v) {
        if (row0 + r < g.rows && t < it.tileCount)
            out[int64_t(it.firstSlot + t) * g.rows + row0 + r] = v;
    });
}

}  // namespace

bool expertsGroupedTensorCores(std::span<const DeviceExperts* const> stacks, std::span<float* const> outs,
                               const Q8Activations& inq, const int* slotToken, const int* slotOf,
                               const MoeRouting& routing, int maxItems, cudaStream_t stream)
{
    const DeviceMatrix& first = stacks[0]->first;
    if (!usesQ8Activations(first.type))
        return false;  // F16/BF16/F32 experts: the CUDA-core kernel
    int device = 0, major = 0;
    check(cudaGetDevice(&device), "reading the current device");
    check(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device), "reading the compute capability");
    if (major < 8)
        return false;
    TileArgs g{};
    g.rows = first.rows;
    g.blocksPerStack = unsigned((first.rows + mma::kTileRows - 1) / mma::kTileRows);
    for (size_t i = 0; i < stacks.size(); ++i) {
        g.w[i] = {reinterpret_cast<const uint8_t*>(stacks[i]->first.data), stacks[i]->matrixStride,
                  stacks[i]->first.rowStride};
        g.out[i] = outs[i];
    }
    const dim3 grid(unsigned(maxItems), g.blocksPerStack * unsigned(stacks.size()));
    return dispatchType(
        first.type,
        [&](auto block) {
            launchKernelAfterPrevious(groupedMmaKernel<decltype(block)>, grid, mma::kThreads, 0, stream, g, first.cols,
                                      inq.q, inq.scales, inq.sums, slotToken, slotOf, routing.items, routing.itemCount);
        },
        [](auto) {});
}

}  // namespace strata::cuda
