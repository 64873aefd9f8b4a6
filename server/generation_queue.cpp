#include "server/generation_queue.hpp"

#include "strata/core/error.hpp"

#include <pthread.h>

#include <future>

namespace strata::server {

void JobChannel::push(JobEvent event)
{
    {
        std::lock_guard lock(mutex_);
        events_.push_back(std::move(event));
    }
    ready_.notify_one();
}

JobEvent JobChannel::next()
{
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !events_.empty(); });
    JobEvent event = std::move(events_.front());
    events_.pop_front();
    return event;
}

namespace {

JobEvent failure(int status, const std::string& message, const std::string& code = {})
{
    JobEvent e;
    e.kind = JobEvent::Kind::Failed;
    e.status = status;
    e.text = message;
    e.code = code;
    return e;
}

}  // namespace

GenerationQueue::GenerationQueue(model::Model& model, model::SessionOptions session) : model_(model)
{
    try {
        template_.emplace(model::chatTemplateOf(model));
    } catch (const chat_template::TemplateError& e) {
        templateError_ = e.what();
    }
    // The session is made on the engine thread; its context length is known once it exists.
    std::promise<uint32_t> made;
    auto context = made.get_future();
    thread_ = std::thread([this, session, &made] {
        pthread_setname_np(pthread_self(), "strata-srv-eng");
        std::optional<model::Session> s;
        try {
            s.emplace(model_, session);
        } catch (...) {
            made.set_exception(std::current_exception());
            return;
        }
        made.set_value(s->contextLength());
        loop(*s);
    });
    try {
        contextLength_ = context.get();
    } catch (...) {
        thread_.join();
        throw;
    }
}

GenerationQueue::~GenerationQueue()
{
    std::deque<Entry> left;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        left.swap(jobs_);
        if (running_)
            running_->cancel();
    }
    wake_.notify_all();
    for (Entry& e : left)
        e.channel->push(failure(503, "the server is shutting down"));
    thread_.join();
}

std::shared_ptr<JobChannel> GenerationQueue::submit(GenerationJob job)
{
    auto channel = std::make_shared<JobChannel>();
    {
        std::lock_guard lock(mutex_);
        if (stopping_) {
            channel->push(failure(503, "the server is shutting down"));
            return channel;
        }
        jobs_.push_back({std::move(job), channel});
    }
    wake_.notify_one();
    return channel;
}

void GenerationQueue::setFinishedObserver(std::function<void(const model::GenerationMetrics&)> observer)
{
    std::lock_guard lock(mutex_);
    observer_ = std::move(observer);
}

size_t GenerationQueue::waiting() const
{
    std::lock_guard lock(mutex_);
    return jobs_.size();
}

void GenerationQueue::loop(model::Session& session)
{
    for (;;) {
        Entry entry;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
            if (stopping_)
                return;
            entry = std::move(jobs_.front());
            jobs_.pop_front();
            running_ = entry.channel;
        }
        serve(session, entry);
        std::lock_guard lock(mutex_);
        running_.reset();
    }
}

std::vector<int32_t> GenerationQueue::promptOf(const GenerationJob& job, const JobChannel& channel) const
{
    if (job.tokens)
        return *job.tokens;
    const tokenizer::Tokenizer& tok = model_.requireTokenizer();
    if (job.text)
        return tok.encode(*job.text, {.add_special = true, .parse_special = false});  // as strata-cli -p
    if (!template_)
        throw ApiError(500, "the model's chat template does not compile: " + templateError_);
    chat_template::ChatOptions options;
    if (job.tools.isList()) {
        // chatContext sets extraVariables last, so this is the template's `tools`.
        options.extraVariables.dictRef().set("tools", job.tools);
    }
    return model::chatPromptTokens(model_, *template_, job.messages, options, {.cancel = &channel.cancelFlag()});
}

void GenerationQueue::serve(model::Session& session, Entry& entry)
{
    JobChannel& channel = *entry.channel;
    try {
        const std::vector<int32_t> prompt = promptOf(entry.job, channel);
        if (prompt.empty())
            throw ApiError(400, "the prompt is empty", "prompt");
        const int32_t vocab = int32_t(model_.hparams().vocabSize);
        for (int32_t id : prompt)
            if (id < 0 || id >= vocab)
                throw ApiError(400,
                               "token id " + std::to_string(id) + " is outside the vocabulary (0.."
                                   + std::to_string(vocab - 1) + ")",
                               "prompt");
        // At least one token must fit after the prompt.
        if (prompt.size() >= session.contextLength())
            throw ApiError(400,
                           "This model's maximum context length is " + std::to_string(session.contextLength())
                               + " tokens. However, your prompt is " + std::to_string(prompt.size()) + " tokens.",
                           "messages", "context_length_exceeded");
        JobEvent started;
        started.kind = JobEvent::Kind::Started;
        started.promptTokens = uint32_t(prompt.size());
        channel.push(std::move(started));
        // Tokens come before their text (the detokenizer may hold a piece back): their logprobs
        // wait here and go out with the next piece.
        std::vector<TokenLogprob> pending;
        auto pushText = [&](std::string_view piece) {
            JobEvent e;
            e.kind = JobEvent::Kind::Text;
            e.text = std::string(piece);
            e.logprobs = std::move(pending);
            pending.clear();
            channel.push(std::move(e));
        };
        model::GenerationCallbacks callbacks{.onText = pushText, .cancel = &channel.cancelFlag()};
        if (const std::optional<int> top = entry.job.topLogprobs)
            callbacks.onToken = [&, top](int32_t token, std::span<const float> logits) {
                pending.push_back(tokenLogprob(model_.requireTokenizer(), token, logits, *top));
            };
        JobEvent done;
        done.kind = JobEvent::Kind::Finished;
        done.metrics = model::generate(model_, session, prompt, entry.job.request, callbacks);
        if (!pending.empty())
            pushText({});
        {
            // Under the lock, so the observer's owner can remove it and then go away.
            std::lock_guard lock(mutex_);
            if (observer_)
                observer_(done.metrics);
        }
        channel.push(std::move(done));
    } catch (const ApiError& e) {
        channel.push(failure(e.status(), e.what(), e.code()));
    } catch (const chat_template::RenderCancelled&) {
        channel.push(failure(499, "the client went away"));
    } catch (const chat_template::TemplateError& e) {
        channel.push(failure(400, std::string("the chat template failed on these messages: ") + e.what()));
    } catch (const std::exception& e) {
        // A failed prefill leaves the session's cache unknown: start the next request afresh.
        session.clear();
        channel.push(failure(500, e.what()));
    }
}

}  // namespace strata::server
