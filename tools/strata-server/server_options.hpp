// Command line of strata-server.
#pragma once

#include "server/server_config.hpp"
#include "strata/model/backend.hpp"
#include "strata/pool/wait_policy.hpp"

#include <optional>
#include <string>

namespace strata::tools {

struct ServerOptions {
    std::string model;     // -m MODEL.gguf
    int threads = -1;      // --threads: total, the caller included
    uint32_t context = 0;  // --ctx: 0 = the model's, capped at 4096
    model::KvType kv = model::KvType::F16;
    std::optional<pool::WaitPolicy> policy;
    // --host --port --api-key --alias --cors-origin --max-body --max-connections[-per-client] ...
    server::ServerConfig http;
};

// Parses argv; prints usage and exits on --help, --version or a bad argument.
ServerOptions parseServerOptions(int argc, char** argv);

}  // namespace strata::tools
