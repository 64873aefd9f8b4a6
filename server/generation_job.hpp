// A generation job as the HTTP side hands it over, its events, and the channel that carries them
// from the thread that runs it to the HTTP thread serving the request.
#pragma once

#include "server/token_logprobs.hpp"
#include "strata/chat_template/chat_template.hpp"
#include "strata/model/generation.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
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
    JobEvent next();                                                      // blocks until an event comes
    std::optional<JobEvent> nextWithin(std::chrono::milliseconds limit);  // nothing when none came in time
    // Set by the HTTP side when its client is gone: the engine stops within one token.
    void cancel() { cancel_.store(true); }
    const std::atomic<bool>& cancelFlag() const { return cancel_; }

private:
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<JobEvent> events_;
    std::atomic<bool> cancel_{false};
};

}  // namespace strata::server
