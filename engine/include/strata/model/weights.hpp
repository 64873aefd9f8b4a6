// The model's tensors, bound by llama.cpp's names, as views into the mapped GGUF file.
#pragma once

#include "strata/gguf/file.hpp"
#include "strata/model/hparams.hpp"

#include <cstdint>
#include <vector>

namespace strata::model {

struct DecoderPlan;

// A 2-D weight (or a stack of `count` 2-D weights: the experts of a MoE layer), row-major as
// ggml stores it: `rows` rows of `cols` elements, row r at data + r * rowStride.
struct Weight {
    gguf::GgmlType type = gguf::GgmlType::F32;
    const std::byte* data = nullptr;
    int64_t cols = 0;
    int64_t rows = 0;
    size_t rowStride = 0;     // bytes per row
    int64_t count = 1;        // stacked matrices (experts)
    size_t matrixStride = 0;  // bytes per matrix

    bool present() const { return data != nullptr; }
    // The f32 values of a 1-D weight (norms, biases). Only valid for F32 tensors.
    const float* f32() const { return reinterpret_cast<const float*>(data); }
    Weight matrix(int64_t i) const;  // one matrix of a stack
};

struct LayerWeights {
    Weight attnNorm;
    Weight wq, wk, wv, wo;
    Weight bq, bk, bv;    // qwen2
    Weight qNorm, kNorm;  // qwen3: per-head RMSNorm of q and k
    Weight ffnNorm;
    Weight ffnGate, ffnUp, ffnDown;     // dense
    Weight router;                      // MoE: ffn_gate_inp
    Weight gateExps, upExps, downExps;  // MoE: stacked experts
};

struct ModelWeights {
    Weight tokenEmbedding;
    Weight outputNorm;
    Weight output;  // the token embedding when the model ties them
    bool tiedOutput = false;
    std::vector<LayerWeights> layers;
};

// Finds every tensor the plan needs and checks its type and shape against the hyper-parameters.
// Throws strata::Error naming the tensor that is missing or has the wrong shape.
ModelWeights bindWeights(const gguf::File& file, const Hparams& h, const DecoderPlan& plan);

}  // namespace strata::model
