// Attention of a group of queries against one head of an f16 KV cache, rounded the way ggml's
// non-flash path rounds (query rounded to f16, f32 scores, softmax, probabilities rounded to f16,
// f32 sums of f16 values), so results stay within llama.cpp's own spread.
//
// Why a group: a dot product per (query, key) pays a horizontal sum and a call for 64-256 multiply-
// adds. Up to kAttentionGroup queries that read the same KV head (the query heads of one GQA group,
// over a few consecutive tokens) are instead computed together: each key row is converted once and
// meets all queries in one vector multiply-add per element, and each value row likewise.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace strata::kernels {

struct KernelTable;

inline constexpr int kAttentionGroup = 16;

struct AttentionGroup {
    int count = 0;                        // 1 ... kAttentionGroup
    const float* query[kAttentionGroup];  // headDim floats each
    float* out[kAttentionGroup];          // headDim floats each
    int64_t keys[kAttentionGroup];        // how many positions (from 0) each query sees, >= 1
};

struct AttentionHead {
    const uint16_t* keys = nullptr;    // position j's key row at keys + j * stride (f16 bits)
    const uint16_t* values = nullptr;  // likewise for values
    size_t stride = 0;                 // elements between consecutive positions
    int64_t headDim = 0;               // a multiple of 16, at most kMaxAttentionHeadDim
    float scale = 1.0f;                // applied to the scores before the softmax
};

inline constexpr int64_t kMaxAttentionHeadDim = 512;

// Per-thread buffers that grow with the context; reuse one per worker.
struct AttentionScratch {
    std::vector<float> queriesT;  // headDim x kAttentionGroup, transposed
    std::vector<float> scores;    // keys x kAttentionGroup, transposed (then probabilities)
    std::vector<float> rows;      // converted key/value rows of one chunk
    std::vector<float> row;       // one query's scores, for the softmax
};

bool attentionGroupSupported(int64_t headDim);

// Uses k's variant (scalar, AVX2, AVX-512). Requires attentionGroupSupported(head.headDim).
void attendGroupF16(const KernelTable& k, const AttentionHead& head, const AttentionGroup& group,
                    AttentionScratch& scratch);

}  // namespace strata::kernels
