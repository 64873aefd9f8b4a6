#include "domain/models/partial_download.hpp"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace strata::domain::models {

QString PartialDownload::save() const
{
    QJsonObject o;
    o.insert(QStringLiteral("url"), request.url.toString());
    o.insert(QStringLiteral("fileName"), request.fileName);
    o.insert(QStringLiteral("exactSize"), double(request.exactSize));
    o.insert(QStringLiteral("approxSize"), double(request.approxSize));
    o.insert(QStringLiteral("sha256"), request.expectedSha256);
    o.insert(QStringLiteral("etag"), validator);
    o.insert(QStringLiteral("lastModified"), lastModified);
    QSaveFile file(statePath(request.finalPath()));
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
    file.write(QJsonDocument(o).toJson());
    if (!file.commit())
        return QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
    return {};
}

bool PartialDownload::load(const QString& stateFile, PartialDownload& out, QString* error)
{
    auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(stateFile, why);
        return false;
    };
    QFile file(stateFile);
    if (!file.open(QIODevice::ReadOnly))
        return fail(file.errorString());
    if (file.size() > 64 * 1024)
        return fail(QStringLiteral("too large for a download state file"));
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isObject())
        return fail(
            QStringLiteral("not a JSON object (%1 at offset %2)").arg(parseError.errorString()).arg(parseError.offset));
    const QJsonObject o = doc.object();
    const QString suffix = QStringLiteral(".part.json");
    const QFileInfo info(stateFile);
    PartialDownload p;
    p.request.url = QUrl(o.value(QStringLiteral("url")).toString());
    p.request.directory = info.absolutePath();
    p.request.fileName = info.fileName().chopped(suffix.size());
    if (!p.request.url.isValid() || p.request.url.isEmpty())
        return fail(QStringLiteral("field 'url' is missing or invalid"));
    if (o.value(QStringLiteral("fileName")).toString() != p.request.fileName)
        return fail(QStringLiteral("field 'fileName' does not match the file's name"));
    p.request.exactSize = qint64(o.value(QStringLiteral("exactSize")).toDouble(-1));
    p.request.approxSize = qint64(o.value(QStringLiteral("approxSize")).toDouble(-1));
    p.request.expectedSha256 = o.value(QStringLiteral("sha256")).toString();
    if (!p.request.expectedSha256.isEmpty() && !isSha256Hex(p.request.expectedSha256))
        return fail(QStringLiteral("field 'sha256' is not 64 hex digits"));
    p.validator = o.value(QStringLiteral("etag")).toString();
    p.lastModified = o.value(QStringLiteral("lastModified")).toString();
    out = p;
    return true;
}

QString normalizedEtag(const QByteArray& headerValue)
{
    QString v = QString::fromLatin1(headerValue).trimmed();
    if (v.startsWith(QLatin1String("W/")))
        v = v.mid(2);
    if (v.size() >= 2 && v.startsWith(QLatin1Char('"')) && v.endsWith(QLatin1Char('"')))
        v = v.mid(1, v.size() - 2);
    return v;
}

bool isSha256Hex(const QString& text)
{
    if (text.size() != 64)
        return false;
    for (QChar c : text)
        if (!((c >= QLatin1Char('0') && c <= QLatin1Char('9')) || (c >= QLatin1Char('a') && c <= QLatin1Char('f'))
              || (c >= QLatin1Char('A') && c <= QLatin1Char('F'))))
            return false;
    return true;
}

}  // namespace strata::domain::models
