// A download in progress on disk: `<name>.part` holds the bytes so far, `<name>.part.json` what is
// needed to resume it after a restart and to notice when the remote file changed meanwhile.
#pragma once

#include "domain/models/download_request.hpp"

#include <QString>

namespace strata::domain::models {

struct PartialDownload {
    DownloadRequest request;  // url, folder, final name, sizes, expected hash
    QString validator;        // the remote's ETag (X-Linked-Etag on Hugging Face) when we last asked
    QString lastModified;     // the remote's Last-Modified when we last asked

    static QString partPath(const QString& finalPath) { return finalPath + QStringLiteral(".part"); }
    static QString statePath(const QString& finalPath) { return finalPath + QStringLiteral(".part.json"); }

    // Write the state file atomically (QSaveFile). Returns an error message or empty.
    QString save() const;

    // Read `<final>.part.json`; `error` says what is wrong with a broken file.
    static bool load(const QString& stateFile, PartialDownload& out, QString* error);
};

// A quoted or weak ETag reduced to its value; a 64-hex-digit value is a SHA-256 (Hugging Face LFS).
QString normalizedEtag(const QByteArray& headerValue);
bool isSha256Hex(const QString& text);

}  // namespace strata::domain::models
