#include "domain/settings/server_preferences.hpp"

#include "server/api_server.hpp"

#include <QCoreApplication>
#include <QSettings>

namespace strata::domain {

namespace {

const QString kEnabled = QStringLiteral("server/enabled");
const QString kHost = QStringLiteral("server/host");
const QString kPort = QStringLiteral("server/port");
const QString kApiKey = QStringLiteral("server/apiKey");
const QString kHeaderTimeout = QStringLiteral("server/headerTimeout");

}  // namespace

std::optional<QString> whyServerCannotStart(const ServerPreferences& p)
{
    if (p.host.trimmed().isEmpty())
        return QCoreApplication::translate("ServerPreferences", "Enter the address to listen on, e.g. 127.0.0.1.");
    if (!server::isLoopback(p.host.trimmed().toStdString()) && p.apiKey.trimmed().isEmpty())
        return QCoreApplication::translate("ServerPreferences",
                                           "Listening on %1 lets other machines reach the model: set an API key "
                                           "first, or listen on 127.0.0.1.")
            .arg(p.host.trimmed());
    return std::nullopt;
}

ServerPreferences ServerPreferencesStore::load() const
{
    const ServerPreferences defaults;
    ServerPreferences p;
    p.enabled = m_settings.value(kEnabled, defaults.enabled).toBool();
    p.host = m_settings.value(kHost, defaults.host).toString().trimmed();
    if (p.host.isEmpty())
        p.host = defaults.host;
    bool ok = false;
    const int port = m_settings.value(kPort, defaults.port).toInt(&ok);
    p.port = ok && port >= 0 && port <= 65535 ? port : defaults.port;
    p.apiKey = m_settings.value(kApiKey, defaults.apiKey).toString();
    const int headerTimeout = m_settings.value(kHeaderTimeout, defaults.headerTimeoutSeconds).toInt(&ok);
    p.headerTimeoutSeconds = ok && headerTimeout >= ServerPreferences::kMinHeaderTimeout
                                     && headerTimeout <= ServerPreferences::kMaxHeaderTimeout
                                 ? headerTimeout
                                 : defaults.headerTimeoutSeconds;
    return p;
}

void ServerPreferencesStore::save(const ServerPreferences& p)
{
    m_settings.setValue(kEnabled, p.enabled);
    m_settings.setValue(kHost, p.host.trimmed());
    m_settings.setValue(kPort, p.port);
    m_settings.setValue(kApiKey, p.apiKey);
    m_settings.setValue(kHeaderTimeout, p.headerTimeoutSeconds);
    m_settings.sync();
}

}  // namespace strata::domain
