#include "app/remote/remote_chat_client.hpp"

#include "app/engine/engine_telemetry_link.hpp"
#include "domain/remote/chat_completion_body.hpp"
#include "domain/remote/chat_completion_reply.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <utility>

namespace strata::app {

namespace {
int httpStatus(const QNetworkReply& reply)
{
    return reply.attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

// The model names in a /v1/models reply ({"data": [{"id": ...}, ...]}).
QStringList modelIds(const QByteArray& body)
{
    QStringList ids;
    for (const QJsonValue& entry : QJsonDocument::fromJson(body).object().value(QStringLiteral("data")).toArray()) {
        const QString id = entry.toObject().value(QStringLiteral("id")).toString();
        if (!id.isEmpty())
            ids << id;
    }
    return ids;
}

// Ollama lists "llama3:latest" and answers to "llama3" as well.
bool listed(const QStringList& ids, const QString& model)
{
    return ids.contains(model) || ids.contains(model + QStringLiteral(":latest"));
}
}  // namespace

QString remoteFailureText(QNetworkReply& reply, const QByteArray& body)
{
    const int status = httpStatus(reply);
    const QString host = reply.url().authority();
    if (status == 0)
        return RemoteChatClient::tr("Could not reach the remote server %1: %2").arg(host, reply.errorString());
    const QString detail = domain::remoteErrorText(body);
    if (status == 401 || status == 403)
        return RemoteChatClient::tr("The remote server %1 refused the API key (HTTP %2): %3\nChoose the model again "
                                    "with \"Remote server...\" and enter the right key.")
            .arg(host)
            .arg(status)
            .arg(detail);
    return RemoteChatClient::tr("The remote server %1 answered HTTP %2: %3").arg(host).arg(status).arg(detail);
}

RemoteChatClient::RemoteChatClient(std::shared_ptr<EngineTelemetryLink> tokenCounter, QObject* parent)
    : QObject(parent), m_tokenCounter(std::move(tokenCounter)), m_network(new QNetworkAccessManager(this))
{}

RemoteChatClient::~RemoteChatClient()
{
    // The app is quitting: the request is ended without a reply signal to a coordinator that may be gone.
    if (m_active && m_active->reply) {
        m_active->reply->disconnect(this);
        m_active->reply->abort();
    }
}

QNetworkRequest RemoteChatClient::requestFor(const QUrl& url, const QString& apiKey, int timeoutMs) const
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    if (!apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + apiKey.toUtf8());
    request.setTransferTimeout(timeoutMs);
    return request;
}

void RemoteChatClient::loadModel(const QString& path, const QString& apiKey)
{
    const std::optional<domain::RemoteEndpoint> endpoint = domain::remoteEndpointFromPath(path);
    if (!endpoint) {
        emit loadFailed(path, tr("\"%1\" does not name a remote server and model.").arg(path));
        return;
    }
    emit loadProgress(0.1);
    QNetworkReply* reply =
        m_network->get(requestFor(domain::remoteApiUrl(*endpoint, QStringLiteral("models")), apiKey, kModelsTimeoutMs));
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, path, endpoint = *endpoint, apiKey] { onModelsReply(reply, path, endpoint, apiKey); });
}

void RemoteChatClient::listModels(const QString& baseUrl, const QString& apiKey)
{
    const domain::RemoteEndpoint server{baseUrl, {}};
    QNetworkReply* reply =
        m_network->get(requestFor(domain::remoteApiUrl(server, QStringLiteral("models")), apiKey, kModelsTimeoutMs));
    connect(reply, &QNetworkReply::finished, this, [this, reply, baseUrl] {
        reply->deleteLater();
        const QByteArray body = reply->readAll();
        if (reply->error() != QNetworkReply::NoError || httpStatus(*reply) >= 400) {
            emit modelsListed(baseUrl, {}, remoteFailureText(*reply, body));
            return;
        }
        const QStringList ids = modelIds(body);
        emit modelsListed(baseUrl, ids,
                          ids.isEmpty() ? tr("The remote server %1 lists no models.").arg(reply->url().authority())
                                        : QString());
    });
}

