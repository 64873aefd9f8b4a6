// cpp-httplib's task queue with a bound on open connections, in all and per client address (so
// one client's slow connections cannot take every thread: 32 silent ones from one address leave
// the other half of the bound to everyone else). httplib hands each accepted connection to the
// queue as an opaque job, so a connection past a bound cannot be refused here; it is run on a
// thread of its own with `overLimit()` saying which bound, and the server answers its request with
// 503 and closes it. Threads: `maxConnections` for the admitted, 2 more for the refusals (each a
// few milliseconds, or the header deadline for a client that sends nothing).
#pragma once

#include <httplib.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace strata::server {

// httplib 0.11 (Debian 12) declares `void enqueue(fn)`, later versions `bool enqueue(fn)`.
using EnqueueResult = decltype(std::declval<httplib::TaskQueue&>().enqueue(std::function<void()>()));
// What enqueue returns for a job it took: `true` where it returns bool, nothing where void.
template <class R>
R enqueued()
{
    if constexpr (std::is_same_v<R, bool>)
        return true;
}

class ConnectionLimit : public httplib::TaskQueue {
public:
    enum class Refusal { None, TooManyInAll, TooManyFromClient };

    // `maxPerClient`: connections of one client (clientOf(), socket_address.hpp) at once; 0: no
    // bound but `maxConnections`. `openGauge`: kept equal to the admitted connections open (for
    // /metrics); must outlive this.
    ConnectionLimit(size_t maxConnections, size_t maxPerClient, std::atomic<size_t>& openGauge);
    ~ConnectionLimit() override;

    // A connection of `client` (empty: not known, counted in all only).
    void admit(std::function<void()> fn, const std::string& client);
    EnqueueResult enqueue(std::function<void()> fn) override;
    void shutdown() override;

    // On the thread that serves a connection past a bound, while it serves it: which bound.
    static Refusal overLimit();
    size_t open() const;

private:
    struct Job {
        std::function<void()> fn;
        Refusal refusal = Refusal::None;
        std::string client;
    };
    void work(bool refusals);

    const size_t max_;
    const size_t maxPerClient_;
    std::atomic<size_t>& openGauge_;
    mutable std::mutex mutex_;
    std::condition_variable admitted_;
    std::condition_variable refused_;
    std::deque<Job> admittedJobs_;
    std::deque<Job> refusedJobs_;
    size_t open_ = 0;                          // admitted connections queued or being served
    std::map<std::string, size_t> perClient_;  // the same by client, for those with a known one
    bool shutdown_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace strata::server
