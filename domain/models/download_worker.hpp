// Runs every transfer on the "strata-downloads" thread: owns the QNetworkAccessManager, writes the
// .part files, retries stalled or dropped connections, verifies the hash and renames the file into
// the library. Only DownloadManager talks to it, through queued calls and signals.
#pragma once

#include "domain/models/download_request.hpp"
#include "domain/models/partial_download.hpp"
#include "domain/models/transfer_rate.hpp"

#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <map>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace strata::domain::models {

class DownloadWorker : public QObject {
    Q_OBJECT
public:
    explicit DownloadWorker(DownloadSettings settings);
    ~DownloadWorker() override;

public slots:
    void start(const strata::domain::models::DownloadRequest& request);
    void pause(const QString& id);
    void cancel(const QString& id);
    // Stop every transfer, keeping the .part files to resume later; frees the network objects.
    void shutdown();

signals:
    void stateChanged(const QString& id, strata::domain::models::DownloadState state, const QString& message);
    void progress(const QString& id, qint64 received, qint64 total, double bytesPerSecond);
    void finished(const QString& id, const QString& finalPath, bool verified);

private:
    struct Transfer;

    void begin(Transfer& t);
    void onRedirected(Transfer& t, const QUrl& to);
    bool checkResponse(Transfer& t);  // false when the transfer was restarted or stopped
    void onReadyRead(Transfer& t);
    void onFinished(Transfer& t);
    void restartFromZero(Transfer& t, const QString& why);
    void retryLater(Transfer& t, const QString& why);
    void verifyAndCommit(Transfer& t);
    void commit(Transfer& t, const QString& actualSha256, const QString& hashError);
    void fail(Transfer& t, const QString& message, bool keepPart);
    void failToWrite(Transfer& t);  // the .part could not be written: deleted, with the free space
    // The most bytes the file may have: the announced length, the catalogue's exact size, or
    // DownloadSettings::maxUnannouncedBytes.
    qint64 sizeCap(const Transfer& t) const;
    void emitProgress(Transfer& t, bool force);
    QString checkDiskSpace(const Transfer& t, qint64 totalBytes) const;
    void saveState(Transfer& t);
    void dropReply(Transfer& t);

    DownloadSettings m_settings;
    QNetworkAccessManager* m_network = nullptr;  // created on first use, in this thread
    std::map<QString, std::unique_ptr<Transfer>> m_transfers;
};

}  // namespace strata::domain::models
