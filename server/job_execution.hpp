// One GenerationJob on a loaded model and its session, with its events pushed to the job's
// channel: the code both job runners share (GenerationQueue in strata-server, the app's engine
// thread), so the app serves exactly what the headless server does.
#pragma once

#include "server/generation_job.hpp"
#include "strata/model/model.hpp"
#include "strata/model/session.hpp"

#include <functional>
#include <optional>
#include <string>

namespace strata::server {

struct JobModel {
    model::Model& model;
    const chat_template::ChatTemplate* chatTemplate = nullptr;  // null: templateError says why
    std::string templateError;
};

// Pushes Started and the Text events; returns the metrics of a job that ran, for the caller to
// record and then push as jobFinished(). A job that could not run (or whose client left during the
// template's render) gets its Failed event here and returns nothing. `onDecoded` is called after
// each generated token (the app's live token rate). A failed prefill clears the session.
std::optional<model::GenerationMetrics> runJob(const JobModel& target, model::Session& session,
                                               const GenerationJob& job, JobChannel& channel,
                                               const std::function<void()>& onDecoded = {});

JobEvent jobFailure(int status, const std::string& message, const std::string& code = {});
JobEvent jobFinished(const model::GenerationMetrics& metrics);

}  // namespace strata::server
