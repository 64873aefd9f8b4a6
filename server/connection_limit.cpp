#include "server/connection_limit.hpp"

#include <pthread.h>

namespace strata::server {

namespace {
// Which kind of connection this thread serves now; read by the route's pre-routing check.
thread_local ConnectionLimit::Refusal servingOverLimit = ConnectionLimit::Refusal::None;
constexpr size_t kRefusalThreads = 2;

}  // namespace

ConnectionLimit::ConnectionLimit(size_t maxConnections, size_t maxPerClient, std::atomic<size_t>& openGauge)
    : max_(maxConnections), maxPerClient_(maxPerClient), openGauge_(openGauge)
{
    for (size_t i = 0; i < max_ + kRefusalThreads; ++i)
        threads_.emplace_back([this, refusals = i >= max_] { work(refusals); });
}

ConnectionLimit::~ConnectionLimit()
{
    shutdown();
}

ConnectionLimit::Refusal ConnectionLimit::overLimit()
{
    return servingOverLimit;
}

size_t ConnectionLimit::open() const
{
    std::lock_guard lock(mutex_);
    return open_;
}

void ConnectionLimit::admit(std::function<void()> fn, const std::string& client)
{
    std::lock_guard lock(mutex_);
    Refusal refusal = Refusal::None;
    if (open_ >= max_)
        refusal = Refusal::TooManyInAll;
    else if (maxPerClient_ > 0 && !client.empty()) {
        const auto it = perClient_.find(client);
        if (it != perClient_.end() && it->second >= maxPerClient_)
            refusal = Refusal::TooManyFromClient;
    }
    if (refusal != Refusal::None) {
        refusedJobs_.push_back({std::move(fn), refusal, {}});
        refused_.notify_one();
        return;
    }
    openGauge_.store(++open_);
    if (!client.empty())
        ++perClient_[client];
    admittedJobs_.push_back({std::move(fn), Refusal::None, client});
    admitted_.notify_one();
}

EnqueueResult ConnectionLimit::enqueue(std::function<void()> fn)
{
    admit(std::move(fn), {});
    return enqueued<EnqueueResult>();
}

void ConnectionLimit::shutdown()
{
    {
        std::lock_guard lock(mutex_);
        if (shutdown_)
            return;
        shutdown_ = true;
    }
    admitted_.notify_all();
    refused_.notify_all();
    for (std::thread& t : threads_)
        t.join();
}

void ConnectionLimit::work(bool refusals)
{
    pthread_setname_np(pthread_self(), refusals ? "strata-srv-503" : "strata-srv-http");
    std::condition_variable& wake = refusals ? refused_ : admitted_;
    std::deque<Job>& jobs = refusals ? refusedJobs_ : admittedJobs_;
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            // Queued connections are still served at shutdown: the job closes its socket.
            wake.wait(lock, [&] { return shutdown_ || !jobs.empty(); });
            if (jobs.empty())
                return;
            job = std::move(jobs.front());
            jobs.pop_front();
        }
        servingOverLimit = job.refusal;
        job.fn();
        servingOverLimit = Refusal::None;
        if (job.refusal == Refusal::None) {
            std::lock_guard lock(mutex_);
            openGauge_.store(--open_);
            if (const auto it = perClient_.find(job.client); it != perClient_.end() && --it->second == 0)
                perClient_.erase(it);
        }
    }
}

}  // namespace strata::server
