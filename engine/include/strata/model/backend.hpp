// Where and how a model runs. A Backend executes a model's DecoderPlan over its weights and owns
// the placement of everything it computes with: activations, the KV cache (a Sequence), threads.
// The CPU backend runs on the worker pool; a CUDA backend and a hybrid MoE backend (hot experts in
// VRAM, the rest on the CPU pool at the same time) implement the same interface.
#pragma once

#include "strata/model/architecture.hpp"
#include "strata/model/expert_telemetry.hpp"
#include "strata/model/expert_wake_ahead.hpp"
#include "strata/model/hparams.hpp"
#include "strata/model/weights.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace strata::model {

enum class KvType {
    F16,   // default: what llama.cpp uses, so logits match it
    Q8_0,  // half the memory; attention scores get ggml's Q8_0 rounding
};

// Everything that defines a loaded model's computation: what it is, what it computes, its weights.
struct ModelDefinition {
    Hparams hparams;
    DecoderPlan plan;
    ModelWeights weights;
};

// The layers one GPU holds (issue 24: a model split over several GPUs has one entry per GPU).
struct GpuLayers {
    int device = 0;
    std::string name;               // the GPU's name
    uint32_t first = 0, count = 0;  // layers first .. first + count - 1
    size_t bytes = 0;               // weights and scratch there (the KV caches come on top)
};

// The state of one token sequence on a backend: its KV cache and how many positions it holds.
class Sequence {
public:
    virtual ~Sequence() = default;
    virtual uint32_t length() const = 0;         // positions already computed
    virtual uint32_t capacity() const = 0;       // the context length it was made for
    virtual void truncate(uint32_t length) = 0;  // forget positions >= length (prefix reuse)
    virtual size_t bytes() const = 0;            // memory the KV cache takes
};

class Backend {
public:
    virtual ~Backend() = default;
    virtual std::string name() const = 0;
    virtual std::unique_ptr<Sequence> newSequence(uint32_t contextLength, KvType kv) = 0;
    // Runs `tokens` at positions seq.length() ... and appends them to the sequence. When `logits`
    // is not empty it receives the vocabulary logits of the last token. `tokens.size()` may be at
    // most maxBatch(); throws strata::Error when the sequence would overflow.
    virtual void forward(Sequence& seq, std::span<const int32_t> tokens, std::span<float> logits) = 0;
    virtual uint32_t maxBatch() const = 0;
    // A hybrid MoE placement's counters (nullopt for every other backend and placement).
    virtual std::optional<ExpertTelemetry> expertTelemetry() const { return std::nullopt; }
    virtual void resetExpertTelemetry() {}
    // Which layers live on which GPU (empty on the CPU backend).
    virtual std::vector<GpuLayers> gpuLayers() const { return {}; }
    // A hybrid MoE placement's wake-ahead (CudaExperts::wakeAhead), switched while the model is
    // loaded; any thread, takes effect at the next layer. Other backends ignore it.
    virtual void setExpertWakeAhead(ExpertWakeAhead) {}
};

}  // namespace strata::model
