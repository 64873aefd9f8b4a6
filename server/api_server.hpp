// The HTTP side of the server: routes, API keys, CORS, limits, and the bridge from a request to a
// job of a JobRunner (whole reply or server-sent events). The same object runs in strata-server
// (over a GenerationQueue) and in the app's Server panel (over the app's engine thread).
//
//   GET  /health                 {"status": "ok", "waiting": N}
//   GET  /metrics                Prometheus text (server_stats.hpp)
//   GET  /v1/models              the one loaded model
//   POST /v1/chat/completions    OpenAI chat (openai_chat.hpp)
//   POST /v1/completions         OpenAI text completion (openai_completions.hpp)
//   POST /v1/messages            Anthropic Messages (anthropic_messages.hpp)
#pragma once

#include "server/api_error.hpp"
#include "server/connection_watchdog.hpp"
#include "server/job_runner.hpp"
#include "server/server_config.hpp"
#include "server/server_stats.hpp"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace strata::server {

class ReplyFormat;

// 127.0.0.0/8, ::1 and "localhost": the addresses that may serve without an API key.
bool isLoopback(const std::string& host);

// One answered request, for a request log (the app's Server panel).
struct RequestRecord {
    std::string method;
    std::string path;
    std::string remoteAddress;
    int status = 0;
    std::chrono::milliseconds duration{0};            // from the request's routing to its last byte
    std::optional<model::GenerationMetrics> metrics;  // set when the request ran a generation
};

class ApiServer {
public:
    // Throws ApiError-free std::invalid_argument when the config is unsafe (another address than
    // loopback without an API key).
    ApiServer(JobRunner& runner, ServerConfig config);
    ~ApiServer();
    ApiServer(const ApiServer&) = delete;
    ApiServer& operator=(const ApiServer&) = delete;

    // Binds the address; returns the port (the chosen one for port 0). Throws std::runtime_error.
    uint16_t bind();
    // Serves until stop() (from another thread or a signal watcher). Returns false on an accept failure.
    bool run();
    // Any thread, also before run() has begun (then run() returns at once, and the bound address is
    // released there or by the destructor: a socket nobody serves must not accept connections).
    void stop();
    // Called on the HTTP thread after each request, with what it did; set before run().
    void setRequestObserver(std::function<void(const RequestRecord&)> observer)
    {
        requestObserver_ = std::move(observer);
    }

private:
    // Closes the socket bind() made when no accept loop took it over (stopped before run(), or no run()).
    void closeUnservedSocket();
    void addRoutes();
    httplib::Server::HandlerResponse checkBeforeRouting(const httplib::Request& request, httplib::Response& response);
    // Runs the job, and answers with the whole reply or streams it as server-sent events.
    void answer(const httplib::Request& request, httplib::Response& response, ApiDialect dialect, GenerationJob job,
                std::shared_ptr<ReplyFormat> format, bool stream);
    // A POST body, read whole within config_.bodyTimeout and maxBodyBytes; throws a 408 or 413.
    std::string readBody(const httplib::Request& request, const httplib::ContentReader& reader,
                         httplib::Response& response) const;
    // The model requests run on now (its id and context); a 503 when the app has none loaded.
    ServedModel servedModel() const;
    // Throws a 404 when the body names another model than `served`.
    void checkModel(const nlohmann::json& body, const ServedModel& served) const;

    JobRunner& runner_;
    ServerConfig config_;
    ServerStats stats_;
    std::atomic<size_t> openConnections_{0};
    uint16_t port_ = 0;  // the bound port (bind())
    // The listening socket from bind() until run() hands it to httplib's accept loop, which closes it
    // when it ends. httplib closes it nowhere else (not in stop() before the loop, not in ~Server), so
    // one never served would stay open for the process's life: clients would connect and wait forever.
    std::atomic<int> unservedSocket_{-1};
    bool binding_ = false;  // inside bind(): the socket options callback sees the listening socket
    std::atomic<bool> running_{false};
    std::atomic<bool> stopRequested_{false};
    std::function<void(const RequestRecord&)> requestObserver_;
    ConnectionWatchdog watchdog_;  // before http_: its connection threads use it until they end
    httplib::Server http_;
};

}  // namespace strata::server
