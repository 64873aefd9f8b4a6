// The HTTP side of the server: routes, API keys, CORS, limits, and the bridge from a request to a
// GenerationQueue job (whole reply or server-sent events). The same object runs in strata-server
// and, later, in the app's Server panel.
//
//   GET  /health                 {"status": "ok", "waiting": N}
//   GET  /metrics                Prometheus text (server_stats.hpp)
//   GET  /v1/models              the one loaded model
//   POST /v1/chat/completions    OpenAI chat (openai_chat.hpp)
//   POST /v1/completions         OpenAI text completion (openai_completions.hpp)
//   POST /v1/messages            Anthropic Messages (anthropic_messages.hpp)
#pragma once

#include "server/api_error.hpp"
#include "server/generation_queue.hpp"
#include "server/server_config.hpp"
#include "server/server_stats.hpp"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <memory>

namespace strata::server {

class ReplyFormat;

// 127.0.0.0/8, ::1 and "localhost": the addresses that may serve without an API key.
bool isLoopback(const std::string& host);

class ApiServer {
public:
    // Throws ApiError-free std::invalid_argument when the config is unsafe (another address than
    // loopback without an API key) or unusable (no model id).
    ApiServer(GenerationQueue& queue, ServerConfig config);
    ~ApiServer();
    ApiServer(const ApiServer&) = delete;
    ApiServer& operator=(const ApiServer&) = delete;

    // Binds the address; returns the port (the chosen one for port 0). Throws std::runtime_error.
    uint16_t bind();
    // Serves until stop() (from another thread or a signal watcher). Returns false on an accept failure.
    bool run();
    void stop();

private:
    void addRoutes();
    httplib::Server::HandlerResponse checkBeforeRouting(const httplib::Request& request, httplib::Response& response);
    // Runs the job, and answers with the whole reply or streams it as server-sent events.
    void answer(httplib::Response& response, ApiDialect dialect, GenerationJob job, std::shared_ptr<ReplyFormat> format,
                bool stream);
    void checkModel(const nlohmann::json& body) const;

    GenerationQueue& queue_;
    ServerConfig config_;
    ServerStats stats_;
    std::atomic<size_t> openConnections_{0};
    httplib::Server http_;
};

}  // namespace strata::server