void RemoteChatClient::onModelsReply(QNetworkReply* reply, const QString& path, const domain::RemoteEndpoint& endpoint,
                                     const QString& apiKey)
{
    reply->deleteLater();
    const QByteArray body = reply->readAll();
    const int status = httpStatus(*reply);
    // A server without /v1/models (404) is given the benefit of the doubt: the chat request says more.
    if (status != 404 && (reply->error() != QNetworkReply::NoError || status >= 400)) {
        emit loadFailed(path, remoteFailureText(*reply, body));
        return;
    }
    const QStringList ids = modelIds(body);
    if (!ids.isEmpty() && !listed(ids, endpoint.model)) {
        emit loadFailed(path, tr("The remote server %1 does not serve a model named \"%2\"; it lists: %3.")
                                  .arg(reply->url().authority(), endpoint.model, ids.join(QStringLiteral(", "))));
        return;
    }
    m_endpoint = endpoint;
    m_apiKey = apiKey;
    emit loadProgress(1.0);
    emit modelRunsOn(tr("the remote server %1").arg(QUrl(endpoint.baseUrl).authority()));
    emit modelLoaded(path, tr("%1 on the remote server %2 (OpenAI-compatible API)")
                               .arg(endpoint.model, QUrl(endpoint.baseUrl).authority()));
}

void RemoteChatClient::send(const ChatTurnRequest& request)
{
    if (m_active && m_active->reply) {
        m_active->stopped = true;
        m_active->reply->abort();
    }
    if (!m_endpoint) {
        emit error(request.requestId, tr("No remote model is chosen."));
        return;
    }
    m_active = std::make_unique<Active>();
    m_active->requestId = request.requestId;
    m_active->clock.start();
    QNetworkRequest http =
        requestFor(domain::remoteApiUrl(*m_endpoint, QStringLiteral("chat/completions")), m_apiKey, kChatTimeoutMs);
    http.setRawHeader("Accept", "text/event-stream");
    QNetworkReply* reply = m_network->post(
        http, domain::chatCompletionBody(m_endpoint->model, request.systemPrompt, request.history, request.sampling));
    m_active->reply = reply;
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] { read(reply); });
    connect(reply, &QNetworkReply::finished, this, [this, reply] { finish(reply); });
}

void RemoteChatClient::stop(quint64 requestId)
{
    if (!m_active || m_active->requestId != requestId || !m_active->reply)
        return;
    m_active->stopped = true;
    m_active->reply->abort();  // emits finished() now: finish() ends the request as Cancelled
}

void RemoteChatClient::forgetKey(const QString& baseUrl)
{
    if (m_endpoint && m_endpoint->baseUrl == baseUrl)
        m_apiKey.clear();
}

void RemoteChatClient::read(QNetworkReply* reply)
{
    if (!m_active || m_active->reply != reply)
        return;
    QByteArray bytes = reply->readAll();
    if (httpStatus(*reply) >= 400) {
        m_active->errorBody += bytes.left(64 * 1024 - m_active->errorBody.size());
        return;
    }
    if (m_active->body == Body::Unknown) {
        m_active->wholeBody += bytes;
        if (m_active->wholeBody.trimmed().isEmpty())
            return;
        m_active->body = domain::looksLikeWholeJson(m_active->wholeBody) ? Body::Whole : Body::Stream;
        bytes = std::exchange(m_active->wholeBody, {});
    }
    if (m_active->body == Body::Whole) {
        if (m_active->wholeBody.size() + bytes.size() > kMaxWholeBytes) {
            fail(tr("The remote server's reply is larger than %n MiB.", nullptr, int(kMaxWholeBytes >> 20)));
            return;
        }
        m_active->wholeBody += bytes;
        return;
    }
    const domain::SseChatStream::Update update = m_active->stream.feed(bytes);
    if (update.contentChunks > 0) {
        const qint64 now = m_active->clock.nsecsElapsed();
        if (m_active->firstTokenNs < 0)
            m_active->firstTokenNs = now;
        m_active->lastTokenNs = now;
        m_active->chunks += update.contentChunks;
        if (m_tokenCounter)
            m_tokenCounter->addDecoded(std::uint64_t(update.contentChunks));
        if (std::optional<QString> text = m_active->coalescer.push(update.text))
            emit tokensReady(m_active->requestId, *text);
    }
    if (!m_active->stream.error().isEmpty()) {
        fail(tr("The remote server's reply could not be read: %1").arg(m_active->stream.error()));
    }
}

