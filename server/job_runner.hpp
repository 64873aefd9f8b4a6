// What ApiServer needs from whoever runs its generation jobs: strata-server's GenerationQueue (a
// session and thread of its own) or the app's engine thread, which runs them in turn with the chat
// (app/server/engine_job_runner.hpp). Every member is called from HTTP threads.
#pragma once

#include "server/generation_job.hpp"
#include "strata/model/generation.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace strata::server {

// The model jobs run on now.
struct ServedModel {
    std::string id;  // empty: the server's configured id (strata-server's file name or --alias)
    uint32_t contextLength = 0;
};

class JobRunner {
public:
    virtual ~JobRunner() = default;

    // The job's events come through the returned channel; the last one is Finished or Failed.
    virtual std::shared_ptr<JobChannel> submit(GenerationJob job) = 0;
    // Called on the thread that runs jobs, after each job that ran; {} removes it.
    virtual void setFinishedObserver(std::function<void(const model::GenerationMetrics&)> observer) = 0;
    virtual size_t waiting() const = 0;  // jobs queued behind the running one
    // Nothing while no model is loaded (the app before a load): requests then get a 503 that says so.
    virtual std::optional<ServedModel> servedModel() const = 0;
};

}  // namespace strata::server
