#include "server/watched_task_queue.hpp"

#include <utility>

namespace strata::server {

WatchedTaskQueue::WatchedTaskQueue(std::unique_ptr<ConnectionLimit> queue, ConnectionWatchdog& watchdog)
    : queue_(std::move(queue)), watchdog_(watchdog)
{}

EnqueueResult WatchedTaskQueue::enqueue(std::function<void()> fn)
{
    ConnectionWatchdog::Watched watched = watchdog_.watch(std::move(fn));
    queue_->admit(std::move(watched.job), watched.client);
    return enqueued<EnqueueResult>();
}

void WatchedTaskQueue::shutdown()
{
    queue_->shutdown();
}

void WatchedTaskQueue::on_idle()
{
    queue_->on_idle();
}

}  // namespace strata::server
