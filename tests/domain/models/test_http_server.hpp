// A small HTTP/1.1 server for the download tests, on 127.0.0.1 only, in the test's thread.
// It serves byte ranges and can misbehave on purpose: drop the connection or stall mid-file,
// redirect like Hugging Face does, send its bytes slowly.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QTcpServer>
#include <QUrl>

class QTcpSocket;

class TestHttpServer : public QObject {
    Q_OBJECT
public:
    struct Resource {
        QByteArray body;
        QByteArray etag;             // sent quoted as ETag when not empty
        QByteArray lastModified;     // sent as Last-Modified when not empty
        bool supportsRange = true;   // false: answer every request with 200 and the whole body
        int dropAfterBytes = -1;     // close the connection after this many body bytes ...
        int dropTimes = 0;           // ... in this many responses
        int stallAfterBytes = -1;    // stop sending (connection stays open) after this many bytes ...
        int stallTimes = 0;          // ... in this many responses
        int chunkBytes = 0;          // > 0: send the body in chunks of this size ...
        int chunkIntervalMs = 0;     // ... one every this many milliseconds
        QByteArray redirectTo;       // not empty: answer 302 to this path, with the headers below
        QByteArray linkedEtag;       // X-Linked-Etag on the redirect
        qint64 linkedSize = -1;      // X-Linked-Size on the redirect
        int status = 0;              // not 0: answer with this status and no body
        bool announceLength = true;  // false: no Content-Length (the body ends when the connection does)
    };

    explicit TestHttpServer(QObject* parent = nullptr);
    ~TestHttpServer() override;

    bool listen();
    QUrl url(const QByteArray& path) const;
    void setResource(const QByteArray& path, const Resource& resource) { m_resources[path] = resource; }
    Resource& resource(const QByteArray& path) { return m_resources[path]; }

    // The Range header of every request for `path` ("" when it had none), in order.
    QList<QByteArray> rangesSeen(const QByteArray& path) const { return m_ranges.value(path); }
    int requestCount() const { return m_requests; }

private:
    void onNewConnection();
    void onReadyRead(QTcpSocket* socket);
    void respond(QTcpSocket* socket, const QByteArray& path, const QByteArray& range);
    void sendBody(QTcpSocket* socket, QByteArray data, bool closeAfter);

    QTcpServer m_server;
    QHash<QByteArray, Resource> m_resources;
    QHash<QByteArray, QList<QByteArray>> m_ranges;
    QHash<QTcpSocket*, QByteArray> m_pending;
    int m_requests = 0;
};
