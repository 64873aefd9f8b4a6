#include "server/api_server.hpp"

#include "server/anthropic_messages.hpp"
#include "server/client_socket.hpp"
#include "server/connection_limit.hpp"
#include "server/json_fields.hpp"
#include "server/openai_chat.hpp"
#include "server/openai_completions.hpp"
#include "server/reply_format.hpp"
#include "server/watched_task_queue.hpp"

#include <unistd.h>

#include <ctime>
#include <stdexcept>
#include <thread>

namespace strata::server {

namespace {

ApiDialect dialectOf(const httplib::Request& request)
{
    return request.path.rfind("/v1/messages", 0) == 0 ? ApiDialect::Anthropic : ApiDialect::OpenAi;
}

void replyError(httplib::Response& response, ApiDialect dialect, const ApiError& error)
{
    response.status = error.status();
    response.set_content(errorBody(dialect, error), "application/json");
}

// Compares in time independent of where the strings differ, so the key cannot be guessed byte by byte.
bool sameKey(const std::string& given, const std::string& key)
{
    if (key.empty())
        return false;
    unsigned char diff = given.size() == key.size() ? 0 : 1;
    for (size_t i = 0; i < given.size(); ++i)
        diff |= static_cast<unsigned char>(given[i] ^ key[i % key.size()]);
    return diff == 0;
}

std::string keyOf(const httplib::Request& request)
{
    const std::string bearer = request.get_header_value("Authorization");
    if (bearer.rfind("Bearer ", 0) == 0)
        return bearer.substr(7);
    return request.get_header_value("x-api-key");  // Anthropic's header
}

// What the request log reports beyond httplib's request and response. httplib runs the pre-routing
// handler, the route (with its content provider) and then the logger on one connection thread, one
// request at a time, so a thread_local carries these from the first to the last.
struct RequestTrace {
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::optional<model::GenerationMetrics> metrics;
    // Set when the rest of the request cannot be read (a body cut off): the connection is ended once
    // the reply is written, so the client cannot go on sending.
    std::optional<ClientSocket> endAfterReply;
};
thread_local RequestTrace t_trace;

// How often a waiting request looks whether its client has closed the connection.
constexpr std::chrono::milliseconds kClientCheck{50};

// The routes, named once: addRoutes() serves them and checkBeforeRouting() refuses a body sent anywhere else.
constexpr const char* kHealth = "/health";
constexpr const char* kMetrics = "/metrics";
constexpr const char* kModels = "/v1/models";
constexpr const char* kChatCompletions = "/v1/chat/completions";
constexpr const char* kCompletions = "/v1/completions";
constexpr const char* kMessages = "/v1/messages";

bool takesBody(const httplib::Request& request)
{
    return request.method == "POST"
           && (request.path == kChatCompletions || request.path == kCompletions || request.path == kMessages);
}

bool isRoute(const std::string& path)
{
    for (const char* route : {kHealth, kMetrics, kModels, kChatCompletions, kCompletions, kMessages})
        if (path == route)
            return true;
    return false;
}

bool hasBody(const httplib::Request& request)
{
    const std::string length = request.get_header_value("Content-Length");
    return (!length.empty() && length != "0") || request.has_header("Transfer-Encoding");
}

std::string streamError(ApiDialect dialect, const ApiError& error)
{
    const Json body = Json::parse(errorBody(dialect, error));
    return dialect == ApiDialect::Anthropic ? sseEvent(body, "error") : sseEvent(body);
}

}  // namespace

bool isLoopback(const std::string& host)
{
    return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

ApiServer::ApiServer(JobRunner& runner, ServerConfig config)
    : runner_(runner), config_(std::move(config)), watchdog_(config_.headerTimeout, config_.keepAliveTimeout)
{
    if (!isLoopback(config_.host) && config_.apiKey.empty())
        throw std::invalid_argument("serving on " + config_.host
                                    + " (not a loopback address) needs an API key (--api-key)");
    http_.set_read_timeout(config_.readTimeout);
    http_.set_write_timeout(config_.writeTimeout);
    http_.set_keep_alive_timeout(config_.keepAliveTimeout.count());
    http_.set_payload_max_length(config_.maxBodyBytes);
    // httplib's own options (address reuse) and, during bind(), which socket it listens on.
    http_.set_socket_options([this](socket_t socket) {
        httplib::default_socket_options(socket);
        if (binding_)
            unservedSocket_.store(socket);
    });
    http_.new_task_queue = [this] {
        return new WatchedTaskQueue(std::make_unique<ConnectionLimit>(
                                        config_.maxConnections, config_.maxConnectionsPerClient, openConnections_),
                                    watchdog_);
    };
    http_.set_logger([this](const httplib::Request& request, const httplib::Response& response) {
        stats_.countRequest(request.path, response.status);
        if (requestObserver_)
            requestObserver_({request.method, request.path, request.remote_addr, response.status,
                              std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now()
                                                                                    - t_trace.start),
                              t_trace.metrics});
        if (t_trace.endAfterReply)
            t_trace.endAfterReply->shutdown();
        t_trace = {};
        watchdog_.replyFinished();
    });
    // The first call on a connection's thread once a request's header has been read.
    http_.set_pre_routing_handler([this](const httplib::Request& request, httplib::Response& response) {
        watchdog_.requestStarted();
        return checkBeforeRouting(request, response);
    });
    http_.set_post_routing_handler([this](const httplib::Request&, httplib::Response& response) {
        if (!config_.corsOrigin.empty())
            response.set_header("Access-Control-Allow-Origin", config_.corsOrigin);
    });
    // httplib's own refusals (body over the cap, unknown path, unparsable request) get a JSON body too.
    http_.set_error_handler([this](const httplib::Request& request, httplib::Response& response) {
        if (!response.body.empty())
            return;
        std::string message = "bad request";
        if (response.status == 413)
            message = "the request body is larger than " + std::to_string(config_.maxBodyBytes) + " bytes";
        else if (response.status == 404)
            message = "no route for " + request.method + " " + request.path;
        else if (response.status == 405)
            message = request.method + " is not allowed on " + request.path;
        replyError(response, dialectOf(request), ApiError(response.status, message));
    });
    // From the engine thread, for every job that ran (a cancelled stream's too).
    runner_.setFinishedObserver([this](const model::GenerationMetrics& m) { stats_.recordGeneration(m); });
    addRoutes();
}

ApiServer::~ApiServer()
{
    stop();
    closeUnservedSocket();
    runner_.setFinishedObserver({});
}

void ApiServer::closeUnservedSocket()
{
    const int socket = unservedSocket_.exchange(-1);
    if (socket >= 0)
        ::close(socket);
}

uint16_t ApiServer::bind()
{
    int port = config_.port;
    binding_ = true;
    if (port == 0)
        port = http_.bind_to_any_port(config_.host);
    else if (!http_.bind_to_port(config_.host, port))
        port = -1;
    binding_ = false;
    if (port <= 0) {
        unservedSocket_.store(-1);  // httplib closed the sockets it could not bind
        throw std::runtime_error("cannot listen on " + config_.host + ":" + std::to_string(config_.port)
                                 + " (address in use, or not an address of this machine)");
    }
    port_ = uint16_t(port);
    watchdog_.setServerPort(port_);
    return port_;
}

bool ApiServer::run()
{
    running_.store(true);
    bool ok = true;
    if (stopRequested_.load()) {
        closeUnservedSocket();  // stopped before serving: no accept loop will close it
    } else {
        unservedSocket_.store(-1);  // the accept loop owns it now
        ok = http_.listen_after_bind();
    }
    running_.store(false);
    return ok;
}

void ApiServer::stop()
{
    stopRequested_.store(true);
    // httplib's stop() does nothing before its accept loop has begun: a run() that is starting on
    // another thread is waited for (microseconds), one not started yet sees stopRequested_.
    while (running_.load() && !http_.is_running())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    http_.stop();
    // httplib would wait out the keep-alive timeout of each idle connection; requests in progress
    // finish (or are cancelled) as before.
    watchdog_.endIdleConnections();
}

httplib::Server::HandlerResponse ApiServer::checkBeforeRouting(const httplib::Request& request,
                                                               httplib::Response& response)
{
    using R = httplib::Server::HandlerResponse;
    t_trace = {};
    const ApiDialect dialect = dialectOf(request);
    if (const ConnectionLimit::Refusal refusal = ConnectionLimit::overLimit();
        refusal != ConnectionLimit::Refusal::None) {
        // httplib keeps a connection open unless the request said "close": a refused client would
        // hold one of the 2 refusal threads for the keep-alive time, delaying every other refusal.
        t_trace.endAfterReply.emplace(request, port_);
        response.set_header("Connection", "close");
        response.set_header("Retry-After", "1");
        replyError(response, dialect,
                   ApiError(503, refusal == ConnectionLimit::Refusal::TooManyFromClient
                                     ? "too many connections from " + request.remote_addr + " ("
                                           + std::to_string(config_.maxConnectionsPerClient)
                                           + "); retry when one of them has closed"
                                     : "too many connections (" + std::to_string(config_.maxConnections)
                                           + "); retry when one has closed"));
        return R::Handled;
    }
    if (request.method == "OPTIONS" && !config_.corsOrigin.empty()) {
        // A browser's preflight: CORS is on only when the user named an origin.
        response.status = 204;
        response.set_header("Access-Control-Allow-Origin", config_.corsOrigin);
        response.set_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
        response.set_header("Access-Control-Allow-Headers",
                            "Authorization, Content-Type, x-api-key, anthropic-version, anthropic-beta");
        response.set_header("Access-Control-Max-Age", "600");
        return R::Handled;
    }
    if (!config_.apiKey.empty() && request.path != kHealth) {
        const std::string given = keyOf(request);
        if (given.empty() || !sameKey(given, config_.apiKey)) {
            if (hasBody(request))  // left unread: httplib would take it for the next request
                t_trace.endAfterReply.emplace(request, port_);
            replyError(response, dialect,
                       ApiError(401,
                                given.empty() ? "an API key is required (Authorization: Bearer KEY, or x-api-key)"
                                              : "the API key is not valid",
                                {}, "invalid_api_key"));
            return R::Handled;
        }
    }
    if (hasBody(request) && !takesBody(request)) {
        // httplib would read the whole body before its 404 or 405, each piece bounded only by the read
        // timeout (8 MiB trickled a byte per 9 s: weeks): refused unread, the connection ended after it.
        t_trace.endAfterReply.emplace(request, port_);
        replyError(response, dialect,
                   isRoute(request.path) ? ApiError(405, request.method + " is not allowed on " + request.path)
                                         : ApiError(404, "no route for " + request.method + " " + request.path));
        return R::Handled;
    }
    return R::Unhandled;
}

ServedModel ApiServer::servedModel() const
{
    std::optional<ServedModel> served = runner_.servedModel();
    if (!served)
        throw ApiError(503, "no model is loaded: load one in Strata, then retry", {}, "model_not_loaded");
    if (served->id.empty())
        served->id = config_.modelId;
    return *served;
}

void ApiServer::checkModel(const Json& body, const ServedModel& served) const
{
    const auto model = stringField(body, "model");
    if (model && *model != served.id)
        throw ApiError(404, "The model '" + *model + "' does not exist; this server has '" + served.id + "'", "model",
                       "model_not_found");
}

std::string ApiServer::readBody(const httplib::Request& request, const httplib::ContentReader& reader,
                                httplib::Response& response) const
{
    std::string body;
    const auto deadline = std::chrono::steady_clock::now() + config_.bodyTimeout;
    bool late = false;
    bool large = false;
    const bool whole = reader([&](const char* data, size_t size) {
        // Checked as each piece arrives; a client that sends nothing is dropped by the read timeout.
        late = std::chrono::steady_clock::now() > deadline;
        large = body.size() + size > config_.maxBodyBytes;
        if (late || large)
            return false;
        body.append(data, size);
        return true;
    });
    if (whole)
        return body;
    response.set_header("Connection", "close");  // the rest of the body is never read
    t_trace.endAfterReply.emplace(request, port_);
    if (late)
        throw ApiError(408,
                       "the request body did not arrive within " + std::to_string(config_.bodyTimeout.count()) + " s");
    if (large || response.status == 413)
        throw ApiError(413, "the request body is larger than " + std::to_string(config_.maxBodyBytes) + " bytes");
    throw ApiError(400, "the request body could not be read");
}

void ApiServer::addRoutes()
{
    // Every handler answers a thrown ApiError with its API's error body, anything else with a 500.
    auto guarded = [](auto handler) {
        return [handler](const httplib::Request& request, httplib::Response& response) {
            const ApiDialect dialect = dialectOf(request);
            try {
                handler(request, response);
            } catch (const ApiError& e) {
                replyError(response, dialect, e);
            } catch (const std::exception& e) {
                replyError(response, dialect, ApiError(500, std::string("internal error: ") + e.what()));
            }
        };
    };
    http_.Get(kHealth, guarded([this](const httplib::Request&, httplib::Response& response) {
                  // llama-server's shape; "no model" while the app has none loaded (still a 200: the server is up).
                  const bool loaded = runner_.servedModel().has_value();
                  response.set_content(
                      jsonText(Json{{"status", loaded ? "ok" : "no model"}, {"waiting", runner_.waiting()}}),
                      "application/json");
              }));
    http_.Get(kMetrics, guarded([this](const httplib::Request&, httplib::Response& response) {
                  response.set_content(
                      stats_.prometheusText(runner_.waiting(), openConnections_.load(), watchdog_.lateHeadersCut()),
                      "text/plain; version=0.0.4");
              }));
    http_.Get(kModels, guarded([this](const httplib::Request&, httplib::Response& response) {
                  // An empty list while the app has no model loaded.
                  Json models = Json::array();
                  if (std::optional<ServedModel> served = runner_.servedModel())
                      models.push_back({{"id", served->id.empty() ? config_.modelId : served->id},
                                        {"object", "model"},
                                        {"created", 0},
                                        {"owned_by", "strata"},
                                        {"context_length", served->contextLength}});
                  response.set_content(jsonText(Json{{"object", "list"}, {"data", models}}), "application/json");
              }));
    // POST bodies are read here, not by httplib before routing, so their whole arrival has a deadline.
    auto posted = [this, guarded](auto handler) {
        return [this, guarded, handler](const httplib::Request& request, httplib::Response& response,
                                        const httplib::ContentReader& reader) {
            guarded([&](const httplib::Request&, httplib::Response&) {
                handler(request, response, parseRequestBody(readBody(request, reader, response)));
            })(request, response);
        };
    };
    http_.Post(kChatCompletions,
               posted([this](const httplib::Request& request, httplib::Response& response, const Json& body) {
                   const ServedModel served = servedModel();
                   checkModel(body, served);
                   GenerationJob job = chatJobFromBody(body, served.contextLength);
                   const bool logprobs = job.topLogprobs.has_value();
                   const bool tools = job.tools.isList();
                   const bool stream = boolField(body, "stream").value_or(false);
                   bool usage = false;
                   if (const auto o = body.find("stream_options"); o != body.end() && o->is_object())
                       usage = boolField(*o, "stream_options.include_usage").value_or(false);
                   answer(request, response, ApiDialect::OpenAi, std::move(job),
                          std::make_shared<OpenAiChatFormat>(served.id, usage, logprobs, tools), stream);
               }));
    http_.Post(kCompletions,
               posted([this](const httplib::Request& request, httplib::Response& response, const Json& body) {
                   const ServedModel served = servedModel();
                   checkModel(body, served);
                   GenerationJob job = completionJobFromBody(body, served.contextLength);
                   const bool logprobs = job.topLogprobs.has_value();
                   const bool stream = boolField(body, "stream").value_or(false);
                   bool usage = false;
                   if (const auto o = body.find("stream_options"); o != body.end() && o->is_object())
                       usage = boolField(*o, "stream_options.include_usage").value_or(false);
                   answer(request, response, ApiDialect::OpenAi, std::move(job),
                          std::make_shared<OpenAiCompletionFormat>(served.id, usage, logprobs), stream);
               }));
    http_.Post(kMessages,
               posted([this](const httplib::Request& request, httplib::Response& response, const Json& body) {
                   const ServedModel served = servedModel();
                   checkModel(body, served);
                   GenerationJob job = messagesJobFromBody(body);
                   const bool stream = boolField(body, "stream").value_or(false);
                   auto format =
                       std::make_shared<AnthropicMessageFormat>(served.id, job.request.stopStrings, job.tools.isList());
                   answer(request, response, ApiDialect::Anthropic, std::move(job), std::move(format), stream);
               }));
}

void ApiServer::answer(const httplib::Request& request, httplib::Response& response, ApiDialect dialect,
                       GenerationJob job, std::shared_ptr<ReplyFormat> format, bool stream)
{
    std::shared_ptr<JobChannel> channel = runner_.submit(std::move(job));
    // Until a reply writes something, only the socket tells whether its client is still there: it
    // is looked at while the job waits in the queue and, for a whole reply, while it generates.
    // Cancelling stops the engine within one token; the job's last event still comes.
    const ClientSocket client(request, port_);
    auto nextWatching = [&] {
        for (;;) {
            if (client.closed())
                channel->cancel();
            if (std::optional<JobEvent> e = channel->nextWithin(kClientCheck))
                return std::move(*e);
        }
    };
    // Wait for the job to start (it may queue behind others): until then the status can still say
    // why it cannot run (prompt larger than the context, template error).
    const JobEvent first = nextWatching();
    if (first.kind == JobEvent::Kind::Failed) {
        if (first.status == 499)
            stats_.countCancelledBeforeStart();
        throw ApiError(first.status, first.text, {}, first.code);
    }
    if (!stream) {
        std::string text;
        std::vector<TokenLogprob> logprobs;
        for (;;) {
            JobEvent e = nextWatching();
            if (e.kind == JobEvent::Kind::Text) {
                text += e.text;
                logprobs.insert(logprobs.end(), std::make_move_iterator(e.logprobs.begin()),
                                std::make_move_iterator(e.logprobs.end()));
            } else if (e.kind == JobEvent::Kind::Failed)
                throw ApiError(e.status, e.text, {}, e.code);
            else if (e.kind == JobEvent::Kind::Finished) {
                t_trace.metrics = e.metrics;
                response.set_content(jsonText(format->whole(text, logprobs, e.metrics)), "application/json");
                return;
            }
        }
    }
    response.set_header("Cache-Control", "no-cache");
    // One stream per connection: node-fetch 2 (inside the openai npm client 4.x) reports a false
    // "Premature close" for a chunked reply on a reused keep-alive socket under Node 20 (node-fetch
    // issue 1767; seen in tests/server on Debian 13). Closing after a stream costs one loopback
    // handshake per reply, against seconds of generation.
    response.set_header("Connection", "close");
    auto pending = std::make_shared<std::string>(format->streamStart(first.promptTokens));
    // Each piece is written as it comes (one chunk per event, no buffering); a failed write means
    // the client is gone, and cancelling stops the engine within one token.
    response.set_chunked_content_provider(
        "text/event-stream",
        [channel, format, pending, dialect](size_t, httplib::DataSink& sink) {
            auto send = [&](const std::string& text) {
                if (text.empty() || sink.write(text.data(), text.size()))
                    return true;
                channel->cancel();
                return false;
            };
            if (!send(*pending))
                return false;
            pending->clear();
            for (;;) {
                const JobEvent e = channel->next();
                if (e.kind == JobEvent::Kind::Text) {
                    if (!send(format->streamText(e.text, e.logprobs)))
                        return false;
                    continue;
                }
                if (e.kind == JobEvent::Kind::Finished)
                    t_trace.metrics = e.metrics;
                const bool sent = e.kind == JobEvent::Kind::Finished
                                      ? send(format->streamEnd(e.metrics))
                                      : send(streamError(dialect, ApiError(e.status, e.text, {}, e.code)));
                if (sent)
                    sink.done();
                return sent;
            }
        },
        [channel](bool success) {
            if (!success)
                channel->cancel();
        });
}

}  // namespace strata::server
