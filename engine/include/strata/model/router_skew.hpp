// Controlled routing for synthetic mixture-of-experts files (`strata-gguf mkmodel --router-skew S`).
// Random weights do not route uniformly: the router inputs of a random model share one dominant
// direction that grows with depth, so a few experts take most tokens (issue 26 measured 21 %, 47 %,
// 55 % of selections for the top 10 % of experts in layers 0-2 of a small qwen3moe), and an expert
// cache tested on such a file wins for the wrong reason. This shapes every router so the share of
// selections follows a target: uniform at S = 0, Zipf-like with exponent S otherwise, with a
// different order of hot experts in each layer.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace strata::model {

struct RouterSkewOptions {
    float skew = 0.0f;       // Zipf exponent S: the expert of popularity rank r (from 0) gets (r+1)^-S
    uint32_t tokens = 2048;  // calibration tokens, in sequences of `window`
    uint32_t window = 512;   // tokens per sequence, as `strata-gguf routing` runs (capped by the context)
    uint64_t seed = 1;       // which experts are hot in which layer, and the calibration tokens
    int threads = -1;        // worker threads besides the caller (ModelOptions::threads)
};

struct RouterSkewResult {
    std::vector<double> targetTopTenth;  // per MoE layer: the target's top-10 % share
    std::vector<double> fittedTopTenth;  // the same, measured on the calibration tokens
    double seconds = 0;
};

// The target share of selections per expert for popularity ranks 0..experts-1: (r+1)^-S, normalised,
// with no expert above 1 / used (a token chooses an expert once), the excess spread over the rest.
std::vector<double> zipfTargetShares(uint32_t experts, uint32_t used, float skew);

// Rewrites the router (ffn_gate_inp, F32) of every MoE layer of `file` in place, layer by layer
// from the first, each on inputs its shaped predecessors produce: runs `tokens` random ids (in
// sequences of `window`) up to the layer's router, makes each router row orthogonal to the mean
// router input and to each sequence's departure from it (the directions a sequence's tokens share),
// then adds a per-expert multiple of the mean direction, which acts as a per-expert logit offset
// fitted so the calibration tokens' selections follow the target. What it does not remove: in a
// random model each sequence also shares directions of its own that grow with depth, so deeper
// layers stay more skewed than the target on new sequences (S = 0 on a 4-layer test model: 12.8,
// 12.4, 16.4, 23.6 % where the plain file has 14.6, 14.9, 20.7, 29.9 %; test_router_skew).
// More sequences remove more of those directions. S = 0 on an 8-layer qwen3moe (512 wide, 64 experts,
// 8 used, `--distinct-rows 64`), mean top-10 % share over 4000 new tokens in sequences of 512 (uniform
// routing samples to about 10.5 %): plain 23.2 %; 2048 tokens in 4 sequences of 512 (the defaults)
// 14.7 %; 2048 in 64 of 32, 13.2 %; 8192 in 16 of 512, 12.4 %; 8192 in 64 of 128, 11.8 %. The
// sequences run side by side, each in its own thread, and the whole calibration is one pass through
// the layers (the sequences wait for each other at every router); the cost grows with the tokens.
// Throws strata::Error for a file without experts, a router that is not F32, or I/O failure.
RouterSkewResult shapeRouterSkew(const std::filesystem::path& file, const RouterSkewOptions& options);

}  // namespace strata::model
