#include "domain/models/download_manager.hpp"

#include "domain/models/download_worker.hpp"
#include "domain/models/partial_download.hpp"

#include <QDir>
#include <QFileInfo>

namespace strata::models {

DownloadManager::DownloadManager(DownloadSettings settings, QObject* parent)
    : QObject(parent), settings_(settings), worker_(new DownloadWorker(settings))
{
    qRegisterMetaType<DownloadRequest>();
    qRegisterMetaType<DownloadState>();
    thread_.setObjectName(QStringLiteral("strata-downloads"));
    worker_->moveToThread(&thread_);
    connect(worker_, &DownloadWorker::stateChanged, this, &DownloadManager::onStateChanged, Qt::QueuedConnection);
    connect(
        worker_, &DownloadWorker::progress, this,
        [this](const QString& id, qint64 received, qint64 total, double rate) {
            model_.setProgress(id, received, total, rate);
            emit progress(id, received, total, rate);
        },
        Qt::QueuedConnection);
    connect(
        worker_, &DownloadWorker::finished, this,
        [this](const QString& id, const QString& finalPath) {
            requests_.remove(id);
            emit completed(finalPath);
        },
        Qt::QueuedConnection);
    thread_.start();
}

DownloadManager::~DownloadManager()
{
    // The worker's network objects must die in the thread that made them.
    QMetaObject::invokeMethod(worker_, &DownloadWorker::shutdown, Qt::BlockingQueuedConnection);
    thread_.quit();
    thread_.wait();
    delete worker_;
}

QString DownloadManager::start(const DownloadRequest& request)
{
    const QString id = request.finalPath();
    requests_.insert(id, request);
    model_.add(id, request);
    QMetaObject::invokeMethod(worker_, [w = worker_, request] { w->start(request); }, Qt::QueuedConnection);
    return id;
}

void DownloadManager::pause(const QString& id)
{
    QMetaObject::invokeMethod(worker_, [w = worker_, id] { w->pause(id); }, Qt::QueuedConnection);
}

void DownloadManager::resume(const QString& id)
{
    const auto it = requests_.constFind(id);
    if (it == requests_.constEnd())
        return;
    const DownloadRequest request = *it;
    model_.setState(id, DownloadState::Queued, {});
    QMetaObject::invokeMethod(worker_, [w = worker_, request] { w->start(request); }, Qt::QueuedConnection);
}

void DownloadManager::cancel(const QString& id)
{
    requests_.remove(id);
    model_.remove(id);
    QMetaObject::invokeMethod(worker_, [w = worker_, id] { w->cancel(id); }, Qt::QueuedConnection);
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
            if (requests_.contains(id))
                continue;
            requests_.insert(id, partial.request);
            model_.add(id, partial.request);
            const qint64 have = QFileInfo(PartialDownload::partPath(id)).size();
            model_.setProgress(id, have, partial.request.exactSize, 0.0);
            model_.setState(id, DownloadState::Paused, tr("unfinished from an earlier session"));
            ids << id;
        }
    }
    return ids;
}

void DownloadManager::onStateChanged(const QString& id, DownloadState state, const QString& message)
{
    if (!requests_.contains(id) && state != DownloadState::Completed)
        return;  // cancelled meanwhile
    model_.setState(id, state, message);
    emit stateChanged(id, state, message);
    if (state == DownloadState::Failed)
        emit failed(id, message);
}

}  // namespace strata::models
