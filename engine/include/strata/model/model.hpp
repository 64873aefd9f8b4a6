// A loaded model: the mapped GGUF file, what it computes, and the backend that runs it.
#pragma once

#include "strata/gguf/file.hpp"
#include "strata/model/backend.hpp"
#include "strata/model/cuda_backend.hpp"
#include "strata/pool/worker_pool.hpp"
#include "strata/tokenizer/tokenizer.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>

namespace strata::model {

enum class Device {
    Cpu,   // the worker pool
    Cuda,  // an NVIDIA GPU (ModelOptions::cudaDevice)
};

inline constexpr uint32_t kDefaultChunk = 512, kLongPromptChunk = 8192;

struct ModelOptions {
    int threads = -1;  // worker threads besides the caller; -1: physical cores - 1
    bool pinThreads = true;
    std::optional<pool::WaitPolicy> poolPolicy;  // default: STRATA_POOL_SPIN_US or adaptive
    // Prefill chunk in tokens; 0: automatic (kLongPromptChunk for a hybrid MoE on the GPU, where VRAM
    // allows, since its missed experts are copied once per chunk; kDefaultChunk otherwise).
    uint32_t batchSize = 0;
    Device device = Device::Cpu;
    int cudaDevice = 0;
    CudaSplit cudaSplit;    // several GPUs: the layers split over them (cudaDevice is the first)
    size_t vramBudget = 0;  // bytes the model may take on the GPU; 0: all free VRAM
    CudaHostWait cudaHostWait = CudaHostWait::BlockingSync;
    CudaExperts cudaExperts;  // MoE on the GPU: every expert in VRAM, or hybrid with the CPU pool
    // The pool's PoolOptions::onIdleSpan (trace recording, strata-bench --pool-trace); usually empty.
    std::function<void(unsigned worker, std::int64_t spanNanos)> poolSpanObserver;
    RoutingObserver onRouting;  // each MoE layer's choice of experts, on either backend (usually empty)
};

class Model {
public:
    // Maps and validates the file, reads the hyper-parameters, binds the weights, starts the pool.
    // Throws strata::Error with a precise message for anything it cannot run.
    static std::unique_ptr<Model> open(const std::filesystem::path& path, const ModelOptions& options = {});
    // The same for a file already opened (File::fromBytes in tests and fuzzing); the model keeps it.
    static std::unique_ptr<Model> fromFile(gguf::File file, const ModelOptions& options = {});

    const gguf::File& file() const { return file_; }
    const Hparams& hparams() const { return definition_.hparams; }
    const ModelDefinition& definition() const { return definition_; }
    pool::WorkerPool& pool() { return *pool_; }
    Backend& backend() { return *backend_; }
    // The vocabulary from tokenizer.ggml.*; null when the file has none (ids only).
    const tokenizer::Tokenizer* tokenizer() const { return tokenizer_.get(); }
    // Like tokenizer(), but throws strata::Error when the file has no vocabulary.
    const tokenizer::Tokenizer& requireTokenizer() const;

private:
    Model(gguf::File file, ModelDefinition definition, std::unique_ptr<tokenizer::Tokenizer> tokenizer,
          const ModelOptions& options);

    gguf::File file_;
    ModelDefinition definition_;
    std::unique_ptr<tokenizer::Tokenizer> tokenizer_;
    std::unique_ptr<pool::WorkerPool> pool_;
    std::unique_ptr<Backend> backend_;
};

}  // namespace strata::model
