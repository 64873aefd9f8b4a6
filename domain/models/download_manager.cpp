#include "domain/models/download_manager.hpp"

#include "domain/models/download_worker.hpp"
#include "domain/models/partial_download.hpp"

#include <QDir>
#include <QFileInfo>
#include <memory>

namespace strata::domain::models {

DownloadManager::DownloadManager(DownloadSettings settings, QObject* parent)
    : QObject(parent), m_settings(settings),
      m_thread(QStringLiteral("strata-downloads"), std::make_unique<DownloadWorker>(settings))
{
    qRegisterMetaType<DownloadRequest>();
    qRegisterMetaType<DownloadState>();
    connect(m_thread.worker(), &DownloadWorker::stateChanged, this, &DownloadManager::onStateChanged,
            Qt::QueuedConnection);
    connect(
        m_thread.worker(), &DownloadWorker::progress, this,
        [this](const QString& id, qint64 received, qint64 total, double rate) {
            m_model.setProgress(id, received, total, rate);
            emit progress(id, received, total, rate);
        },
        Qt::QueuedConnection);
    connect(
        m_thread.worker(), &DownloadWorker::finished, this,
        [this](const QString& id, const QString& finalPath, bool verified) {
            m_requests.remove(id);
            emit completed(finalPath, verified);
        },
        Qt::QueuedConnection);
}

DownloadManager::~DownloadManager()
{
    // The worker's network objects must die in the thread that made them.
    QMetaObject::invokeMethod(m_thread.worker(), &DownloadWorker::shutdown, Qt::BlockingQueuedConnection);
    m_thread.stop();
}

QString DownloadManager::start(const DownloadRequest& request)
{
    const QString id = request.finalPath();
    m_requests.insert(id, request);
    m_model.add(id, request);
    QMetaObject::invokeMethod(
        m_thread.worker(), [w = m_thread.worker(), request] { w->start(request); }, Qt::QueuedConnection);
    return id;
}

void DownloadManager::pause(const QString& id)
{
    QMetaObject::invokeMethod(
        m_thread.worker(), [w = m_thread.worker(), id] { w->pause(id); }, Qt::QueuedConnection);
}

void DownloadManager::resume(const QString& id)
{
    const auto it = m_requests.constFind(id);
    if (it == m_requests.constEnd())
        return;
    const DownloadRequest request = *it;
    m_model.setState(id, DownloadState::Queued, {});
    QMetaObject::invokeMethod(
        m_thread.worker(), [w = m_thread.worker(), request] { w->start(request); }, Qt::QueuedConnection);
}

void DownloadManager::cancel(const QString& id)
{
    m_requests.remove(id);
    m_model.remove(id);
    QMetaObject::invokeMethod(
        m_thread.worker(), [w = m_thread.worker(), id] { w->cancel(id); }, Qt::QueuedConnection);
}

QStringList DownloadManager::restorePartials(const QStringList& folders)
{
    QStringList ids;
    for (const QString& folder : folders) {
        const QFileInfoList states = QDir(folder).entryInfoList({QStringLiteral("*.part.json")}, QDir::Files);
        for (const QFileInfo& info : states) {
            PartialDownload partial;
            QString error;
            if (!PartialDownload::load(info.absoluteFilePath(), partial, &error))
                continue;  // not ours or damaged: leave it alone
            const QString id = partial.request.finalPath();
            if (m_requests.contains(id))
                continue;
            m_requests.insert(id, partial.request);
            m_model.add(id, partial.request);
            const qint64 have = QFileInfo(PartialDownload::partPath(id)).size();
            m_model.setProgress(id, have, partial.request.exactSize, 0.0);
            m_model.setState(id, DownloadState::Paused, tr("unfinished from an earlier session"));
            ids << id;
        }
    }
    return ids;
}

void DownloadManager::onStateChanged(const QString& id, DownloadState state, const QString& message)
{
    if (!m_requests.contains(id) && state != DownloadState::Completed)
        return;  // cancelled meanwhile
    m_model.setState(id, state, message);
    emit stateChanged(id, state, message);
    if (state == DownloadState::Failed)
        emit failed(id, message);
}

}  // namespace strata::domain::models
