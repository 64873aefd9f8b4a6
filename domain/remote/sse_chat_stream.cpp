#include "domain/remote/sse_chat_stream.hpp"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace strata::domain {

namespace {
constexpr qsizetype kMaxLine = 4 << 20;  // a chunk is one token's JSON: a 4 MiB line is not SSE
}  // namespace

SseChatStream::Update SseChatStream::feed(const QByteArray& bytes)
{
    Update update;
    if (m_done || !m_error.isEmpty())
        return update;
    m_pending += bytes;
    qsizetype start = 0;
    for (qsizetype end = m_pending.indexOf('\n'); end >= 0; end = m_pending.indexOf('\n', start)) {
        QByteArray line = m_pending.mid(start, end - start);
        start = end + 1;
        if (line.endsWith('\r'))
            line.chop(1);
        readLine(line, update);
        if (m_done || !m_error.isEmpty()) {
            m_pending.clear();
            return update;
        }
    }
    m_pending.remove(0, start);
    if (m_pending.size() > kMaxLine)
        m_error = QCoreApplication::translate(
            "SseChatStream", "The server sent a line of over 4 MiB without an end: this is not an event stream.");
    return update;
}

void SseChatStream::readLine(const QByteArray& line, Update& update)
{
    if (line.isEmpty() || line.startsWith(':'))
        return;  // the end of an event, or a comment (keep-alive)
    if (!line.startsWith("data:"))
        return;  // event:, id:, retry: carry nothing the chat uses
    const QByteArray data = line.mid(5).trimmed();
    if (data == "[DONE]") {
        m_done = true;
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
    if (!document.isObject()) {
        m_error =
            QCoreApplication::translate(
                "SseChatStream", "The server's stream is not OpenAI's format (a data line is not a JSON object: %1).")
                .arg(QString::fromUtf8(data.left(80)));
        return;
    }
    const QJsonObject chunk = document.object();
    if (chunk.contains(QStringLiteral("error"))) {
        m_error = remoteErrorText(data);
        return;
    }
    if (const QJsonValue usage = chunk.value(QStringLiteral("usage")); usage.isObject())
        m_usage = Usage{usage.toObject().value(QStringLiteral("prompt_tokens")).toInt(),
                        usage.toObject().value(QStringLiteral("completion_tokens")).toInt()};
    const QJsonValue choices = chunk.value(QStringLiteral("choices"));
    if (!choices.isArray()) {
        m_error = QCoreApplication::translate(
            "SseChatStream", "The server's stream is not OpenAI's format (a chunk has no \"choices\").");
        return;
    }
    if (choices.toArray().isEmpty())
        return;  // a usage-only chunk
    const QJsonObject choice = choices.toArray().first().toObject();
    const QJsonValue content = choice.value(QStringLiteral("delta")).toObject().value(QStringLiteral("content"));
    if (content.isString() && !content.toString().isEmpty()) {
        update.text += content.toString();
        ++update.contentChunks;
    }
    const QJsonValue finish = choice.value(QStringLiteral("finish_reason"));
    if (finish.isString())
        m_finishReason = finish.toString();
}

QString remoteErrorText(const QByteArray& body)
{
    const QJsonObject object = QJsonDocument::fromJson(body).object();
    const QJsonValue error = object.value(QStringLiteral("error"));
    if (error.isObject()) {
        const QString message = error.toObject().value(QStringLiteral("message")).toString();
        if (!message.isEmpty())
            return message;
    }
    if (error.isString() && !error.toString().isEmpty())
        return error.toString();
    return QString::fromUtf8(body.left(200)).trimmed();
}

}  // namespace strata::domain
