#include "domain/remote/remote_endpoint.hpp"

#include <QCoreApplication>

namespace strata::domain {

namespace {
constexpr QLatin1String kPrefix("remote+");
}  // namespace

std::optional<QString> remoteBaseUrl(const QString& typed, QString* error)
{
    const QUrl url(typed.trimmed(), QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))
        || url.host().isEmpty() || url.hasQuery() || url.hasFragment()) {
        if (error)
            *error =
                QCoreApplication::translate(
                    "RemoteEndpoint", "\"%1\" is not a server address: write it as http://host:port or https://host.")
                    .arg(typed);
        return std::nullopt;
    }
    QString base = url.toString(QUrl::StripTrailingSlash);
    if (base.endsWith(QLatin1String("/v1")))
        base.chop(3);
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    return base;
}

std::optional<RemoteEndpoint> remoteEndpointFrom(const QString& baseUrl, const QString& model, QString* error)
{
    const std::optional<QString> base = remoteBaseUrl(baseUrl, error);
    if (!base)
        return std::nullopt;
    if (model.trimmed().isEmpty()) {
        if (error)
            *error = QCoreApplication::translate("RemoteEndpoint", "Name the model the server should run.");
        return std::nullopt;
    }
    return RemoteEndpoint{*base, model.trimmed()};
}

bool isRemoteModelPath(const QString& path)
{
    return path.startsWith(kPrefix);
}

QString remoteModelPath(const RemoteEndpoint& endpoint)
{
    return QString(kPrefix) + endpoint.baseUrl + QLatin1Char('#') + endpoint.model;
}

std::optional<RemoteEndpoint> remoteEndpointFromPath(const QString& path)
{
    if (!isRemoteModelPath(path))
        return std::nullopt;
    const QString rest = path.mid(kPrefix.size());
    const qsizetype hash = rest.indexOf(QLatin1Char('#'));  // a base URL has no fragment
    if (hash < 0)
        return std::nullopt;
    return remoteEndpointFrom(rest.left(hash), rest.mid(hash + 1));
}

QString remoteDisplayName(const RemoteEndpoint& endpoint)
{
    const QUrl url(endpoint.baseUrl);
    const QString host = url.port() >= 0 ? url.host() + QLatin1Char(':') + QString::number(url.port()) : url.host();
    return endpoint.model + QStringLiteral(" @ ") + host;
}

QUrl remoteApiUrl(const RemoteEndpoint& endpoint, const QString& apiPath)
{
    return QUrl(endpoint.baseUrl + QStringLiteral("/v1/") + apiPath);
}

}  // namespace strata::domain
