#include "server/connection_limit.hpp"

#include <pthread.h>

namespace strata::server {

namespace {
// Which kind of connection this thread serves now; read by the route's pre-routing check.
thread_local bool servingOverLimit = false;
constexpr size_t kRefusalThreads = 2;

// `return true` where enqueue returns bool, nothing where it returns void.
template <class R>
R accepted()
{
    if constexpr (std::is_same_v<R, bool>)
        return true;
}
}  // namespace

ConnectionLimit::ConnectionLimit(size_t maxConnections, std::atomic<size_t>& openGauge)
    : max_(maxConnections), openGauge_(openGauge)
{
    for (size_t i = 0; i < max_ + kRefusalThreads; ++i)
        threads_.emplace_back([this, refusals = i >= max_] { work(refusals); });
}

ConnectionLimit::~ConnectionLimit()
{
    shutdown();
}

bool ConnectionLimit::overLimit()
{
    return servingOverLimit;
}

size_t ConnectionLimit::open() const
{
    std::lock_guard lock(mutex_);
    return open_;
}

EnqueueResult ConnectionLimit::enqueue(std::function<void()> fn)
{
    {
        std::lock_guard lock(mutex_);
        if (open_ < max_) {
            openGauge_.store(++open_);
            admittedJobs_.push_back({std::move(fn), false});
            admitted_.notify_one();
        } else {
            refusedJobs_.push_back({std::move(fn), true});
            refused_.notify_one();
        }
    }
    return accepted<EnqueueResult>();
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
        servingOverLimit = job.overLimit;
        job.fn();
        servingOverLimit = false;
        if (!job.overLimit) {
            std::lock_guard lock(mutex_);
            openGauge_.store(--open_);
        }
    }
}

}  // namespace strata::server
