#include "domain/models/url_policy.hpp"

#include <QHostAddress>

namespace strata::domain::models {

bool isLoopbackHost(const QString& host)
{
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

QString checkDownloadUrl(const QUrl& url, bool allowHttpToLoopback)
{
    if (!url.isValid() || url.host().isEmpty())
        return QStringLiteral("not a valid URL: %1").arg(url.toDisplayString());
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("https"))
        return {};
    if (scheme == QLatin1String("http")) {
        if (allowHttpToLoopback && isLoopbackHost(url.host()))
            return {};
        return QStringLiteral("only https downloads are allowed (got %1)").arg(url.toDisplayString());
    }
    return QStringLiteral("unsupported URL scheme '%1' (use https)").arg(scheme);
}

QString checkRedirect(const QUrl& from, const QUrl& to, bool allowHttpToLoopback)
{
    if (from.scheme().compare(QLatin1String("https"), Qt::CaseInsensitive) == 0
        && to.scheme().compare(QLatin1String("https"), Qt::CaseInsensitive) != 0)
        return QStringLiteral("refused a redirect from https to %1").arg(to.toDisplayString());
    const QString reason = checkDownloadUrl(to, allowHttpToLoopback);
    return reason.isEmpty() ? QString() : QStringLiteral("refused a redirect: %1").arg(reason);
}

}  // namespace strata::domain::models
