#include "test_http_server.hpp"

#include <QHostAddress>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>
#include <memory>

TestHttpServer::TestHttpServer(QObject* parent) : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &TestHttpServer::onNewConnection);
}

TestHttpServer::~TestHttpServer()
{
    m_server.close();
}

bool TestHttpServer::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl TestHttpServer::url(const QByteArray& path) const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(QString::fromLatin1(path)));
}

void TestHttpServer::onNewConnection()
{
    while (QTcpSocket* socket = m_server.nextPendingConnection()) {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    }
}

void TestHttpServer::onReadyRead(QTcpSocket* socket)
{
    QByteArray& buffer = m_pending[socket];
    buffer += socket->readAll();
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return;
    const QList<QByteArray> lines = buffer.left(end).split('\n');
    m_pending.remove(socket);
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    QByteArray range;
    for (const QByteArray& line : lines.mid(1)) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == "range")
            range = line.mid(colon + 1).trimmed();
    }
    ++m_requests;
    respond(socket, requestLine.value(1), range);
}

void TestHttpServer::respond(QTcpSocket* socket, const QByteArray& path, const QByteArray& range)
{
    m_ranges[path].append(range);
    auto it = m_resources.find(path);
    if (it == m_resources.end()) {
        socket->write("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        socket->disconnectFromHost();
        return;
    }
    Resource& r = *it;
    if (r.status != 0) {
        socket->write("HTTP/1.1 " + QByteArray::number(r.status)
                      + " Test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        socket->disconnectFromHost();
        return;
    }
    if (!r.redirectTo.isEmpty()) {
        QByteArray head = "HTTP/1.1 302 Found\r\nLocation: " + url(r.redirectTo).toEncoded() + "\r\n";
        if (!r.linkedEtag.isEmpty())
            head += "X-Linked-Etag: \"" + r.linkedEtag + "\"\r\n";
        if (r.linkedSize >= 0)
            head += "X-Linked-Size: " + QByteArray::number(r.linkedSize) + "\r\n";
        socket->write(head + "Content-Length: 0\r\nConnection: close\r\n\r\n");
        socket->disconnectFromHost();
        return;
    }

    const qint64 size = r.body.size();
    qint64 from = 0;
    if (r.supportsRange && range.startsWith("bytes=") && range.endsWith('-'))
        from = range.mid(6, range.size() - 7).toLongLong();
    QByteArray head;
    if (r.supportsRange && !range.isEmpty() && from >= size) {
        socket->write("HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */" + QByteArray::number(size)
                      + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        socket->disconnectFromHost();
        return;
    }
    if (r.supportsRange && !range.isEmpty())
        head = "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes " + QByteArray::number(from) + '-'
               + QByteArray::number(size - 1) + '/' + QByteArray::number(size) + "\r\n";
    else
        head = "HTTP/1.1 200 OK\r\n";
    if (r.supportsRange)
        head += "Accept-Ranges: bytes\r\n";
    if (!r.etag.isEmpty())
        head += "ETag: \"" + r.etag + "\"\r\n";
    if (!r.lastModified.isEmpty())
        head += "Last-Modified: " + r.lastModified + "\r\n";
    head += "Content-Type: application/octet-stream\r\n";
    if (r.announceLength)
        head += "Content-Length: " + QByteArray::number(size - from) + "\r\n";
    head += "Connection: close\r\n\r\n";
    socket->write(head);

    QByteArray data = r.body.mid(from);
    bool closeAfter = true;
    if (r.dropTimes > 0 && r.dropAfterBytes >= 0 && r.dropAfterBytes < data.size()) {
        --r.dropTimes;
        data.truncate(r.dropAfterBytes);
    } else if (r.stallTimes > 0 && r.stallAfterBytes >= 0 && r.stallAfterBytes < data.size()) {
        --r.stallTimes;
        data.truncate(r.stallAfterBytes);
        closeAfter = false;  // keep the connection open and silent
    }
    if (r.chunkBytes <= 0) {
        sendBody(socket, data, closeAfter);
        return;
    }
    // Paced sending: a timer feeds the socket chunk by chunk until the data is gone.
    auto* timer = new QTimer(socket);
    QPointer<QTcpSocket> guard(socket);
    auto offset = std::make_shared<qsizetype>(0);
    const int chunk = r.chunkBytes;
    connect(timer, &QTimer::timeout, socket, [this, guard, timer, data, offset, chunk, closeAfter] {
        if (!guard || guard->state() != QAbstractSocket::ConnectedState) {
            timer->stop();
            return;
        }
        const QByteArray piece = data.mid(*offset, chunk);
        *offset += piece.size();
        const bool last = *offset >= data.size();
        if (last) {
            timer->stop();
            sendBody(guard, piece, closeAfter);
        } else {
            guard->write(piece);
        }
    });
    timer->start(r.chunkIntervalMs);
}

void TestHttpServer::sendBody(QTcpSocket* socket, QByteArray data, bool closeAfter)
{
    socket->write(data);
    if (closeAfter)
        socket->disconnectFromHost();  // after the buffered bytes are out
}
