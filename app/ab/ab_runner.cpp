#include "app/ab/ab_runner.hpp"

#include "app/engine/engine_values.hpp"
#include "domain/ab/ab_round.hpp"
#include "strata/model/generation.hpp"
#include "strata/model/model.hpp"
#include "strata/model/session.hpp"
#include "strata/telemetry/process_usage.hpp"

#include <memory>
#include <vector>

namespace strata::app {

namespace {

// One configuration, opened: its own model (pool with its threads and policy) and session.
struct Side {
    std::unique_ptr<model::Model> model;
    std::unique_ptr<model::Session> session;
    std::vector<int32_t> prompt;
};

Side open(const domain::AbConfig& config, const domain::AbRequest& request, const std::atomic<bool>& cancel)
{
    ModelLoadOptions load;
    load.threads = config.threads;
    load.contextLength = request.contextLength;
    load.kvCacheType = config.kvCacheType;
    load.gpu = config.gpu;
    load.experts = config.experts;
    load.expertBudgetMiB = config.expertBudgetMiB;
    load.cpuExpertLayers = config.cpuExpertLayers;
    model::ModelOptions modelOptions = modelOptionsFrom(load);
    modelOptions.poolPolicy = config.policy;
    Side side;
    side.model = model::Model::open(request.modelPath.toStdString(), modelOptions);
    side.session = std::make_unique<model::Session>(*side.model, sessionOptionsFrom(load));
    const chat_template::ChatTemplate tmpl = model::chatTemplateOf(*side.model);
    chat_template::ChatMessage user;
    user.role = "user";
    user.content = request.prompt.toStdString();
    chat_template::RenderOptions render;  // the engine's default limits, plus Cancel
    render.cancel = &cancel;
    side.prompt = model::chatPromptTokens(*side.model, tmpl, {user}, {}, render);
    return side;
}

pool::LatencyHistogram difference(const pool::LatencyHistogram& after, const pool::LatencyHistogram& before)
{
    pool::LatencyHistogram d;
    for (std::size_t i = 0; i < d.counts.size(); ++i)
        d.counts[i] = after.counts[i] >= before.counts[i] ? after.counts[i] - before.counts[i] : 0;
    return d;
}

}  // namespace

AbRunner::AbRunner(QObject* parent) : QObject(parent) {}

void AbRunner::run(const domain::AbRequest& request)
{
    m_cancel.store(false);
    if (m_shutdown.load())  // after the store above, so a racing shutdown is never lost
        m_cancel.store(true);
    const QList<domain::AbConfig> configs = domain::abConfigsToOpen(request);
    const QList<domain::AbSlot> round = domain::abRound(request);
    const int warmUps = int(round.size());
    const int total = warmUps + warmUps * std::max(1, request.repetitions);
    int done = 0;
    model::GenerationRequest generation;
    generation.maxTokens = uint32_t(std::max(1, request.maxTokens));
    generation.sampling.seed = 1;  // the same sampled tokens for every run
    const model::GenerationCallbacks callbacks{{}, [this](uint32_t, uint32_t) { return !m_cancel.load(); }, &m_cancel};

    try {
        emit progress(done, total, tr("opening the model for %n configuration(s)", nullptr, int(configs.size())));
        std::vector<Side> sides;
        for (const domain::AbConfig& config : configs)
            sides.push_back(open(config, request, m_cancel));
        telemetry::ProcessSampler sampler;
        telemetry::ProcessUsage usage;

        // Runs one generation from an empty context; returns its row (run number 0 for a warm-up).
        // The slot's policy is set first: under the policy preset one pool serves every policy,
        // switched between runs as the user would switch it; generate() ends with idleHint().
        auto measure = [&](const domain::AbSlot& slot, int runNumber) {
            Side& side = sides[std::size_t(slot.config)];
            side.model->pool().setPolicy(slot.policy);
            side.session->clear();  // no prefix reuse: every run prefills the whole prompt
            sampler.sample(usage);  // starts the CPU interval
            const pool::LatencyHistogram waitBefore = side.model->pool().telemetry().completionWait;
            const model::GenerationMetrics m =
                model::generate(*side.model, *side.session, side.prompt, generation, callbacks);
            sampler.sample(usage);
            domain::AbRow row;
            row.run = runNumber;
            row.config = slot.label;
            row.promptTokens = int(m.promptTokens);
            row.generatedTokens = int(m.generatedTokens);
            row.prefillTokensPerSecond = m.prefillTokensPerSecond;
            row.decodeTokensPerSecond = m.decodeTokensPerSecond;
            row.cpuPercent = usage.cpuPercent.value_or(0.0);
            row.completionWaitP50Micros = difference(m.pool.completionWait, waitBefore).quantileNanos(0.5) / 1000.0;
            return row;
        };

        for (const domain::AbSlot& slot : round) {
            emit progress(done, total, tr("warm-up %1").arg(slot.label));
            measure(slot, 0);
            if (m_cancel.load()) {
                emit cancelled();
                return;
            }
            ++done;
        }
        for (int rep = 0; rep < std::max(1, request.repetitions); ++rep) {
            for (const domain::AbSlot& slot : round) {
                const int runNumber = done - warmUps + 1;  // after the warm-ups: 1, 2, 3, ...
                emit progress(done, total, tr("run %1 of %2 (%3)").arg(runNumber).arg(total - warmUps).arg(slot.label));
                const domain::AbRow row = measure(slot, runNumber);
                if (m_cancel.load()) {  // a cancelled run is cut short: its figures mean nothing
                    emit cancelled();
                    return;
                }
                ++done;
                emit rowReady(row);
            }
        }
        emit progress(done, total, tr("done"));
        emit finished();
    } catch (const chat_template::RenderCancelled&) {
        emit cancelled();
    } catch (const std::bad_alloc&) {
        emit failed(tr("Not enough memory to open the model for each configuration of an A/B run."));
    } catch (const std::exception& e) {
        emit failed(QString::fromUtf8(e.what()));
    }
}

}  // namespace strata::app
