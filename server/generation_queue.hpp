// The server's one engine session and the queue in front of it. A thread of its own
// ("strata-server-engine") owns the session and runs one job at a time, in arrival order; the
// HTTP threads submit jobs and read each job's events from its JobChannel. One session across
// requests means a conversation's next turn prefills only what is new (Session::setPrompt keeps
// the common prefix).
#pragma once

#include "server/api_error.hpp"
#include "server/token_logprobs.hpp"
#include "strata/chat_template/chat_template.hpp"
#include "strata/model/generation.hpp"
#include "strata/model/model.hpp"
#include "strata/model/session.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace strata::server {

struct GenerationJob {
    // A chat (rendered with the model's template) unless `text` or `tokens` is set.
    std::vector<chat_template::ChatMessage> messages;
    chat_template::Value tools;                  // a list of tool schemas, or undefined
    std::optional<std::string> text;             // a raw completion prompt (BOS added as strata-cli -p does)
    std::optional<std::vector<int32_t>> tokens;  // a raw prompt given as token ids
    model::GenerationRequest request;
    std::optional<int> topLogprobs;  // set: report each token's logprob and this many alternatives
};

struct JobEvent {
    enum class Kind {
        Started,   // the prompt fits and prefill begins: promptTokens is set
        Text,      // text: the next piece of the reply (valid UTF-8)
        Finished,  // metrics: the last event of a job that ran
        Failed,    // status, message, code: the last event of a job that could not run
    };
    Kind kind = Kind::Text;
    std::string text;
    std::vector<TokenLogprob> logprobs;  // Text: the tokens since the previous piece (when asked for)
    uint32_t promptTokens = 0;
    model::GenerationMetrics metrics;
    int status = 0;
    std::string code;
};

// One job's events, from the engine thread to the HTTP thread that serves the request.
class JobChannel {
public:
    void push(JobEvent event);
    JobEvent next();  // blocks until an event comes
    // Set by the HTTP side when its client is gone: the engine stops within one token.
    void cancel() { cancel_.store(true); }
    const std::atomic<bool>& cancelFlag() const { return cancel_; }

private:
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<JobEvent> events_;
    std::atomic<bool> cancel_{false};
};

class GenerationQueue {
public:
    // `model` must outlive the queue. Compiles the model's chat template once (a template that does
    // not compile fails chat requests with its error; raw completions still run).
    GenerationQueue(model::Model& model, model::SessionOptions session);
    ~GenerationQueue();  // finishes the running job's token, fails the waiting ones, joins the thread
    GenerationQueue(const GenerationQueue&) = delete;
    GenerationQueue& operator=(const GenerationQueue&) = delete;

    std::shared_ptr<JobChannel> submit(GenerationJob job);
    // Called on the engine thread after each job that ran; replaces the previous one, {} removes it.
    void setFinishedObserver(std::function<void(const model::GenerationMetrics&)> observer);
    size_t waiting() const;  // jobs queued behind the running one
    uint32_t contextLength() const { return contextLength_; }
    const model::Model& model() const { return model_; }

private:
    struct Entry {
        GenerationJob job;
        std::shared_ptr<JobChannel> channel;
    };
    void loop(model::Session& session);
    void serve(model::Session& session, Entry& entry);
    std::vector<int32_t> promptOf(const GenerationJob& job, const JobChannel& channel) const;

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