void RemoteChatClient::fail(const QString& message)
{
    std::unique_ptr<Active> active = std::move(m_active);
    if (active->reply) {
        active->reply->disconnect(this);
        active->reply->abort();
        active->reply->deleteLater();
    }
    if (const QString rest = active->coalescer.take(); !rest.isEmpty())
        emit tokensReady(active->requestId, rest);
    emit error(active->requestId, message);
}

ReplyMetrics RemoteChatClient::metricsOf(const Active& active)
{
    ReplyMetrics m;
    // The server's own counts when it sends them (a chunk may carry more than one token); else one
    // token per chunk, which is what every server we know streams.
    const std::optional<domain::SseChatStream::Usage>& usage =
        active.body == Body::Whole ? active.wholeUsage : active.stream.usage();
    m.generatedTokens = usage && usage->completionTokens > 0 ? usage->completionTokens : active.chunks;
    if (usage) {
        m.promptTokens = usage->promptTokens;
        m.prefilledTokens = usage->promptTokens;  // what the server reused of it is not told
    }
    if (active.firstTokenNs >= 0)
        m.timeToFirstTokenMs = double(active.firstTokenNs) / 1e6;
    if (m.generatedTokens > 1 && active.lastTokenNs > active.firstTokenNs)
        m.decodeTokensPerSecond =
            double(m.generatedTokens - 1) * 1e9 / double(active.lastTokenNs - active.firstTokenNs);
    const QString& finish = active.body == Body::Whole ? active.wholeFinishReason : active.stream.finishReason();
    if (active.stopped)
        m.finish = model::FinishReason::Cancelled;
    else if (finish == QLatin1String("length"))
        m.finish = model::FinishReason::Length;
    else
        m.finish = model::FinishReason::EndOfGeneration;
    return m;
}

void RemoteChatClient::finish(QNetworkReply* reply)
{
    if (!m_active || m_active->reply != reply) {
        reply->deleteLater();
        return;
    }
    if (!m_active->stopped && reply->bytesAvailable() > 0)
        read(reply);
    if (!m_active)
        return;  // read() failed the request
    const bool stopped = m_active->stopped;
    const int status = httpStatus(*reply);
    if (!stopped && (status >= 400 || (reply->error() != QNetworkReply::NoError && status == 0))) {
        fail(remoteFailureText(*reply, m_active->errorBody));
        return;
    }
    if (!stopped && m_active->body == Body::Whole) {
        finishWhole(reply);
        return;
    }
    if (!stopped && !m_active->stream.done() && m_active->stream.finishReason().isEmpty()) {
        fail(tr("The remote server %1 ended its reply before the end of the event stream (no \"data: [DONE]\").")
                 .arg(reply->url().authority()));
        return;
    }
    reply->deleteLater();
    const std::unique_ptr<Active> active = std::move(m_active);
    if (const QString rest = active->coalescer.take(); !rest.isEmpty())
        emit tokensReady(active->requestId, rest);
    const ReplyMetrics metrics = metricsOf(*active);
    // Tokens that came without text of their own (the server's usage counts them) join the count now.
    if (m_tokenCounter && metrics.generatedTokens > active->chunks)
        m_tokenCounter->addDecoded(std::uint64_t(metrics.generatedTokens - active->chunks));
    emit replyFinished(active->requestId, metrics);
}

void RemoteChatClient::finishWhole(QNetworkReply* reply)
{
    const domain::ChatCompletionReply whole = domain::parseChatCompletion(m_active->wholeBody);
    if (!whole.error.isEmpty()) {
        fail(tr("The remote server's reply could not be read: %1").arg(whole.error));
        return;
    }
    reply->deleteLater();
    const std::unique_ptr<Active> active = std::move(m_active);
    // The whole text arrives at once: its time to the first token is the reply's, and no rate can be told.
    active->firstTokenNs = active->lastTokenNs = active->clock.nsecsElapsed();
    active->wholeUsage = whole.usage;
    active->wholeFinishReason = whole.finishReason;
    if (!whole.text.isEmpty()) {
        active->chunks = 1;
        emit tokensReady(active->requestId, whole.text);
    }
    const ReplyMetrics metrics = metricsOf(*active);
    if (m_tokenCounter && metrics.generatedTokens > 0)
        m_tokenCounter->addDecoded(std::uint64_t(metrics.generatedTokens));
    emit replyFinished(active->requestId, metrics);
}

}  // namespace strata::app
