// Which URLs a download may use. TLS verification is always on; plain http exists only for the
// tests' local server (127.0.0.1 / ::1 / localhost) and only when DownloadSettings allows it.
#pragma once

#include <QString>
#include <QUrl>

namespace strata::domain::models {

bool isLoopbackHost(const QString& host);

// Empty when `url` may be fetched, otherwise the reason it may not.
QString checkDownloadUrl(const QUrl& url, bool allowHttpToLoopback);

// Empty when a redirect from `from` to `to` may be followed. Never from https down to http.
QString checkRedirect(const QUrl& from, const QUrl& to, bool allowHttpToLoopback);

}  // namespace strata::domain::models
