// How the API server listens and what it accepts; the same for strata-server and the app.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

namespace strata::server {

struct ServerConfig {
    // Loopback by default; any other address needs an API key (ApiServer refuses to start without).
    std::string host = "127.0.0.1";
    uint16_t port = 8080;  // 0: any free port (ApiServer::port() tells which)
    std::string apiKey;    // empty: no key asked for (loopback only)
    std::string modelId;   // what /v1/models lists and requests name
    // Access-Control-Allow-Origin for browsers; empty: CORS off (no header, no preflight answer).
    std::string corsOrigin;
    // A request body larger than this is refused with 413 before it is read. Chats of a 128K-token
    // context are ~0.5 MB of text; 8 MiB leaves room for long tool schemas.
    size_t maxBodyBytes = 8u << 20;
    // Connections open at once; the next ones get 503 and are closed.
    size_t maxConnections = 32;
    // Of those, from one client address (an IPv6 client's /64) at once; 0: no bound of its own. Half
    // the total, so one client's idle or slow connections leave the other half to everyone else.
    size_t maxConnectionsPerClient = 16;
    // A client that sends nothing for this long, while its header or body is due, is dropped; so is
    // one that stops reading a reply.
    std::chrono::seconds readTimeout{10};
    std::chrono::seconds writeTimeout{10};
    // A request body must arrive whole within this, however steadily its bytes come: a client that
    // sends one byte per read timeout would otherwise hold a connection for hours (slowloris). 8 MiB
    // in 60 s needs 140 KB/s.
    std::chrono::seconds bodyTimeout{60};
    // A request's line and headers must arrive whole within this: from the connection's accept, or
    // on a kept-alive connection from the end of the previous reply plus keepAliveTimeout. A client
    // that sends a header byte per read timeout would otherwise hold a connection thread for hours
    // (httplib bounds a header only by its 8 KiB size). Linux only, like the server.
    std::chrono::seconds headerTimeout{10};
    // Idle keep-alive connections are closed after this long.
    std::chrono::seconds keepAliveTimeout{5};
};

}  // namespace strata::server
