// Ends connections whose request line and headers are late, and idle connections when the server
// stops. httplib 0.11 bounds a header only per read (the read timeout) and by its 8 KiB size, so a
// client that sends a byte every few seconds would hold a connection thread for hours (slowloris);
// and it has no hook before the header is parsed and gives neither its task queue nor a handler
// the socket. So each accepted connection's socket is found when its job is queued
// (accepted_socket.hpp), the job is wrapped so that its thread is known as the connection's, the
// pre-routing handler and the logger (which run on that thread) say when a request begins and when
// its reply has ended, and a thread of its own shuts down a socket whose header is overdue.
// Linux only (/proc/self/fd), like the rest of the server.
//
// A header must arrive whole within `headerTimeout` of the connection's accept; on a kept-alive
// connection, the next one within the keep-alive idle time plus `headerTimeout` of the previous
// reply's end. The watchdog shuts a socket down (both ways, so httplib's read fails at once) but
// never closes httplib's descriptor: it keeps a duplicate of its own, so a descriptor number that
// httplib closed and the next accept reused can never be shut down in its place.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace strata::server {

struct WatchedConnection;

class ConnectionWatchdog {
public:
    ConnectionWatchdog(std::chrono::milliseconds headerTimeout, std::chrono::milliseconds keepAliveTimeout);
    ~ConnectionWatchdog();
    ConnectionWatchdog(const ConnectionWatchdog&) = delete;
    ConnectionWatchdog& operator=(const ConnectionWatchdog&) = delete;

    // The port the server listens on, once bound; connections are looked for on it.
    void setServerPort(uint16_t port);
    // A connection's job, wrapped, and the client it came from.
    struct Watched {
        std::function<void()> job;
        std::string client;  // clientOf() its peer address; empty when its socket could not be told
    };
    // On the accepting thread, right after httplib accepted a connection and before its job is
    // queued: finds the connection's socket, starts its header clock and returns the job wrapped so
    // that the thread that runs it is known as the connection's. A connection whose socket cannot be
    // told is not watched (the read timeout still bounds it).
    Watched watch(std::function<void()> job);
    // On a connection's thread: its request's header has been read (httplib's pre-routing handler).
    void requestStarted();
    // On a connection's thread: the reply has been written (httplib's logger); the next request's
    // header clock starts.
    void replyFinished();
    // Any thread: ends every connection that is not inside a request, now and whenever a reply ends
    // from now on, so a stopping server does not wait out the keep-alive idle time.
    void endIdleConnections();
    // Connections ended because their header was late.
    size_t lateHeadersCut() const;

    // How often overdue headers are looked for; a late connection is ended within this of its deadline.
    static constexpr std::chrono::milliseconds kPatrolInterval{250};

private:
    using Clock = std::chrono::steady_clock;

    void patrol();
    void forget(WatchedConnection& connection);
    // Both under mutex_. cut: false when the connection was already ended or has no socket to end.
    bool known(ino_t inode) const;
    bool cut(WatchedConnection& connection);

    const std::chrono::milliseconds headerTimeout_;
    const std::chrono::milliseconds keepAliveTimeout_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    uint16_t serverPort_ = 0;
    std::vector<std::shared_ptr<WatchedConnection>> connections_;
    bool endIdle_ = false;
    bool quit_ = false;
    size_t lateHeadersCut_ = 0;
    std::thread thread_;  // last: started when everything else is ready
};

}  // namespace strata::server
