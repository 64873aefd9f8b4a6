#include "app/server/engine_job_runner.hpp"

#include "app/engine/engine_controller.hpp"
#include "app/engine/engine_telemetry_link.hpp"
#include "server/job_execution.hpp"

#include <QMetaObject>
#include <chrono>
#include <map>
#include <mutex>

namespace strata::app {

struct EngineJobRunner::Shared {
    std::mutex mutex;
    // Jobs submitted and not yet started: cancelAll() fails them at once and the engine skips them.
    std::map<const server::JobChannel*, std::shared_ptr<server::JobChannel>> queued;
    std::shared_ptr<server::JobChannel> running;
    std::function<void(const model::GenerationMetrics&)> finishedObserver;
    std::function<void(double)> rateObserver;
};

EngineJobRunner::EngineJobRunner(EngineController* engine) : m_engine(engine), m_shared(std::make_shared<Shared>()) {}

EngineJobRunner::~EngineJobRunner()
{
    cancelAll();
}

void EngineJobRunner::setFinishedObserver(std::function<void(const model::GenerationMetrics&)> observer)
{
    std::lock_guard lock(m_shared->mutex);
    m_shared->finishedObserver = std::move(observer);
}

void EngineJobRunner::setRateObserver(std::function<void(double)> observer)
{
    std::lock_guard lock(m_shared->mutex);
    m_shared->rateObserver = std::move(observer);
}

size_t EngineJobRunner::waiting() const
{
    std::lock_guard lock(m_shared->mutex);
    return m_shared->queued.size();
}

std::optional<server::ServedModel> EngineJobRunner::servedModel() const
{
    const std::optional<LoadedModelFacts> loaded = m_engine->loadedModel();
    if (!loaded)
        return std::nullopt;
    return server::ServedModel{loaded->name, loaded->contextLength};
}

void EngineJobRunner::cancelAll()
{
    std::map<const server::JobChannel*, std::shared_ptr<server::JobChannel>> queued;
    {
        std::lock_guard lock(m_shared->mutex);
        queued.swap(m_shared->queued);
        if (m_shared->running)
            m_shared->running->cancel();
    }
    for (auto& [key, channel] : queued) {
        channel->cancel();
        channel->push(server::jobFailure(503, "the server is stopping"));
    }
}

namespace {

// Reports the decode rate at most every 250 ms while tokens come (engine thread).
class RateMeter {
public:
    explicit RateMeter(std::function<void(double)> report) : m_report(std::move(report)) {}
    void report(double tokensPerSecond) const { m_report(tokensPerSecond); }
    void tokenDecoded()
    {
        ++m_tokens;
        const auto now = std::chrono::steady_clock::now();
        const std::chrono::duration<double> elapsed = now - m_since;
        if (elapsed.count() < 0.25)
            return;
        m_report(m_tokens / elapsed.count());
        m_tokens = 0;
        m_since = now;
    }

private:
    std::function<void(double)> m_report;
    std::chrono::steady_clock::time_point m_since = std::chrono::steady_clock::now();
    unsigned m_tokens = 0;
};

}  // namespace

std::shared_ptr<server::JobChannel> EngineJobRunner::submit(server::GenerationJob job)
{
    auto channel = std::make_shared<server::JobChannel>();
    {
        std::lock_guard lock(m_shared->mutex);
        m_shared->queued.emplace(channel.get(), channel);
    }
    // The job runs on the engine thread when its turn comes, after the chat requests sent before it.
    auto task = [shared = m_shared, channel, job = std::make_shared<const server::GenerationJob>(std::move(job)),
                 engine = m_engine] {
        {
            std::lock_guard lock(shared->mutex);
            if (shared->queued.erase(channel.get()) == 0)
                return;  // cancelled while it waited: its client already has the 503
            shared->running = channel;
        }
        // Under the lock, so the observer's owner can remove it and then go away.
        const auto rate = [&shared](double tokensPerSecond) {
            std::lock_guard lock(shared->mutex);
            if (shared->rateObserver)
                shared->rateObserver(tokensPerSecond);
        };
        const std::shared_ptr<EngineTelemetryLink> link = engine->telemetryLink();
        engine->runOnModel([&](const LoadedModelAccess& loaded) {
            if (!loaded.model) {
                channel->push(
                    server::jobFailure(503, "no model is loaded: load one in Strata, then retry", "model_not_loaded"));
                return;
            }
            RateMeter meter(rate);
            const server::JobModel target{*loaded.model, loaded.chatTemplate, loaded.templateError};
            const auto metrics = server::runJob(target, *loaded.session, *job, *channel, [&] {
                link->addDecoded(1);  // the app's token-rate panel counts the server's tokens too
                meter.tokenDecoded();
            });
            if (!metrics)
                return;
            link->addPrefilled(metrics->prefilledTokens);
            {
                std::lock_guard lock(shared->mutex);
                if (shared->finishedObserver)
                    shared->finishedObserver(*metrics);
            }
            meter.report(metrics->decodeTokensPerSecond);
            channel->push(server::jobFinished(*metrics));
        });
        std::lock_guard lock(shared->mutex);
        shared->running.reset();
    };
    if (!QMetaObject::invokeMethod(m_engine, std::move(task), Qt::QueuedConnection)) {
        std::lock_guard lock(m_shared->mutex);
        m_shared->queued.erase(channel.get());
        channel->push(server::jobFailure(503, "the engine is not running"));
    }
    return channel;
}

}  // namespace strata::app
