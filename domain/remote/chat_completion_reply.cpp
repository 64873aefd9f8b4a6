#include "domain/remote/chat_completion_reply.hpp"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace strata::domain {

ChatCompletionReply parseChatCompletion(const QByteArray& body)
{
    ChatCompletionReply reply;
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (!document.isObject()) {
        reply.error = QCoreApplication::translate("ChatCompletionReply",
                                                  "The server's reply is neither an event stream nor a JSON "
                                                  "object: %1")
                          .arg(QString::fromUtf8(body.left(80)));
        return reply;
    }
    const QJsonObject object = document.object();
    if (object.contains(QStringLiteral("error"))) {
        reply.error = remoteErrorText(body);
        return reply;
    }
    const QJsonArray choices = object.value(QStringLiteral("choices")).toArray();
    if (choices.isEmpty() || !choices.first().isObject()) {
        reply.error = QCoreApplication::translate("ChatCompletionReply",
                                                  "The server's reply is not OpenAI's format (no \"choices\").");
        return reply;
    }
    const QJsonObject choice = choices.first().toObject();
    reply.text = choice.value(QStringLiteral("message")).toObject().value(QStringLiteral("content")).toString();
    reply.finishReason = choice.value(QStringLiteral("finish_reason")).toString();
    if (const QJsonValue usage = object.value(QStringLiteral("usage")); usage.isObject())
        reply.usage = SseChatStream::Usage{usage.toObject().value(QStringLiteral("prompt_tokens")).toInt(),
                                           usage.toObject().value(QStringLiteral("completion_tokens")).toInt()};
    return reply;
}

bool looksLikeWholeJson(const QByteArray& start)
{
    for (const char c : start) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
            continue;
        return c == '{';
    }
    return false;
}

}  // namespace strata::domain
