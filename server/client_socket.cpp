#include "server/client_socket.hpp"

#include "server/socket_address.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <cerrno>
#include <charconv>
#include <filesystem>
#include <string>

namespace strata::server {

namespace {

// The address and port as httplib writes them (getnameinfo, numeric).
bool sameEndpoint(const sockaddr_storage& address, socklen_t length, const std::string& host, int port)
{
    char name[NI_MAXHOST];
    char service[NI_MAXSERV];
    if (getnameinfo(reinterpret_cast<const sockaddr*>(&address), length, name, sizeof name, service, sizeof service,
                    NI_NUMERICHOST | NI_NUMERICSERV)
        != 0)
        return false;
    return host == name && std::to_string(port) == service;
}

bool isConnectionOf(int fd, const httplib::Request& request, uint16_t serverPort)
{
    sockaddr_storage local{};
    socklen_t localLength = sizeof local;
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&local), &localLength) != 0)
        return false;  // not a socket
    if (portOf(local) != serverPort)
        return false;
    sockaddr_storage peer{};
    socklen_t peerLength = sizeof peer;
    return getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &peerLength) == 0
           && sameEndpoint(peer, peerLength, request.remote_addr, request.remote_port);
}

}  // namespace

ClientSocket::ClientSocket(const httplib::Request& request, uint16_t serverPort)
{
    if (request.remote_port <= 0 || serverPort == 0)
        return;
    forEachOpenDescriptor([&](int fd) {
        if (!isConnectionOf(fd, request, serverPort))
            return false;
        fd_ = fd;
        return true;
    });
}

void ClientSocket::shutdown() const
{
    if (fd_ >= 0)
        ::shutdown(fd_, SHUT_RDWR);
}

bool ClientSocket::closed() const
{
    if (fd_ < 0)
        return false;
    pollfd p{fd_, POLLIN | POLLRDHUP, 0};
    if (poll(&p, 1, 0) <= 0)
        return false;
    if (p.revents & (POLLERR | POLLHUP | POLLRDHUP))
        return true;
    // Readable: either the client's next request (pipelined) or its end of stream.
    char byte = 0;
    const ssize_t n = recv(fd_, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

}  // namespace strata::server
