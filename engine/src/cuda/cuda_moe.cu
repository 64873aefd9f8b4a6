// Mixture-of-experts kernels. Routing: a warp per token does softmax and top-k; for batches one
// more block counts routes per expert, scans the counts and places every route in a slot, so each
// expert's tokens are contiguous. Products read expert ids from that routing: decode runs every
// chosen expert's gate and up rows in one launch (SwiGLU in the epilogue) and every down row in
// another that also adds the weighted sum into the residual; small batches run one grid row per
// item (up to 8 routes of one expert), so each weight row is read once per 8 tokens; large ones
// run 32-route tiles on tensor cores (cuda_moe_mma.cu).
// Decode keeps routing and the int8 rounding of h as launches of their own: doing them inside every
// block of the products instead (softmax + top-k per gate/up block, h rounded in each down block's
// shared memory) was measured slower on the H200, 30B-A3B Q4_K: gate/up 26.5 µs and down 13.1 µs a
// layer (ncu), tg128 278 -> 248 tok/s. Each block's prologue is a serial chain, paid again per wave.
#include "cuda_blocks.cuh"
#include "cuda_check.hpp"
#include "cuda_launch.cuh"
#include "cuda_moe.hpp"
#include "cuda_quantize.cuh"

#include <cmath>
#include <string>

