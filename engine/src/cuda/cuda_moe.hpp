// Launchers of the mixture-of-experts kernels: routing (softmax, top-k, renormalised weights, and for
// batches the grouping of routes by expert) and the grouped expert products. Everything the routing
// decides stays in device memory, so a decode step needs no host round trip and fits in one graph.
// Expert stacks keep their GGUF layout: expert e's matrix at data + e * matrixStride.
#pragma once

#include "cuda_kernels.hpp"

#include <algorithm>

namespace strata::cuda {

// `count` matrices of one type and shape, back to back (ffn_{gate,up,down}_exps).
struct DeviceExperts {
    DeviceMatrix first;  // expert 0; expert e's rows start at first.data + e * matrixStride
    size_t matrixStride = 0;
    int count = 0;
};

// A run of up to kRoutesPerItem routes that use one expert: one grid row of the grouped products.
// Every kRoutesPerTensorCoreTile / kRoutesPerItem items of an expert, the first also starts a tile
// of the tensor-core kernel, which covers up to kRoutesPerTensorCoreTile routes.
struct ExpertItem {
    int expert;
    int firstSlot;
    int count;      // 1 ... kRoutesPerItem
    int tileCount;  // routes of the tensor-core tile this item starts; 0: it starts none
};
constexpr int kRoutesPerItem = 8;
constexpr int kRoutesPerTensorCoreTile = 32;

// Where routing writes for `tokens` tokens of `used` experts each (n = tokens * used routes).
struct MoeRouting {
    int* expert = nullptr;        // [tokens][used], rank order (the token's top-k, best first)
    float* weight = nullptr;      // [tokens][used], renormalised when the model says so
    int* slotOf = nullptr;        // [tokens][used] -> slot: routes grouped by expert (batches only)
    int* slotToken = nullptr;     // [n] slot -> token
    ExpertItem* items = nullptr;  // [maxItems(n, experts)]
    int* itemCount = nullptr;     // [1]
};

// The most items `routes` routes over `experts` experts can make (the grid size of a batch).
inline int maxExpertItems(int routes, int experts)
{
    const int bound = (routes + kRoutesPerItem - 1) / kRoutesPerItem + std::min(experts, routes);
    return std::min(routes, bound);
}

// The most experts per token the routing kernel picks.
constexpr int kMaxExpertsUsed = 64;

// logits [tokens][experts] (overwritten with the probabilities) -> routing. As the CPU backend:
// softmax, the `used` most probable (ties to the lower index, NaN last), weights renormalised to
// sum to 1 when `normalize`. group: also the slots and items the batched products read.
void routeExperts(float* logits, int tokens, int experts, int used, bool normalize, bool group,
                  const MoeRouting& routing, cudaStream_t stream);

// Hybrid MoE (some experts in VRAM, the rest on the CPU): `slotOf` [experts] maps an expert to the
// matrix of the stacks that holds it, -1 when it is not resident; the products below then skip the
// routes of experts that are not resident (the CPU adds those). Null: expert e is matrix e.

// Decode (one token): h[k] = silu(gate_e . x) * up_e . x for each chosen expert e = expert[k], all
// of them in one launch. x: the token's f32 row / int8 quantization (whichever the type reads).
void expertsGateUpDecode(const DeviceExperts& gate, const DeviceExperts& up, const float* x, const Q8Activations& xq,
                         const int* expert, const int* slotOf, int used, float* h, cudaStream_t stream);

// Decode: y += sum over k (in rank order) of weight[k] * down_{expert[k]} . h[k], one launch; `h` and
// `hq` hold `used` rows of the expert FFN width.
void expertsDownDecode(const DeviceExperts& down, const float* h, const Q8Activations& hq, const int* expert,
                       const int* slotOf, const float* weight, int used, float* y, cudaStream_t stream);

// Batches: out_m[slot] = W_m[expert of slot] . in[row of slot] for one or two stacks of one type
// and shape (gate and up), over every item. `slotToken` maps a slot to its input row (the token);
// null: the slot's own row (down, whose input is already grouped). routes: how many routes the
// batch has (it picks the kernel); maxItems: the grid's bound.
void expertsGrouped(std::span<const DeviceExperts* const> stacks, std::span<float* const> outs, const float* in,
                    const Q8Activations& inq, const int* slotToken, const int* slotOf, const MoeRouting& routing,
                    int routes, int maxItems, cudaStream_t stream);

// expertsGrouped on tensor cores (cuda_moe_mma.cu): for the integer types on sm_80 and later; false,
// and nothing launched, otherwise.
bool expertsGroupedTensorCores(std::span<const DeviceExperts* const> stacks, std::span<float* const> outs,
                               const Q8Activations& inq, const int* slotToken, const int* slotOf,
                               const MoeRouting& routing, int maxItems, cudaStream_t stream);

// y[t] += sum over ranks r (in order) of weight[t][r] * down[slotOf[t][r]], rows of n floats.
void sumExperts(const float* down, const MoeRouting& routing, const int* slotOf, int tokens, int used, int64_t n,
                float* y, cudaStream_t stream);

}  // namespace strata::cuda
