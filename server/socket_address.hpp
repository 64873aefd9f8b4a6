// The port of a socket address, IPv4 or IPv6 (0 for other families), and the process's open descriptors.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <charconv>
#include <cstdint>
#include <filesystem>
#include <string>

namespace strata::server {

inline uint16_t portOf(const sockaddr_storage& address)
{
    if (address.ss_family == AF_INET)
        return ntohs(reinterpret_cast<const sockaddr_in&>(address).sin_port);
    if (address.ss_family == AF_INET6)
        return ntohs(reinterpret_cast<const sockaddr_in6&>(address).sin6_port);
    return 0;
}

// Calls visit(fd) for each descriptor open in this process (Linux: /proc/self/fd) until it returns true.
template <class Visit>
void forEachOpenDescriptor(Visit&& visit)
{
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd", error)) {
        const std::string name = entry.path().filename().string();
        int fd = -1;
        if (std::from_chars(name.data(), name.data() + name.size(), fd).ec != std::errc() || fd < 0)
            continue;
        if (visit(fd))
            return;
    }
}

}  // namespace strata::server
