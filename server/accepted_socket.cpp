#include "server/accepted_socket.hpp"

#include "server/socket_address.hpp"

#include <sys/socket.h>
#include <sys/stat.h>

namespace strata::server {

std::optional<AcceptedSocket> findAcceptedSocket(uint16_t serverPort, const std::function<bool(ino_t)>& known)
{
    std::optional<AcceptedSocket> found;
    int candidates = 0;
    forEachOpenDescriptor([&](int fd) {
        struct stat st {};
        if (fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode) || known(st.st_ino))
            return false;
        sockaddr_storage local{};
        socklen_t localLength = sizeof local;
        if (getsockname(fd, reinterpret_cast<sockaddr*>(&local), &localLength) != 0 || portOf(local) != serverPort)
            return false;
        // The listening socket has the same port but no peer.
        sockaddr_storage peer{};
        socklen_t peerLength = sizeof peer;
        if (getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &peerLength) != 0)
            return false;
        ++candidates;
        found = AcceptedSocket{fd, st.st_ino, clientOf(peer)};
        return false;
    });
    if (candidates != 1)
        return std::nullopt;
    return found;
}

}  // namespace strata::server
