#include "server/connection_watchdog.hpp"

#include "server/accepted_socket.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <utility>

namespace strata::server {

struct WatchedConnection {
    const ConnectionWatchdog* owner = nullptr;
    ino_t inode = 0;
    int fd = -1;  // the watchdog's own duplicate of httplib's descriptor; -1 when none could be made
    bool inRequest = false;
    std::chrono::steady_clock::time_point headerDeadline;
    bool ended = false;  // shut down by the watchdog
};

namespace {
// The connection the calling thread serves now (set by the job that watch() wrapped).
thread_local WatchedConnection* t_connection = nullptr;
}  // namespace

ConnectionWatchdog::ConnectionWatchdog(std::chrono::milliseconds headerTimeout,
                                       std::chrono::milliseconds keepAliveTimeout)
    : headerTimeout_(headerTimeout), keepAliveTimeout_(keepAliveTimeout), thread_([this] { patrol(); })
{}

ConnectionWatchdog::~ConnectionWatchdog()
{
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    thread_.join();
    for (const auto& c : connections_)  // jobs never run (none with httplib, which runs every job it queued)
        if (c->fd >= 0)
            ::close(c->fd);
}

void ConnectionWatchdog::setServerPort(uint16_t port)
{
    std::lock_guard lock(mutex_);
    serverPort_ = port;
}

ConnectionWatchdog::Watched ConnectionWatchdog::watch(std::function<void()> job)
{
    std::shared_ptr<WatchedConnection> connection;
    std::string client;
    {
        // Held while looking, so that a connection that is being forgotten is either still known
        // or already has no descriptor left: only the new socket can be unknown.
        std::lock_guard lock(mutex_);
        if (serverPort_ == 0)
            return {std::move(job), {}};
        const std::optional<AcceptedSocket> socket =
            findAcceptedSocket(serverPort_, [this](ino_t inode) { return known(inode); });
        if (!socket)
            return {std::move(job), {}};
        client = socket->client;
        connection = std::make_shared<WatchedConnection>();
        connection->owner = this;
        connection->inode = socket->inode;
        connection->fd = fcntl(socket->fd, F_DUPFD_CLOEXEC, 0);
        struct stat st {};
        if (connection->fd >= 0 && (fstat(connection->fd, &st) != 0 || st.st_ino != socket->inode)) {
            ::close(connection->fd);
            connection->fd = -1;
        }
        // Registered even without a duplicate, so that its inode stays known and the next accept
        // is not taken for ambiguous.
        connection->headerDeadline = Clock::now() + headerTimeout_;
        connections_.push_back(connection);
        if (endIdle_)
            cut(*connection);
    }
    wake_.notify_all();
    auto watched = [this, connection, job = std::move(job)] {
        struct Serving {
            ConnectionWatchdog& watchdog;
            WatchedConnection& connection;
            ~Serving()
            {
                t_connection = nullptr;
                watchdog.forget(connection);
            }
        } serving{*this, *connection};
        t_connection = connection.get();
        job();
    };
    return {std::move(watched), std::move(client)};
}

void ConnectionWatchdog::requestStarted()
{
    if (!t_connection || t_connection->owner != this)
        return;
    std::lock_guard lock(mutex_);
    t_connection->inRequest = true;
}

void ConnectionWatchdog::replyFinished()
{
    if (!t_connection || t_connection->owner != this)
        return;
    std::lock_guard lock(mutex_);
    t_connection->inRequest = false;
    // httplib waits up to the keep-alive timeout for the next request's first byte, then reads it.
    t_connection->headerDeadline = Clock::now() + keepAliveTimeout_ + headerTimeout_;
    if (endIdle_)
        cut(*t_connection);
}

void ConnectionWatchdog::endIdleConnections()
{
    std::lock_guard lock(mutex_);
    endIdle_ = true;
    for (const auto& c : connections_)
        if (!c->inRequest)
            cut(*c);
}

size_t ConnectionWatchdog::lateHeadersCut() const
{
    std::lock_guard lock(mutex_);
    return lateHeadersCut_;
}

void ConnectionWatchdog::patrol()
{
    pthread_setname_np(pthread_self(), "strata-srv-dog");
    std::unique_lock lock(mutex_);
    while (!quit_) {
        // Asleep while there is nothing to watch; otherwise a look every kPatrolInterval.
        if (connections_.empty())
            wake_.wait(lock, [this] { return quit_ || !connections_.empty(); });
        else
            wake_.wait_for(lock, kPatrolInterval, [this] { return quit_; });
        const auto now = Clock::now();
        for (const auto& c : connections_)
            if (!c->inRequest && now >= c->headerDeadline && cut(*c))
                ++lateHeadersCut_;
    }
}

void ConnectionWatchdog::forget(WatchedConnection& connection)
{
    std::lock_guard lock(mutex_);
    // httplib has closed its descriptor by now; the duplicate is the socket's last.
    if (connection.fd >= 0)
        ::close(connection.fd);
    connection.fd = -1;
    std::erase_if(connections_, [&](const auto& c) { return c.get() == &connection; });
}

bool ConnectionWatchdog::known(ino_t inode) const
{
    return std::any_of(connections_.begin(), connections_.end(), [&](const auto& c) { return c->inode == inode; });
}

bool ConnectionWatchdog::cut(WatchedConnection& connection)
{
    if (connection.ended || connection.fd < 0)
        return false;
    // Shuts the socket itself down (every descriptor of it): httplib's pending read returns at once.
    ::shutdown(connection.fd, SHUT_RDWR);
    connection.ended = true;
    return true;
}

}  // namespace strata::server
