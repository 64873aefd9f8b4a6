#include "server/generation_job.hpp"

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

std::optional<JobEvent> JobChannel::nextWithin(std::chrono::milliseconds limit)
{
    std::unique_lock lock(mutex_);
    if (!ready_.wait_for(lock, limit, [&] { return !events_.empty(); }))
        return std::nullopt;
    JobEvent event = std::move(events_.front());
    events_.pop_front();
    return event;
}

}  // namespace strata::server
