// httplib's task queue with every accepted connection handed to a ConnectionWatchdog first: httplib
// calls enqueue() on its accepting thread right after accept(), the one moment at which the new
// connection's socket can be told from the others. The connections then run on `queue`, which
// counts them by the client the watchdog found.
#pragma once

#include "server/connection_limit.hpp"
#include "server/connection_watchdog.hpp"

#include <httplib.h>

#include <functional>
#include <memory>

namespace strata::server {

class WatchedTaskQueue : public httplib::TaskQueue {
public:
    // `watchdog` must outlive this.
    WatchedTaskQueue(std::unique_ptr<ConnectionLimit> queue, ConnectionWatchdog& watchdog);

    EnqueueResult enqueue(std::function<void()> fn) override;
    void shutdown() override;
    void on_idle() override;

private:
    std::unique_ptr<ConnectionLimit> queue_;
    ConnectionWatchdog& watchdog_;
};

}  // namespace strata::server
