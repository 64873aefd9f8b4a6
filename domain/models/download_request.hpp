// What the user asked to download, and the knobs the download manager runs with.
#pragma once

#include <QMetaType>
#include <QString>
#include <QUrl>

namespace strata::domain::models {

struct DownloadRequest {
    QUrl url;
    QString directory;       // where the finished file goes (a library folder)
    QString fileName;        // final name, e.g. "Qwen3-4B-Q4_K_M.gguf"
    qint64 exactSize = -1;   // bytes, when known for sure; -1 = unknown
    qint64 approxSize = -1;  // bytes, a catalogue's estimate: only used for the disk-space check
    QString expectedSha256;  // 64 lowercase hex digits, or empty when unknown

    // The download's identity, stable across restarts: the path the finished file will have.
    QString finalPath() const { return directory + QLatin1Char('/') + fileName; }
};

struct DownloadSettings {
    int stallTimeoutMs = 30'000;   // no bytes for this long: drop the connection and retry
    int retryBaseDelayMs = 2'000;  // first retry delay; doubles on each failed attempt
    int retryMaxDelayMs = 60'000;
    int maxAttempts = 8;                    // attempts in a row without a single new byte before giving up
    qint64 diskReserveBytes = 256LL << 20;  // keep this much free besides the file itself
    // A server that announces no length (and no catalogue size) is cut off past this: Hugging
    // Face stores no file above 50 GB (split GGUFs stay under it), so 64 GiB is never a model.
    qint64 maxUnannouncedBytes = 64LL << 30;
    // Plain http is refused for downloads. Tests serve from a QTcpServer on 127.0.0.1 without TLS;
    // they set this, and even then only loopback hosts may use http (see url_policy.hpp).
    bool allowHttpToLoopback = false;
};

enum class DownloadState {
    Queued,
    Connecting,
    Downloading,
    Retrying,
    Paused,
    Verifying,
    Completed,
    Failed,
};

QString displayName(DownloadState state);

}  // namespace strata::domain::models

Q_DECLARE_METATYPE(strata::domain::models::DownloadRequest)
Q_DECLARE_METATYPE(strata::domain::models::DownloadState)
