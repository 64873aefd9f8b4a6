// cpp-httplib's task queue with a bound on open connections. httplib hands each accepted
// connection to the queue as an opaque job, so a connection past the bound cannot be refused here;
// it is run on a thread of its own with `overLimit()` true, and the server answers its request
// with 503 and closes it. Threads: `maxConnections` for the admitted, 2 more for the refusals
// (each a few milliseconds, or the read timeout for a client that sends nothing).
#pragma once

#include <httplib.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace strata::server {

// httplib 0.11 (Debian 12) declares `void enqueue(fn)`, later versions `bool enqueue(fn)`.
using EnqueueResult = decltype(std::declval<httplib::TaskQueue&>().enqueue(std::function<void()>()));

class ConnectionLimit : public httplib::TaskQueue {
public:
    // `openGauge`: kept equal to the admitted connections open (for /metrics); must outlive this.
    ConnectionLimit(size_t maxConnections, std::atomic<size_t>& openGauge);
    ~ConnectionLimit() override;

    EnqueueResult enqueue(std::function<void()> fn) override;
    void shutdown() override;

    // True on the thread that serves a connection past the bound, while it serves it.
    static bool overLimit();
    size_t open() const;

private:
    struct Job {
        std::function<void()> fn;
        bool overLimit;
    };
    void work(bool refusals);

    const size_t max_;
    std::atomic<size_t>& openGauge_;
    mutable std::mutex mutex_;
    std::condition_variable admitted_;
    std::condition_variable refused_;
    std::deque<Job> admittedJobs_;
    std::deque<Job> refusedJobs_;
    size_t open_ = 0;  // admitted connections queued or being served
    bool shutdown_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace strata::server
