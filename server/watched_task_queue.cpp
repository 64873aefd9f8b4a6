#include "server/watched_task_queue.hpp"

#include <utility>

namespace strata::server {

WatchedTaskQueue::WatchedTaskQueue(std::unique_ptr<httplib::TaskQueue> queue, ConnectionWatchdog& watchdog)
    : queue_(std::move(queue)), watchdog_(watchdog)
{}

EnqueueResult WatchedTaskQueue::enqueue(std::function<void()> fn)
{
    return queue_->enqueue(watchdog_.watch(std::move(fn)));
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
