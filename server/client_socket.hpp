// The socket a request came on, so a handler can tell that its client has gone away while it waits
// for a non-streamed reply (which writes nothing until the end). httplib 0.11 (Debian 12) gives a
// handler neither the socket nor a "connection closed" check (0.14 added Request::is_connection_closed),
// so the socket is found by the connection's addresses among the process's descriptors: the client's
// address and port and the server's port (httplib 0.11 does not fill in Request::local_port either).
// Linux only (/proc/self/fd), like the rest of the server.
#pragma once

#include <httplib.h>

namespace strata::server {

class ClientSocket {
public:
    // Finds the socket of `request`, which came to `serverPort`; when it cannot, closed() stays false.
    ClientSocket(const httplib::Request& request, uint16_t serverPort);

    // True once the client has closed its side or the connection failed. Does not block. The socket
    // stays httplib's: it is open for as long as the request's handler runs.
    bool closed() const;
    bool found() const { return fd_ >= 0; }
    // Ends the connection both ways, so httplib reads no further request from it after the reply
    // that is being written (it keeps a connection open unless the *request* said "close").
    void shutdown() const;

private:
    int fd_ = -1;
};

}  // namespace strata::server
