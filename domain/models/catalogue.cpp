#include "domain/models/catalogue.hpp"

#include "domain/models/partial_download.hpp"
#include "domain/models/url_policy.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace strata::domain::models {

Catalogue Catalogue::parse(const QByteArray& json, const QString& source)
{
    Catalogue out;
    auto fail = [&](const QString& why) {
        out.entries.clear();
        out.error = QStringLiteral("%1: %2").arg(source, why);
        return out;
    };
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(QStringLiteral("%1 at offset %2").arg(parseError.errorString()).arg(parseError.offset));
    if (!doc.isObject() || doc.object().value(QStringLiteral("format")).toInt() != 1)
        return fail(QStringLiteral("expected an object with \"format\": 1"));
    const QJsonValue models = doc.object().value(QStringLiteral("models"));
    if (!models.isArray())
        return fail(QStringLiteral("field 'models' must be an array"));
    int index = 0;
    for (const QJsonValue& value : models.toArray()) {
        const QString where = QStringLiteral("models[%1]").arg(index++);
        if (!value.isObject())
            return fail(QStringLiteral("%1 is not an object").arg(where));
        const QJsonObject o = value.toObject();
        CatalogueEntry e;
        e.name = o.value(QStringLiteral("name")).toString();
        e.repo = o.value(QStringLiteral("repo")).toString();
        e.fileName = o.value(QStringLiteral("file")).toString();
        e.url = QUrl(o.value(QStringLiteral("url")).toString());
        e.quantization = o.value(QStringLiteral("quantization")).toString();
        e.parameters = o.value(QStringLiteral("parameters")).toString();
        e.approxSizeBytes = qint64(o.value(QStringLiteral("approxSizeBytes")).toDouble(-1));
        e.sha256 = o.value(QStringLiteral("sha256")).toString().toLower();
        e.license = o.value(QStringLiteral("license")).toString();
        if (e.name.isEmpty())
            return fail(QStringLiteral("%1: field 'name' is missing").arg(where));
        if (e.fileName.isEmpty() || e.fileName.contains(QLatin1Char('/'))
            || !e.fileName.endsWith(QLatin1String(".gguf")))
            return fail(QStringLiteral("%1 (%2): field 'file' must be a plain *.gguf name").arg(where, e.name));
        if (const QString why = checkDownloadUrl(e.url, false); !why.isEmpty())
            return fail(QStringLiteral("%1 (%2): field 'url': %3").arg(where, e.name, why));
        if (!e.sha256.isEmpty() && !isSha256Hex(e.sha256))
            return fail(QStringLiteral("%1 (%2): field 'sha256' must be 64 hex digits").arg(where, e.name));
        out.entries << e;
    }
    return out;
}

Catalogue Catalogue::builtIn()
{
    const QString path = QStringLiteral(":/catalogue/catalogue.json");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {{}, QStringLiteral("%1: %2").arg(path, file.errorString())};
    return parse(file.readAll(), path);
}

}  // namespace strata::domain::models
