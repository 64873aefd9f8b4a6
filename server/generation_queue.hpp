// The server's one engine session and the queue in front of it. A thread of its own
// ("strata-server-engine") owns the session and runs one job at a time, in arrival order; the
// HTTP threads submit jobs and read each job's events from its JobChannel. One session across
// requests means a conversation's next turn prefills only what is new (Session::setPrompt keeps
// the common prefix).
#pragma once

#include "server/job_runner.hpp"
#include "strata/model/model.hpp"
#include "strata/model/session.hpp"

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace strata::server {

class GenerationQueue : public JobRunner {
public:
    // `model` must outlive the queue. Compiles the model's chat template once (a template that does
    // not compile fails chat requests with its error; raw completions still run).
    GenerationQueue(model::Model& model, model::SessionOptions session);
    ~GenerationQueue();  // finishes the running job's token, fails the waiting ones, joins the thread
    GenerationQueue(const GenerationQueue&) = delete;
    GenerationQueue& operator=(const GenerationQueue&) = delete;

    std::shared_ptr<JobChannel> submit(GenerationJob job) override;
    // Called on the engine thread after each job that ran; replaces the previous one, {} removes it.
    void setFinishedObserver(std::function<void(const model::GenerationMetrics&)> observer) override;
    size_t waiting() const override;  // jobs queued behind the running one
    // Always the one model, under the server's configured id.
    std::optional<ServedModel> servedModel() const override { return ServedModel{{}, contextLength_}; }
    uint32_t contextLength() const { return contextLength_; }
    const model::Model& model() const { return model_; }

private:
    struct Entry {
        GenerationJob job;
        std::shared_ptr<JobChannel> channel;
    };
    void loop(model::Session& session);
    void serve(model::Session& session, Entry& entry);

    model::Model& model_;
    std::optional<chat_template::ChatTemplate> template_;
    std::string templateError_;
    uint32_t contextLength_ = 0;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Entry> jobs_;
    std::shared_ptr<JobChannel> running_;
    std::function<void(const model::GenerationMetrics&)> observer_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace strata::server
