#include "app/engine/engine_values.hpp"

#include "strata/core/error.hpp"

#include <QCoreApplication>
#include <random>

namespace strata::app {

model::SamplingParams samplingParamsFrom(const ui::SamplingSettings& settings)
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

model::ModelOptions modelOptionsFrom(const ModelLoadOptions& options)
{
    model::ModelOptions o;
    // The app's "threads" counts every thread that computes; the engine's counts the workers
    // besides the calling (engine) thread.
    o.threads = options.threads > 0 ? options.threads - 1 : -1;
    // Off by default (ModelLoadOptions): a desktop app shares its cores with the GUI and everything
    // else the user runs, and pinned workers would fight the scheduler instead of letting it move
    // them off a busy core. The settings panel lets a user with an otherwise idle machine pin.
    o.pinThreads = options.pinThreads;
    o.batchSize = uint32_t(std::max(1, options.batchSize));
    return o;
}

model::SessionOptions sessionOptionsFrom(const ModelLoadOptions& options)
{
    model::SessionOptions o;
    o.contextLength = uint32_t(std::max(0, options.contextLength));
    const QString kv = options.kvCacheType.trimmed().toLower();
    if (kv.isEmpty() || kv == QLatin1String("f16"))
        o.kv = model::KvType::F16;
    else if (kv == QLatin1String("q8_0"))
        o.kv = model::KvType::Q8_0;
    else
        throw Error("unknown KV cache type \"" + options.kvCacheType.toStdString() + "\" (expected f16 or q8_0)");
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
    switch (m.finish) {
    case model::FinishReason::EndOfGeneration:
    case model::FinishReason::StopString:
        r.finishReason = QStringLiteral("stop");
        break;
    case model::FinishReason::Length:
        r.finishReason = QStringLiteral("length");
        break;
    case model::FinishReason::ContextFull:
        r.finishReason = QStringLiteral("context_full");
        break;
    case model::FinishReason::Cancelled:
        r.finishReason = QStringLiteral("cancelled");
        break;
    }
    return r;
}

namespace {

QString parameterCount(uint64_t n)
{
    if (n >= 1'000'000'000)
        return QStringLiteral("%1B").arg(double(n) / 1e9, 0, 'f', 1);
    if (n >= 1'000'000)
        return QStringLiteral("%1M").arg(double(n) / 1e6, 0, 'f', 1);
    return QStringLiteral("%1K").arg(double(n) / 1e3, 0, 'f', 1);
}

}  // namespace

QString describeModel(const model::Model& model, uint32_t contextLength, const QString& kvCacheType)
{
    const model::Hparams& h = model.hparams();
    uint64_t parameters = 0;
    for (const gguf::TensorInfo& t : model.file().tensors())
        parameters += t.elements;
    const QString name = h.name.empty() ? QString() : QString::fromStdString(h.name);
    return QCoreApplication::translate("strata::app::EngineController",
                                       "%1 · %2 · %3 parameters · %4 layers · context %5 tokens · KV cache %6")
        .arg(name.isEmpty() ? QCoreApplication::translate("strata::app::EngineController", "unnamed model") : name,
             QString::fromStdString(h.architecture), parameterCount(parameters))
        .arg(h.layers)
        .arg(contextLength)
        .arg(kvCacheType.trimmed().isEmpty() ? QStringLiteral("f16") : kvCacheType.trimmed().toLower());
}

}  // namespace strata::app
