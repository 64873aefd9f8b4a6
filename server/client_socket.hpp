// The socket a request came on, so a handler can tell that its client has gone away while it waits
// for a non-streamed reply (which writes nothing until the end). httplib 0.11 (Debian 12) gives a
// handler neither the socket nor a "connection closed" check (0.14 added Request::is_connection_closed),
// so the socket is found by the connection's two addresses among the process's descriptors.
// Linux only (/proc/self/fd), like the rest of the server.
#pragma once

#include <httplib.h>

namespace strata::server {

class ClientSocket {
public:
    // Finds the socket; when it cannot (an address httplib did not report), closed() stays false.
    explicit ClientSocket(const httplib::Request& request);

    // True once the client has closed its side or the connection failed. Does not block. The socket
    // stays httplib's: it is open for as long as the request's handler runs.
    bool closed() const;
    bool found() const { return fd_ >= 0; }

private:
    int fd_ = -1;
};

}  // namespace strata::server
