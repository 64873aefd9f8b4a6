// The app's API server settings (the Server panel) and the one owner of their QSettings keys:
//
//   server/enabled  bool    false      serve while the app runs (off by default); kept across restarts
//   server/host     string  127.0.0.1  the address to listen on; any other than loopback needs a key
//   server/port     int     8080       1..65535, or 0: any free port
//   server/apiKey   string  ""         the key clients send (Authorization: Bearer, or x-api-key)
//   server/headerTimeout int 10        seconds, 1..600: a request's line and headers must arrive
//                                       whole within this (slow clients are cut off; strata-server's
//                                       --header-timeout)
//
// The key is stored in the settings file in plain text, like llama-server's --api-key on a command
// line: it guards a local model from the network, it is no account password. Values out of range
// read as the default.
#pragma once

#include <QMetaType>
#include <QString>
#include <optional>

class QSettings;

namespace strata::domain {

struct ServerPreferences {
    bool enabled = false;
    QString host = QStringLiteral("127.0.0.1");
    int port = 8080;
    QString apiKey;
    int headerTimeoutSeconds = 10;

    static constexpr int kMinHeaderTimeout = 1;
    static constexpr int kMaxHeaderTimeout = 600;

    bool operator==(const ServerPreferences&) const = default;
};

// Why the server must not start with these settings (another address than loopback without an
// API key, no address), or nothing when it may.
std::optional<QString> whyServerCannotStart(const ServerPreferences& preferences);

class ServerPreferencesStore {
public:
    explicit ServerPreferencesStore(QSettings& settings) : m_settings(settings) {}

    ServerPreferences load() const;
    void save(const ServerPreferences& preferences);

private:
    QSettings& m_settings;
};

}  // namespace strata::domain

Q_DECLARE_METATYPE(strata::domain::ServerPreferences)