namespace strata::cuda {
namespace {

constexpr int kWarpsPerBlock = 4;   // one weight row per warp
constexpr int kGroupThreads = 512;  // the block that groups a batch's routes
constexpr int kRouteWarps = 4;      // tokens per top-k block

// The activations a weight row multiplies: f32 rows (float weights) or int8 blocks (the others).
struct Input {
    const float* x;
    const int8_t* q;
    const float* d;
    const float* s;
    int64_t cols;
};

struct StackView {
    const uint8_t* data;
    size_t matrixStride;
    size_t rowStride;
    __device__ const uint8_t* row(int expert, int64_t r) const
    {
        return data + size_t(expert) * matrixStride + size_t(r) * rowStride;
    }
};

StackView view(const DeviceExperts& s)
{
    return {reinterpret_cast<const uint8_t*>(s.first.data), s.matrixStride, s.first.rowStride};
}

// A weight row read in units (an integer type's 32-weight sub-block, a float type's 8 weights):
// load() one unit, apply() it to input row `r`.
template <class Block>
struct IntRows {
    using Unit = SubBlock;
    static constexpr int kWidth = 32;
    __device__ static Unit load(const uint8_t* w, int u) { return Block::load(w, u); }
    __device__ static float apply(const Unit& s, int u, const Input& in, int r)
    {
        const int64_t blk = int64_t(r) * (in.cols / 32) + u;
        const int4* x4 = reinterpret_cast<const int4*>(in.q + blk * 32);
        const int4 a = x4[0], b = x4[1];
        int lo = __dp4a(s.q[0], a.x, 0);
        lo = __dp4a(s.q[1], a.y, lo);
        lo = __dp4a(s.q[2], a.z, lo);
        lo = __dp4a(s.q[3], a.w, lo);
        int hi = __dp4a(s.q[4], b.x, 0);
        hi = __dp4a(s.q[5], b.y, hi);
        hi = __dp4a(s.q[6], b.z, hi);
        hi = __dp4a(s.q[7], b.w, hi);
        return in.d[blk] * (s.d0 * float(lo) + s.d1 * float(hi)) - s.m * in.s[blk];
    }
};

template <class Row>
struct FloatRows {
    struct Unit {
        float w[8];
    };
    static constexpr int kWidth = 8;
    __device__ static Unit load(const uint8_t* w, int u)
    {
        Unit v;
        Row::load(w, u, v.w);
        return v;
    }
    __device__ static float apply(const Unit& v, int u, const Input& in, int r)
    {
        float x[8];
        load8(in.x + int64_t(r) * in.cols + int64_t(u) * 8, x);
        float acc = 0;
#pragma unroll
        for (int i = 0; i < 8; ++i)
            acc += v.w[i] * Row::round(x[i]);
        return acc;
    }
};

// ---- routing ----

// kernels::topK's order: larger first, NaN after every number, ties to the lower index.
__device__ __forceinline__ bool ranksBefore(float a, int ia, float b, int ib)
{
    const bool na = isnan(a), nb = isnan(b);
    if (na != nb)
        return nb;
    if (!na && a != b)
        return a > b;
    return ia < ib;
}

// Softmax of one token's logits in place, as kernels::softmax (NaN is ignored by the maximum; a row
// of -inf gives zeros).
__device__ void softmaxWarp(float* p, int n)
{
    const int lane = threadIdx.x % 32;
    float mx = -INFINITY;
    for (int i = lane; i < n; i += 32)
        mx = p[i] > mx ? p[i] : mx;
    mx = warpMax(mx);
    if (mx == -INFINITY) {
        for (int i = lane; i < n; i += 32)
            p[i] = 0.0f;
        return;
    }
    float sum = 0;
    for (int i = lane; i < n; i += 32) {
        const float e = expf(p[i] - mx);
        p[i] = e;
        sum += e;
    }
    const float inv = 1.0f / warpSum(sum);
    for (int i = lane; i < n; i += 32)
        p[i] *= inv;
}

// A warp per token: softmax, then the `used` most probable experts. Shared memory: per warp a bit
// per expert (taken).
__global__ void topKKernel(float* logits, int tokens, int experts, int used, bool normalize, MoeRouting r)
{
    waitForPreviousKernel();
    extern __shared__ unsigned shared[];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int t = int(blockIdx.x) * (blockDim.x / 32) + warp;
    if (t >= tokens)
        return;
    const int words = (experts + 31) / 32;
    unsigned* taken = shared + warp * words;
    float* p = logits + int64_t(t) * experts;
    softmaxWarp(p, experts);
    for (int w = lane; w < words; w += 32)
        taken[w] = 0;
    __syncwarp();
    float chosen = 0;  // sum of the chosen probabilities in rank order, as the CPU adds them
    for (int k = 0; k < used; ++k) {
        float best = 0;
        int at = -1;
        for (int i = lane; i < experts; i += 32)
            if (!((taken[i / 32] >> (i % 32)) & 1u) && (at < 0 || ranksBefore(p[i], i, best, at))) {
                best = p[i];
                at = i;
            }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            const float otherBest = __shfl_xor_sync(0xffffffffu, best, o);
            const int otherAt = __shfl_xor_sync(0xffffffffu, at, o);
            if (otherAt >= 0 && (at < 0 || ranksBefore(otherBest, otherAt, best, at))) {
                best = otherBest;
                at = otherAt;
            }
        }
        if (lane == 0) {
            taken[at / 32] |= 1u << (at % 32);
            r.expert[t * used + k] = at;
            r.weight[t * used + k] = best;
        }
        __syncwarp();
        chosen += best;
    }
    if (normalize && lane == 0)
        for (int k = 0; k < used; ++k)
            r.weight[t * used + k] /= chosen;
}

// One block groups a batch's routes by expert: counts, a scan, the items, every route's slot.
// Shared memory: a count and a cursor per expert.
__global__ void groupRoutesKernel(int tokens, int experts, int used, MoeRouting r)
{
    waitForPreviousKernel();
    extern __shared__ unsigned shared[];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int* count = reinterpret_cast<int*>(shared);
    int* cursor = count + experts;
    const int n = tokens * used;
    for (int e = threadIdx.x; e < experts; e += blockDim.x)
        count[e] = 0;
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        atomicAdd(&count[r.expert[i]], 1);
    __syncthreads();
    if (warp == 0) {
        // Each lane scans a contiguous run of experts; the runs' totals are scanned across the warp.
        const int per = (experts + 31) / 32, first = min(experts, lane * per), last = min(experts, first + per);
        int slots = 0, items = 0;
        for (int e = first; e < last; ++e) {
            slots += count[e];
            items += (count[e] + kRoutesPerItem - 1) / kRoutesPerItem;
        }
        int slotBegin = slots, itemBegin = items;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            const int s = __shfl_up_sync(0xffffffffu, slotBegin, o), it = __shfl_up_sync(0xffffffffu, itemBegin, o);
            if (lane >= o) {
                slotBegin += s;
                itemBegin += it;
            }
        }
        if (lane == 31)
            *r.itemCount = itemBegin;
        slotBegin -= slots;
        itemBegin -= items;
        for (int e = first; e < last; ++e) {
            const int c = count[e];
            cursor[e] = slotBegin;
            for (int j = 0; j < c; j += kRoutesPerItem)
                r.items[itemBegin++] = {e, slotBegin + j, min(kRoutesPerItem, c - j),
                                        j % kRoutesPerTensorCoreTile == 0 ? min(kRoutesPerTensorCoreTile, c - j) : 0};
            slotBegin += c;
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        const int slot = atomicAdd(&cursor[r.expert[i]], 1);
        r.slotOf[i] = slot;
        r.slotToken[slot] = i / used;
    }
}

// ---- decode ----

// Warp per (chosen expert k, row): h[k][row] = silu(gate . x) * (up . x).
template <class Dot>
__global__ void __launch_bounds__(32 * kWarpsPerBlock)
    gateUpDecodeKernel(StackView gate, StackView up, Input in, const int* expert, const int* slotOf, float* h,
                       int64_t rows)
{
    waitForPreviousKernel();
    const int k = blockIdx.y, lane = threadIdx.x % 32;
    const int64_t row = int64_t(blockIdx.x) * kWarpsPerBlock + threadIdx.x / 32;
    if (row >= rows)
        return;
    const int e = slotOf ? slotOf[expert[k]] : expert[k];
    if (e < 0)
        return;  // not resident: the CPU computes this expert (down skips it too)
    const uint8_t *g = gate.row(e, row), *u = up.row(e, row);
    const int units = int(in.cols / Dot::kWidth);
    float ga = 0, ua = 0;
    for (int i = lane; i < units; i += 32) {
        const auto gu = Dot::load(g, i), uu = Dot::load(u, i);
        ga += Dot::apply(gu, i, in, 0);
        ua += Dot::apply(uu, i, in, 0);
    }
    ga = warpSum(ga);
    ua = warpSum(ua);
    if (lane == 0)
        h[int64_t(k) * rows + row] = ga / (1.0f + __expf(-ga)) * ua;
}

// Warp per output row: y[row] += sum_k weight[k] * (down_{expert[k]}[row] . h[k]). The lanes share
// the used x units (sub-block, expert) pairs, so an expert FFN narrower than 32 units still fills
// the warp (768 wide: 24 Q4_K sub-blocks, 192 over 8 experts).
template <class Dot>
__global__ void __launch_bounds__(32 * kWarpsPerBlock)
    downDecodeKernel(StackView down, Input in, const int* expert, const int* slotOf, const float* weight, int used,
                     float* y, int64_t rows)
{
    waitForPreviousKernel();
    const int lane = threadIdx.x % 32;
    const int64_t row = int64_t(blockIdx.x) * kWarpsPerBlock + threadIdx.x / 32;
    if (row >= rows)
        return;
    const int units = int(in.cols / Dot::kWidth);
    float acc = 0;
    for (int i = lane; i < used * units; i += 32) {
        const int k = i / units, u = i % units;
        const int e = slotOf ? slotOf[expert[k]] : expert[k];
        if (e >= 0)
            acc += weight[k] * Dot::apply(Dot::load(down.row(e, row), u), u, in, k);
    }
    acc = warpSum(acc);
    if (lane == 0)
        y[row] += acc;
}

// ---- batches ----

struct GroupedArgs {
    StackView w[2];
    float* out[2];
    int64_t rows;
    unsigned blocksPerStack;
};

// Block (item, row block of one stack): up to 8 routes of one expert against 4 rows of its matrix.
template <class Dot>
__global__ void __launch_bounds__(32 * kWarpsPerBlock)
    groupedKernel(GroupedArgs g, Input in, const int* slotToken, const int* slotOf, const ExpertItem* items,
                  const int* itemCount)
{
    waitForPreviousKernel();
    if (int(blockIdx.x) >= *itemCount)
        return;
    const int e = slotOf ? slotOf[items[blockIdx.x].expert] : items[blockIdx.x].expert;
    if (e < 0)
        return;  // not resident: the CPU computes these routes, sumExperts skips them
    const int m = int(blockIdx.y / g.blocksPerStack), lane = threadIdx.x % 32;
    const int64_t row = int64_t(blockIdx.y % g.blocksPerStack) * kWarpsPerBlock + threadIdx.x / 32;
    if (row >= g.rows)
        return;
    const ExpertItem it = items[blockIdx.x];
    int src[kRoutesPerItem];
#pragma unroll
    for (int t = 0; t < kRoutesPerItem; ++t) {
        const int slot = it.firstSlot + min(t, it.count - 1);
        src[t] = slotToken ? slotToken[slot] : slot;
    }
    // Selected, not indexed: a run-time index would copy the parameter arrays to the stack.
    const uint8_t* w = (m == 0 ? g.w[0] : g.w[1]).row(e, row);
    float* out = m == 0 ? g.out[0] : g.out[1];
    const int units = int(in.cols / Dot::kWidth);
    float acc[kRoutesPerItem] = {};
    for (int u = lane; u < units; u += 32) {
        const auto unit = Dot::load(w, u);
#pragma unroll
        for (int t = 0; t < kRoutesPerItem; ++t)
            if (t < it.count)  // no break: the arrays stay in registers
                acc[t] += Dot::apply(unit, u, in, src[t]);
    }
#pragma unroll
    for (int t = 0; t < kRoutesPerItem; ++t) {
        const float s = warpSum(acc[t]);
        if (lane == 0 && t < it.count)
            out[int64_t(it.firstSlot + t) * g.rows + row] = s;
    }
}

__global__ void sumExpertsKernel(const float* down, const int* routeSlot, const float* weight, const int* expert,
                                 const int* resident, int used, int64_t n, float* y)
{
    waitForPreviousKernel();
    const int t = blockIdx.y;
    const int64_t c = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (c >= n)
        return;
    float acc = 0;
    for (int r = 0; r < used; ++r)
        if (!resident || resident[expert[t * used + r]] >= 0)
            acc += weight[t * used + r] * down[int64_t(routeSlot[t * used + r]) * n + c];
    y[int64_t(t) * n + c] += acc;
}

Input inputOf(const float* x, const Q8Activations& q, int64_t cols)
{
    return {x, q.q, q.scales, q.sums, cols};
}

// Calls fn(IntRows<B>{}) or fn(FloatRows<R>{}) for the type; throws when it has no reader.
template <class Fn>
void dispatchRows(gguf::GgmlType type, const char* what, Fn&& fn)
{
    const bool known = dispatchType(
        type, [&](auto block) { fn(IntRows<decltype(block)>{}); }, [&](auto row) { fn(FloatRows<decltype(row)>{}); });
    if (!known)
        throw Error(std::string("CUDA: no expert kernel for ") + what + " of weight type " + std::to_string(int(type)));
}

unsigned rowBlocks(int64_t rows)
{
    return unsigned((rows + kWarpsPerBlock - 1) / kWarpsPerBlock);
}

}  // namespace

