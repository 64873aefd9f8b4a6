#include "app/engine/engine_values.hpp"

#include "app/model_description.hpp"
#include "domain/models/gguf_model_reader.hpp"
#include "strata/core/error.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <random>

namespace strata::app {

model::SamplingParams samplingParamsFrom(const domain::SamplingSettings& settings)
{
    model::SamplingParams p;
    p.temperature = float(settings.temperature);
    p.topK = settings.topK;
    p.topP = float(settings.topP);
    p.minP = float(settings.minP);
    p.repeatPenalty = float(settings.repeatPenalty);
    if (settings.seed >= 0)
        p.seed = uint64_t(settings.seed);
    else
        p.seed = (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
    return p;
}

QString expertStateFile(const QString& folder, const QString& modelPath)
{
    if (folder.isEmpty() || modelPath.isEmpty())
        return {};
    // Name and size: two files of the same name from different places are usually different
    // models, and the engine checks the state's model identity anyway (a foreign state starts cold).
    const QFileInfo model(modelPath);
    return QDir(folder).filePath(QStringLiteral("%1-%2.json").arg(model.fileName()).arg(model.size()));
}

model::ModelOptions modelOptionsFrom(const ModelLoadOptions& options, const QString& modelPath)
{
    model::ModelOptions o;
    // The app's "threads" counts every thread that computes; the engine's counts the workers
    // besides the calling (engine) thread.
    o.threads = options.threads > 0 ? options.threads - 1 : -1;
    // Off by default (ModelLoadOptions): a desktop app shares its cores with the GUI and everything
    // else the user runs, and pinned workers would fight the scheduler instead of letting it move
    // them off a busy core. The settings panel lets a user with an otherwise idle machine pin.
    o.pinThreads = options.pinThreads;
    o.batchSize = uint32_t(std::max(0, options.batchSize));  // 0: automatic
    // No automatic fall-back to the CPU when the GPU refuses the model: the user chose the GPU, and
    // a model that silently lands in RAM instead can be many times slower and take memory the user
    // did not plan for. The load fails with the engine's reason; the settings offer the CPU.
    if (options.gpu >= 0) {
        o.device = model::Device::Cuda;
        o.cudaDevice = options.gpu;
        if (!options.splitGpus.isEmpty()) {  // a layer split over several GPUs (issue 24)
            o.cudaSplit.devices = {options.gpu};
            o.cudaSplit.devices.insert(o.cudaSplit.devices.end(), options.splitGpus.begin(), options.splitGpus.end());
            for (const int mib : options.gpuBudgetsMiB)
                o.cudaSplit.budgets.push_back(size_t(std::max(0, mib)) << 20);
        }
        o.vramBudget = size_t(std::max(0, options.vramBudgetMiB)) << 20;
        o.cudaHostWait = options.gpuWait;
        // Only MoE models read these; a hybrid placement keeps the pool's workers (Model::open),
        // so `threads` above reaches the CPU experts.
        o.cudaExperts.placement = options.experts;
        o.cudaExperts.budget = size_t(std::max(0, options.expertBudgetMiB)) << 20;
        o.cudaExperts.cpuLayers = uint32_t(std::max(0, options.cpuExpertLayers));
        o.cudaExperts.wakeAhead = options.expertWakeAhead;
        if (options.experts == model::ExpertPlacement::Cache)
            o.cudaExperts.stateFile = expertStateFile(options.expertStateFolder, modelPath).toStdString();
    }
    return o;
}

model::SessionOptions sessionOptionsFrom(const ModelLoadOptions& options)
{
    model::SessionOptions o;
    o.contextLength = uint32_t(std::max(0, options.contextLength));
    o.kv = options.kvCacheType;
    return o;
}

ReplyMetrics replyMetricsFrom(const model::GenerationMetrics& m)
{
    ReplyMetrics r;
    r.promptTokens = int(m.promptTokens);
    r.reusedTokens = int(m.reusedTokens);
    r.prefilledTokens = int(m.prefilledTokens);
    r.generatedTokens = int(m.generatedTokens);
    r.prefillTokensPerSecond = m.prefillTokensPerSecond;
    r.decodeTokensPerSecond = m.decodeTokensPerSecond;
    r.timeToFirstTokenMs = m.timeToFirstTokenSeconds * 1000.0;
    r.finish = m.finish;
    return r;
}

QString describeModel(const model::Model& model, uint32_t contextLength, model::KvType kvCacheType)
{
    const model::Hparams& h = model.hparams();
    qint64 parameters = 0;
    for (const gguf::TensorInfo& t : model.file().tensors())
        parameters += qint64(t.elements);
    return describeModelFacts({QString::fromStdString(h.name), QString::fromStdString(h.architecture), parameters,
                               domain::models::quantizationName(model.file()), qint64(contextLength), kvCacheType});
}

QString describePlacement(model::Model& model, const int gpu)
{
    // The CUDA backend's name is "cuda:<device name>"; every other backend computes on the pool.
    const std::string name = model.backend().name();
    const std::string cudaPrefix = "cuda:";
    const int threads = int(model.pool().workerCount()) + 1;
    if (const auto gpus = model.backend().gpuLayers(); gpus.size() > 1)
        return describeGpuLayers(gpus);
    if (name.starts_with(cudaPrefix)) {
        const QString gpuName = QCoreApplication::translate("strata::app::EngineValues", "GPU %1: %2")
                                    .arg(gpu)
                                    .arg(QString::fromStdString(name.substr(cudaPrefix.size())));
        // Only a hybrid MoE placement has expert telemetry: some experts run on the pool.
        if (!model.backend().expertTelemetry())
            return gpuName;
        return QCoreApplication::translate("strata::app::EngineValues", "%1 + CPU experts, %2 threads")
            .arg(gpuName)
            .arg(threads);
    }
    return threads == 1 ? QCoreApplication::translate("strata::app::EngineValues", "CPU, 1 thread")
                        : QCoreApplication::translate("strata::app::EngineValues", "CPU, %1 threads").arg(threads);
}

QString describeGpuLayers(const std::vector<model::GpuLayers>& gpus)
{
    QStringList parts;
    bool oneName = true;
    for (const model::GpuLayers& g : gpus)
        oneName = oneName && g.name == gpus.front().name;
    for (const model::GpuLayers& g : gpus) {
        const QString layers = g.count == 1
                                   ? QCoreApplication::translate("strata::app::EngineValues", "GPU %1: layer %2")
                                         .arg(g.device)
                                         .arg(g.first)
                                   : QCoreApplication::translate("strata::app::EngineValues", "GPU %1: layers %2–%3")
                                         .arg(g.device)
                                         .arg(g.first)
                                         .arg(g.first + g.count - 1);
        parts << (oneName ? layers : QStringLiteral("%1 (%2)").arg(layers, QString::fromStdString(g.name)));
    }
    const QString joined = parts.join(QStringLiteral(", "));
    return oneName && !gpus.empty() ? QStringLiteral("%1 (%2)").arg(joined, QString::fromStdString(gpus.front().name))
                                    : joined;
}

}  // namespace strata::app
