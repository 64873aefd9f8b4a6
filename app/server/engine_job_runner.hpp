// The app's API server runs its jobs on the chat's engine thread ("strata-engine"), on the model
// the user loaded and its one session: each job is queued to EngineController like a chat request,
// so a chat reply and a server request run one after the other, never at once on one model and
// worker pool (docs/architecture/server.md says why this and not a second session under a lock).
//
// Threads: submit(), waiting(), servedModel() and cancelAll() are called from the HTTP threads and
// the GUI thread; the jobs run on the engine thread; the state they share lives in one
// mutex-guarded block that the queued jobs keep alive, so the runner may go first.
#pragma once

#include "server/job_runner.hpp"

#include <functional>
#include <memory>

namespace strata::app {

class EngineController;

class EngineJobRunner : public server::JobRunner {
public:
    // `engine` must outlive the jobs' queued calls (the engine thread drops them as it stops).
    explicit EngineJobRunner(EngineController* engine);
    ~EngineJobRunner() override;  // cancelAll()
    EngineJobRunner(const EngineJobRunner&) = delete;
    EngineJobRunner& operator=(const EngineJobRunner&) = delete;

    std::shared_ptr<server::JobChannel> submit(server::GenerationJob job) override;
    void setFinishedObserver(std::function<void(const model::GenerationMetrics&)> observer) override;
    size_t waiting() const override;
    std::optional<server::ServedModel> servedModel() const override;

    // The decode rate while a job generates (every 250 ms at most) and each job's rate at its end;
    // called on the engine thread. Set before the first submit().
    void setRateObserver(std::function<void(double tokensPerSecond)> observer);
    // Ends every job: one running stops within a token, the queued ones fail at once with a 503, so
    // the HTTP threads waiting on them return (the server is stopping).
    void cancelAll();

private:
    struct Shared;
    EngineController* m_engine;
    std::shared_ptr<Shared> m_shared;
};

}  // namespace strata::app
