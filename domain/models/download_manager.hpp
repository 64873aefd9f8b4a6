// The GUI thread's handle on downloads: forwards requests to the DownloadWorker on its own
// "strata-downloads" thread and keeps the DownloadListModel (touched only on the GUI thread).
#pragma once

#include "domain/models/download_list_model.hpp"
#include "domain/models/download_request.hpp"
#include "domain/threading/owned_thread.hpp"

#include <QHash>
#include <QObject>

namespace strata::domain::models {

class DownloadWorker;

class DownloadManager : public QObject {
    Q_OBJECT
public:
    explicit DownloadManager(DownloadSettings settings = {}, QObject* parent = nullptr);
    // Stops the transfers; their .part files stay and resume in the next run.
    ~DownloadManager() override;

    // Returns the download's id: the path the finished file will have.
    QString start(const DownloadRequest& request);
    void pause(const QString& id);
    void resume(const QString& id);
    void cancel(const QString& id);  // stops and deletes the partial file

    // Lists the unfinished downloads (`*.part.json`) found in these folders as paused; returns their ids.
    QStringList restorePartials(const QStringList& folders);

    DownloadListModel* model() { return &m_model; }
    const DownloadSettings& settings() const { return m_settings; }

signals:
    void stateChanged(const QString& id, strata::domain::models::DownloadState state, const QString& message);
    void progress(const QString& id, qint64 received, qint64 total, double bytesPerSecond);
    // The file is in its folder, whole; `verified`: its SHA-256 matched the catalogue's or the
    // server's. Without either there is nothing to check against.
    void completed(const QString& finalPath, bool verified);
    void failed(const QString& id, const QString& message);

private:
    void onStateChanged(const QString& id, DownloadState state, const QString& message);

    DownloadSettings m_settings;
    domain::OwnedThread<DownloadWorker> m_thread;  // "strata-downloads"
    DownloadListModel m_model;
    QHash<QString, DownloadRequest> m_requests;
};

}  // namespace strata::domain::models
