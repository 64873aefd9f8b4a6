#include "strata/model/model.hpp"

#include "strata/core/error.hpp"
#include "strata/model/architecture.hpp"
#include "strata/model/cpu_backend.hpp"
#include "strata/model/cuda_backend.hpp"
#include "strata/tokenizer/gguf_tokenizer_data.hpp"

#include <algorithm>

namespace strata::model {

namespace {

// Scratch any real model needs is a small fraction of its weights (Qwen2.5 0.5B: 39 MiB for a
// 512-token batch beside 400 MB of weights), so more scratch than the file holds, beyond a floor
// that covers tiny test models with large batches, means sizes the weights do not back.
constexpr uint64_t kScratchFloorBytes = 256ull << 20;

}  // namespace

std::unique_ptr<Model> Model::open(const std::filesystem::path& path, const ModelOptions& options)
{
    return fromFile(gguf::File::open(path), options);
}

std::unique_ptr<Model> Model::fromFile(gguf::File file, const ModelOptions& options)
{
    // An architecture we do not run is named before its keys are looked for.
    const Architecture* arch = nullptr;
    try {
        arch = &findArchitecture(file.metadata().getString("general.architecture").value_or("(none)"));
    } catch (const Error& e) {
        throw Error(file.name() + ": " + e.what());
    }
    ModelDefinition d;
    d.hparams = readHparams(file.metadata(), file.name());
    d.plan = arch->describe(d.hparams);
    d.weights = bindWeights(file, d.hparams, d.plan);

    std::unique_ptr<tokenizer::Tokenizer> vocab;
    if (file.metadata().contains("tokenizer.ggml.model")) {
        try {
            vocab = std::make_unique<tokenizer::Tokenizer>(tokenizer::tokenizerDataFromGguf(file.metadata()));
        } catch (const Error& e) {
            throw Error(file.name() + ": " + e.what());
        }
        // Rejected rather than masked: llama.cpp sizes token_embd and output by the token list,
        // so converters pad the list to the head and a well-formed file has both equal. A head
        // larger than the list would let the sampler pick ids that have no text (issue 18).
        if (vocab->vocabSize() != d.hparams.vocabSize)
            throw Error(file.name() + ": the vocabulary has " + std::to_string(vocab->vocabSize())
                        + " tokens but the output head " + std::to_string(d.hparams.vocabSize)
                        + "; they must be equal");
    }
    return std::unique_ptr<Model>(new Model(std::move(file), std::move(d), std::move(vocab), options));
}

Model::Model(gguf::File file, ModelDefinition definition, std::unique_ptr<tokenizer::Tokenizer> vocab,
             const ModelOptions& options)
    : file_(std::move(file)), definition_(std::move(definition)), tokenizer_(std::move(vocab))
{
    pool::PoolOptions po;
    // On the GPU the host only enqueues and waits: workers would sit idle (and spin, by policy).
    // A hybrid MoE placement runs the experts that are not in VRAM on them.
    const bool gpuOnly = options.device == Device::Cuda
                         && (options.cudaExperts.placement == ExpertPlacement::Gpu || !definition_.hparams.isMoe());
    po.workers = gpuOnly ? 0 : options.threads;
    po.pin = options.pinThreads;
    po.policy = options.poolPolicy;
    po.onIdleSpan = options.poolSpanObserver;
    pool_ = std::make_unique<pool::WorkerPool>(po);
    try {
        if (options.device == Device::Cuda) {
            CudaBackendOptions co;
            co.device = options.cudaDevice;
            co.split = options.cudaSplit;
            // Automatic chunk: a hybrid MoE copies each missed expert to the GPU once per chunk of a
            // long prompt (30B-A3B, half the experts resident: 5.8k tok/s at 8192 tokens a chunk,
            // 1.2k at 512; docs/BENCHMARKS.md "Long prompts"), at ~1.4 GiB more scratch; where that
            // does not fit, the default chunk.
            const bool hybridMoe = definition_.hparams.isMoe() && options.cudaExperts.placement != ExpertPlacement::Gpu;
            co.maxBatch = options.batchSize ? options.batchSize : hybridMoe ? kLongPromptChunk : kDefaultChunk;
            co.vramBudget = options.vramBudget;
            co.hostWait = options.cudaHostWait;
            co.onRouting = options.onRouting;
            co.experts = options.cudaExperts;
            co.pool = pool_.get();
            try {
                backend_ = makeCudaBackend(definition_, co);
            } catch (const Error&) {
                if (options.batchSize || co.maxBatch == kDefaultChunk)
                    throw;
                co.maxBatch = kDefaultChunk;
                backend_ = makeCudaBackend(definition_, co);
            }
        } else {
            CpuBackendOptions backend;
            backend.maxBatch = options.batchSize ? options.batchSize : kDefaultChunk;
            backend.maxScratchBytes = std::max(kScratchFloorBytes, file_.fileBytes());
            backend.onRouting = options.onRouting;
            backend_ = makeCpuBackend(definition_, *pool_, backend);
        }
    } catch (const Error& e) {
        throw Error(file_.name() + ": " + e.what());
    }
}

const tokenizer::Tokenizer& Model::requireTokenizer() const
{
    if (!tokenizer_)
        throw Error(file_.name() + ": the file has no vocabulary (tokenizer.ggml.* keys)");
    return *tokenizer_;
}

}  // namespace strata::model