void routeExperts(float* logits, int tokens, int experts, int used, bool normalize, bool group,
                  const MoeRouting& routing, cudaStream_t stream)
{
    if (used < 1 || used > experts || used > kMaxExpertsUsed)
        throw Error("CUDA: routing needs 1 to " + std::to_string(kMaxExpertsUsed) + " experts per token");
    // Tokens spread over blocks of 4 warps: in one block, a 512-token batch's top-k took 320 µs a
    // layer on the H200 (30B-A3B shape, ncu), a fifth of the layer, as 16 warps did 32 tokens each.
    const int warps = std::min(tokens, kRouteWarps);
    const size_t words = size_t(experts + 31) / 32;
    const unsigned blocks = unsigned((tokens + warps - 1) / warps);
    launchKernel(topKKernel, blocks, 32 * warps, warps * words * sizeof(unsigned), stream, logits, tokens, experts,
                 used, normalize, routing);
    if (group)
        launchKernel(groupRoutesKernel, 1, kGroupThreads, 2 * size_t(experts) * sizeof(int), stream, tokens, experts,
                     used, routing);
}

void expertsGateUpDecode(const DeviceExperts& gate, const DeviceExperts& up, const float* x, const Q8Activations& xq,
                         const int* expert, const int* slotOf, int used, float* h, cudaStream_t stream)
{
    if (gate.first.type != up.first.type || gate.first.cols != up.first.cols || gate.first.rows != up.first.rows)
        throw Error("internal: the gate and up expert stacks differ in type or shape");
    const Input in = inputOf(x, xq, gate.first.cols);
    const dim3 grid(rowBlocks(gate.first.rows), unsigned(used));
    dispatchRows(gate.first.type, "ffn_gate_exps", [&](auto dot) {
        launchKernel(gateUpDecodeKernel<decltype(dot)>, grid, 32 * kWarpsPerBlock, 0, stream, view(gate), view(up), in,
                     expert, slotOf, h, gate.first.rows);
    });
}

