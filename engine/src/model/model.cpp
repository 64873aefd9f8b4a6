#include "strata/model/model.hpp"

#include "strata/model/cpu_backend.hpp"

namespace strata::model {

std::unique_ptr<Model> Model::open(const std::filesystem::path& path, const ModelOptions& options)
{
    gguf::File file = gguf::File::open(path);
    ModelDefinition d;
    d.hparams = readHparams(file.metadata(), file.name());
    d.plan = findArchitecture(d.hparams.architecture).describe(d.hparams);
    d.weights = bindWeights(file, d.hparams, d.plan);
    return std::unique_ptr<Model>(new Model(std::move(file), std::move(d), options));
}

Model::Model(gguf::File file, ModelDefinition definition, const ModelOptions& options)
    : file_(std::move(file)), definition_(std::move(definition))
{
    pool::PoolOptions po;
    po.workers = options.threads;
    po.pin = options.pinThreads;
    po.policy = options.poolPolicy;
    pool_ = std::make_unique<pool::WorkerPool>(po);
    backend_ = makeCpuBackend(definition_, *pool_, CpuBackendOptions{options.batchSize});
}

}  // namespace strata::model
