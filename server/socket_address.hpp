// The port of a socket address, IPv4 or IPv6 (0 for other families), the client a peer address
// stands for, and the process's open descriptors.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <iterator>
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

// The client a connection's peer address stands for, as per-client bounds count them: an IPv4
// address ("192.0.2.7"; also when IPv4-mapped into IPv6), or an IPv6 address's /64 prefix
// ("2001:db8:1:2::/64"), since one IPv6 host is usually given a whole /64. Empty for other families.
inline std::string clientOf(const sockaddr_storage& address)
{
    char text[INET6_ADDRSTRLEN] = {};
    if (address.ss_family == AF_INET) {
        const in_addr& v4 = reinterpret_cast<const sockaddr_in&>(address).sin_addr;
        return inet_ntop(AF_INET, &v4, text, sizeof text) ? text : "";
    }
    if (address.ss_family != AF_INET6)
        return {};
    in6_addr v6 = reinterpret_cast<const sockaddr_in6&>(address).sin6_addr;
    if (IN6_IS_ADDR_V4MAPPED(&v6))
        return inet_ntop(AF_INET, &v6.s6_addr[12], text, sizeof text) ? text : "";
    std::fill(std::begin(v6.s6_addr) + 8, std::end(v6.s6_addr), uint8_t(0));
    return inet_ntop(AF_INET6, &v6, text, sizeof text) ? std::string(text) + "/64" : "";
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