void expertsDownDecode(const DeviceExperts& down, const float* h, const Q8Activations& hq, const int* expert,
                       const int* slotOf, const float* weight, int used, float* y, cudaStream_t stream)
{
    const Input in = inputOf(h, hq, down.first.cols);
    dispatchRows(down.first.type, "ffn_down_exps", [&](auto dot) {
        launchKernel(downDecodeKernel<decltype(dot)>, rowBlocks(down.first.rows), 32 * kWarpsPerBlock, 0, stream,
                     view(down), in, expert, slotOf, weight, used, y, down.first.rows);
    });
}

void expertsGrouped(std::span<const DeviceExperts* const> stacks, std::span<float* const> outs, const float* in,
                    const Q8Activations& inq, const int* slotToken, const int* slotOf, const MoeRouting& routing,
                    int routes, int maxItems, cudaStream_t stream)
{
    if (stacks.empty() || stacks.size() > 2 || outs.size() != stacks.size())
        throw Error("internal: grouped expert products take one or two stacks");
    const DeviceMatrix& first = stacks[0]->first;
    for (const DeviceExperts* s : stacks)
        if (s->first.type != first.type || s->first.cols != first.cols || s->first.rows != first.rows)
            throw Error("internal: grouped expert stacks differ in type or shape");
    // Tensor cores once experts average a full item of routes (a 30B-A3B prompt of 128 tokens and
    // up): below that most tiles would hold a route or two.
    if (routes >= kRoutesPerItem * stacks[0]->count && int64_t(routes) * first.cols < kTensorCoreMaxInput
        && expertsGroupedTensorCores(stacks, outs, inq, slotToken, slotOf, routing, maxItems, stream))
        return;
    GroupedArgs g{};
    g.rows = first.rows;
    g.blocksPerStack = rowBlocks(first.rows);
    for (size_t i = 0; i < stacks.size(); ++i) {
        g.w[i] = view(*stacks[i]);
        g.out[i] = outs[i];
    }
    const dim3 grid(unsigned(maxItems), g.blocksPerStack * unsigned(stacks.size()));
    if (grid.y > 65535)
        throw Error("CUDA: an expert matrix of " + std::to_string(first.rows) + " rows is too tall for one launch");
    const Input x = inputOf(in, inq, first.cols);
    dispatchRows(first.type, "an expert stack", [&](auto dot) {
        launchKernel(groupedKernel<decltype(dot)>, grid, 32 * kWarpsPerBlock, 0, stream, g, x, slotToken, slotOf,
                     routing.items, routing.itemCount);
    });
}

void sumExperts(const float* down, const MoeRouting& routing, const int* slotOf, int tokens, int used, int64_t n,
                float* y, cudaStream_t stream)
{
    const int threads = 256;
    const dim3 grid(unsigned((n + threads - 1) / threads), unsigned(tokens));
    launchKernel(sumExpertsKernel, grid, threads, 0, stream, down, routing.slotOf, routing.weight, routing.expert,
                 slotOf, used, n, y);
}

}  // namespace strata::cuda
