#include "strata/model/model.hpp"

#include "strata/core/error.hpp"
#include "strata/model/architecture.hpp"
#include "strata/model/cpu_backend.hpp"
#include "strata/tokenizer/gguf_tokenizer_data.hpp"

namespace strata::model {

std::unique_ptr<Model> Model::open(const std::filesystem::path& path, const ModelOptions& options)
{
    gguf::File file = gguf::File::open(path);
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
        if (vocab->vocabSize() > d.hparams.vocabSize)
            throw Error(file.name() + ": the vocabulary has " + std::to_string(vocab->vocabSize()) +
                        " tokens but the output head only " + std::to_string(d.hparams.vocabSize));
    }
    return std::unique_ptr<Model>(new Model(std::move(file), std::move(d), std::move(vocab), options));
}

Model::Model(gguf::File file, ModelDefinition definition, std::unique_ptr<tokenizer::Tokenizer> vocab,
             const ModelOptions& options)
    : file_(std::move(file)), definition_(std::move(definition)), tokenizer_(std::move(vocab))
{
    pool::PoolOptions po;
    po.workers = options.threads;
    po.pin = options.pinThreads;
    po.policy = options.poolPolicy;
    po.onIdleSpan = options.poolSpanObserver;
    pool_ = std::make_unique<pool::WorkerPool>(po);
    backend_ = makeCpuBackend(definition_, *pool_, CpuBackendOptions{options.batchSize});
}

const tokenizer::Tokenizer& Model::requireTokenizer() const
{
    if (!tokenizer_)
        throw Error(file_.name() + ": the file has no vocabulary (tokenizer.ggml.* keys)");
    return *tokenizer_;
}

}  // namespace strata::model
