#include "server/accepted_socket.hpp"

#include "server/socket_address.hpp"

#include <sys/socket.h>
#include <sys/stat.h>

#include <charconv>
#include <filesystem>
#include <string>

namespace strata::server {

std::optional<AcceptedSocket> findAcceptedSocket(uint16_t serverPort, const std::function<bool(ino_t)>& known)
{
    std::optional<AcceptedSocket> found;
    int candidates = 0;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd", error)) {
        const std::string name = entry.path().filename().string();
        int fd = -1;
        if (std::from_chars(name.data(), name.data() + name.size(), fd).ec != std::errc() || fd < 0)
            continue;
        struct stat st {};
        if (fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode) || known(st.st_ino))
            continue;
        sockaddr_storage local{};
        socklen_t localLength = sizeof local;
        if (getsockname(fd, reinterpret_cast<sockaddr*>(&local), &localLength) != 0 || portOf(local) != serverPort)
            continue;
        // The listening socket has the same port but no peer.
        sockaddr_storage peer{};
        socklen_t peerLength = sizeof peer;
        if (getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &peerLength) != 0)
            continue;
        ++candidates;
        found = AcceptedSocket{fd, st.st_ino};
    }
    if (candidates != 1)
        return std::nullopt;
    return found;
}

}  // namespace strata::server
