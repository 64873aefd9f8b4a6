#include "server/generation_queue.hpp"

#include "server/job_execution.hpp"

#include <pthread.h>

#include <future>

namespace strata::server {

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
        e.channel->push(jobFailure(503, "the server is shutting down"));
    thread_.join();
}

std::shared_ptr<JobChannel> GenerationQueue::submit(GenerationJob job)
{
    auto channel = std::make_shared<JobChannel>();
    {
        std::lock_guard lock(mutex_);
        if (stopping_) {
            channel->push(jobFailure(503, "the server is shutting down"));
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

void GenerationQueue::serve(model::Session& session, Entry& entry)
{
    const JobModel target{model_, template_ ? &*template_ : nullptr, templateError_};
    const std::optional<model::GenerationMetrics> metrics = runJob(target, session, entry.job, *entry.channel);
    if (!metrics)
        return;
    {
        // Under the lock, so the observer's owner can remove it and then go away.
        std::lock_guard lock(mutex_);
        if (observer_)
            observer_(*metrics);
    }
    entry.channel->push(jobFinished(*metrics));
}

}  // namespace strata::server
