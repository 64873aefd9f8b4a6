// The chat's engine for a remote OpenAI-compatible server (domain/remote/remote_endpoint.hpp): a
// QObject on its own thread ("strata-remote", owned by RemoteHost) with the same request slots and
// reply signals as EngineController, so ChatCoordinator drives either the same way and the chat
// window never learns about HTTP.
//
//  - loadModel(path, key): GET <base>/v1/models with the key; modelLoaded() when the server answers
//    and lists the model (or lists none), loadFailed() with a readable reason otherwise (refused
//    key, unknown model with the names the server does list, server not reachable).
//  - listModels(base, key): the names GET <base>/v1/models lists, for the dialog that offers them.
//  - send(): POST <base>/v1/chat/completions, stream: true, with the conversation and its sampling
//    settings (domain/remote/chat_completion_body.hpp); the event stream is read as it arrives
//    (SseChatStream) and its text goes out through a TokenCoalescer as tokensReady(), like a local
//    reply. The end is replyFinished() with what a stream tells (chunks ≈ tokens, their rate, time to
//    the first one) or error() with the server's own message and HTTP status. A server that ignores
//    "stream": true and answers one chat.completion object is read whole (chat_completion_reply.hpp):
//    its text comes as one piece at the end.
//  - stop(id): aborts the request. Queued like every other call: this thread never blocks (the
//    network manager is asynchronous), so the abort runs within one event-loop turn.
//
// Why a thread of its own and not the GUI's event loop, which would work as well for asynchronous
// I/O: reading and parsing a fast stream (a 2,000 tok/s server sends 2,000 JSON chunks a second)
// then never competes with painting the reply, and the seam is the engine's: queued in, queued out.
#pragma once

#include "app/engine/engine_requests.hpp"
#include "app/engine/token_coalescer.hpp"
#include "domain/remote/remote_endpoint.hpp"
#include "domain/remote/sse_chat_stream.hpp"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <memory>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace strata::app {

class EngineTelemetryLink;

class RemoteChatClient : public QObject {
    Q_OBJECT
public:
    // No bytes for this long ends a request (a stream's pieces reset it: a long reply is fine).
    static constexpr int kModelsTimeoutMs = 10000;
    static constexpr int kChatTimeoutMs = 300000;  // a long prompt's prefill on a busy server

    // `tokenCounter`: the engine's, so the token-rate panel shows a remote reply's rate too (may be null).
    explicit RemoteChatClient(std::shared_ptr<EngineTelemetryLink> tokenCounter, QObject* parent = nullptr);
    ~RemoteChatClient() override;

public slots:
    void loadModel(const QString& path, const QString& apiKey);
    void listModels(const QString& baseUrl, const QString& apiKey);
    void send(const strata::app::ChatTurnRequest& request);
    void stop(quint64 requestId);
    // The user forgot the key kept for `baseUrl`: the chosen model there is asked without it from now on.
    void forgetKey(const QString& baseUrl);

signals:
    void loadProgress(double fraction);
    void modelRunsOn(const QString& where);
    void modelLoaded(const QString& path, const QString& description);
    void loadFailed(const QString& path, const QString& message);
    // The server's model names, or an error ("" when it answered).
    void modelsListed(const QString& baseUrl, const QStringList& models, const QString& error);
    void tokensReady(quint64 requestId, const QString& text);
    void replyFinished(quint64 requestId, const strata::app::ReplyMetrics& metrics);
    void error(quint64 requestId, const QString& message);

private:
    // What the server sends: not known before its first bytes that are not white space.
    enum class Body { Unknown, Stream, Whole };
    static constexpr qsizetype kMaxWholeBytes = 16 << 20;

    struct Active {
        quint64 requestId = 0;
        Body body = Body::Unknown;
        QByteArray wholeBody;  // a whole reply (or the white space before the first telling byte)
        std::optional<domain::SseChatStream::Usage> wholeUsage;
        QString wholeFinishReason;
        QPointer<QNetworkReply> reply;
        domain::SseChatStream stream;
        TokenCoalescer coalescer;
        QElapsedTimer clock;  // from the request's start
        qint64 firstTokenNs = -1;
        qint64 lastTokenNs = -1;
        int chunks = 0;
        bool stopped = false;
        QByteArray errorBody;  // an HTTP error's body, read whole
    };

    QNetworkRequest requestFor(const QUrl& url, const QString& apiKey, int timeoutMs) const;
    void onModelsReply(QNetworkReply* reply, const QString& path, const domain::RemoteEndpoint& endpoint,
                       const QString& apiKey);
    void read(QNetworkReply* reply);
    void finish(QNetworkReply* reply);
    void finishWhole(QNetworkReply* reply);
    void fail(const QString& message);
    static ReplyMetrics metricsOf(const Active& active);

    const std::shared_ptr<EngineTelemetryLink> m_tokenCounter;
    QNetworkAccessManager* m_network;  // a child: it moves to this object's thread with it
    std::optional<domain::RemoteEndpoint> m_endpoint;
    QString m_apiKey;
    std::unique_ptr<Active> m_active;
};

// A readable message for a failed request: the HTTP status and the server's own error text, or
// the network's reason when no server answered.
QString remoteFailureText(QNetworkReply& reply, const QByteArray& body);

}  // namespace strata::app
