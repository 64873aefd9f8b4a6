// The socket of the connection httplib has just accepted. httplib 0.11 hands its task queue an opaque
// job, not the socket, so the socket is found among the process's descriptors (/proc/self/fd; Linux
// only, like the rest of the server): a connected socket on the server's port that is none of the
// connections already known. Sockets are told apart by inode, not by descriptor number, since a
// number is reused as soon as httplib closes it.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace strata::server {

struct AcceptedSocket {
    int fd = -1;  // httplib's descriptor
    ino_t inode = 0;
    std::string client;  // the peer's clientOf() (socket_address.hpp)
};

// The one connected socket whose local port is `serverPort` and whose inode `known` does not
// report; nothing when there is none or more than one (then which one is new cannot be told).
// Call it on the accepting thread, before the connection's job is queued: only that thread
// creates such sockets, so the new one cannot be confused with a later one.
std::optional<AcceptedSocket> findAcceptedSocket(uint16_t serverPort, const std::function<bool(ino_t)>& known);

}  // namespace strata::server
