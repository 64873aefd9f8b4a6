#include "domain/models/download_worker.hpp"

#include "domain/models/download_list_model.hpp"
#include "domain/models/file_sha256.hpp"
#include "domain/models/url_policy.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QStorageInfo>
#include <QtConcurrent/QtConcurrentRun>

namespace strata::domain::models {

namespace {

// Worth trying again later: the network or the server had a bad moment.
bool isTransient(QNetworkReply::NetworkError e)
{
    switch (e) {
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::TimeoutError:
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::HostNotFoundError:
    case QNetworkReply::ProxyConnectionClosedError:
    case QNetworkReply::ProxyTimeoutError:
    case QNetworkReply::UnknownNetworkError:
    case QNetworkReply::UnknownContentError:
    case QNetworkReply::ProtocolFailure:
    case QNetworkReply::InternalServerError:
    case QNetworkReply::ServiceUnavailableError:
    case QNetworkReply::UnknownServerError: return true;
    default: return false;
    }
}

bool isTransientStatus(int status)
{
    return status == 408 || status == 429 || status >= 500;
}

}  // namespace

struct DownloadWorker::Transfer {
    QString id;  // final path
    QString partPath;
    PartialDownload state;
    QFile part;
    QPointer<QNetworkReply> reply;
    QUrl currentUrl;         // where the current request is, after redirects
    QString linkedEtag;      // X-Linked-Etag seen on a redirect (Hugging Face LFS: the SHA-256)
    qint64 linkedSize = -1;  // X-Linked-Size seen on a redirect
    qint64 received = 0;     // bytes in the .part file
    qint64 total = -1;       // the whole file's size as the server reports it
    int failedAttempts = 0;  // attempts in a row that brought no new byte
    bool active = false;     // connecting, downloading, waiting to retry or verifying
    bool headersChecked = false;
    QTimer stallTimer;
    QTimer retryTimer;
    TransferRate rate;
    QElapsedTimer lastProgress;
    std::unique_ptr<QFutureWatcher<FileHash>> hashing;

    QString expectedSha256() const
    {
        if (!state.request.expectedSha256.isEmpty())
            return state.request.expectedSha256.toLower();
        return isSha256Hex(state.validator) ? state.validator.toLower() : QString();
    }
};

DownloadWorker::DownloadWorker(DownloadSettings settings) : m_settings(settings) {}

DownloadWorker::~DownloadWorker() = default;

void DownloadWorker::start(const DownloadRequest& request)
{
    const QString id = request.finalPath();
    if (auto it = m_transfers.find(id); it != m_transfers.end() && it->second->active)
        return;  // already running: starting twice is a no-op

    auto owned = std::make_unique<Transfer>();
    Transfer& t = *owned;
    m_transfers[id] = std::move(owned);
    t.id = id;
    t.partPath = PartialDownload::partPath(id);
    t.state.request = request;
    t.stallTimer.setSingleShot(true);
    t.retryTimer.setSingleShot(true);
    connect(&t.stallTimer, &QTimer::timeout, this, [this, &t] {
        retryLater(t, tr("no data for %1 s").arg(QLocale().toString(m_settings.stallTimeoutMs / 1000.0)));
    });
    connect(&t.retryTimer, &QTimer::timeout, this, [this, &t] { begin(t); });

    if (const QString why = checkDownloadUrl(request.url, m_settings.allowHttpToLoopback); !why.isEmpty())
        return fail(t, why, true);
    if (QFileInfo::exists(id))
        return fail(t, tr("%1 already exists").arg(id), true);
    if (!QDir().mkpath(request.directory))
        return fail(t, tr("cannot create the folder %1").arg(request.directory), true);

    // Resume what an earlier run left, unless it was for another URL.
    PartialDownload saved;
    const QString statePath = PartialDownload::statePath(id);
    if (QFileInfo::exists(statePath) && PartialDownload::load(statePath, saved, nullptr)
        && saved.request.url == request.url) {
        t.state.validator = saved.validator;
        t.state.lastModified = saved.lastModified;
        if (t.state.request.expectedSha256.isEmpty())
            t.state.request.expectedSha256 = saved.request.expectedSha256;
        if (t.state.request.exactSize < 0)
            t.state.request.exactSize = saved.request.exactSize;
        t.received = QFileInfo(t.partPath).size();
    } else {
        QFile::remove(t.partPath);
        t.received = 0;
    }
    const qint64 known = request.exactSize > 0 ? request.exactSize : request.approxSize;
    if (const QString why = checkDiskSpace(t, known); !why.isEmpty())
        return fail(t, why, true);
    saveState(t);
    begin(t);
}

void DownloadWorker::begin(Transfer& t)
{
    t.active = true;
    t.headersChecked = false;
    t.linkedEtag.clear();
    t.linkedSize = -1;
    t.rate.reset();
    if (!t.part.isOpen()) {
        t.part.setFileName(t.partPath);
        if (!t.part.open(QIODevice::WriteOnly | QIODevice::Append))
            return fail(t, tr("cannot write %1: %2").arg(t.partPath, t.part.errorString()), true);
    }
    t.received = t.part.size();

    if (!m_network) {
        m_network = new QNetworkAccessManager(this);
        m_network->setStrictTransportSecurityEnabled(true);
    }
    QNetworkRequest request(t.state.request.url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::UserVerifiedRedirectPolicy);
    request.setMaximumRedirectsAllowed(10);
    // Byte offsets must be the file's own: no transparent gzip.
    request.setRawHeader("Accept-Encoding", "identity");
    request.setHeader(QNetworkRequest::UserAgentHeader,
                      QStringLiteral("Strata/%1").arg(QCoreApplication::applicationVersion()));
    if (t.received > 0)
        request.setRawHeader("Range", "bytes=" + QByteArray::number(t.received) + '-');
    t.currentUrl = t.state.request.url;
    t.reply = m_network->get(request);
    connect(t.reply, &QNetworkReply::redirected, this, [this, &t](const QUrl& to) { onRedirected(t, to); });
    connect(t.reply, &QNetworkReply::readyRead, this, [this, &t] { onReadyRead(t); });
    connect(t.reply, &QNetworkReply::finished, this, [this, &t] { onFinished(t); });
    t.stallTimer.start(m_settings.stallTimeoutMs);
    emit stateChanged(t.id, DownloadState::Connecting,
                      t.received > 0 ? tr("resuming at %1").arg(formatBytes(t.received)) : QString());
    emitProgress(t, true);
}

void DownloadWorker::onRedirected(Transfer& t, const QUrl& to)
{
    const QString why = checkRedirect(t.currentUrl, to, m_settings.allowHttpToLoopback);
    if (!why.isEmpty()) {
        // Not from inside the reply's own signal: stop it on the next turn of the event loop.
        const QString id = t.id;
        QTimer::singleShot(0, this, [this, id, why] {
            if (auto it = m_transfers.find(id); it != m_transfers.end() && it->second->active)
                fail(*it->second, why, true);
        });
        return;
    }
    // Hugging Face answers a resolve URL with a redirect to its CDN; the redirect carries the
    // LFS object's SHA-256 and size, the CDN's answer may not.
    if (const QString linked = normalizedEtag(t.reply->rawHeader("X-Linked-Etag")); !linked.isEmpty())
        t.linkedEtag = linked;
    bool ok = false;
    if (const qint64 size = t.reply->rawHeader("X-Linked-Size").toLongLong(&ok); ok && size >= 0)
        t.linkedSize = size;
    t.currentUrl = to;
    emit t.reply->redirectAllowed();
}

bool DownloadWorker::checkResponse(Transfer& t)
{
    QNetworkReply& r = *t.reply;
    const int status = r.attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    static const QRegularExpression contentRange(QStringLiteral(R"(^bytes\s+(\d+)-(\d+)/(\d+|\*)$)"));
    static const QRegularExpression unsatisfied(QStringLiteral(R"(^bytes\s+\*/(\d+)$)"));
    const QString rangeHeader = QString::fromLatin1(r.rawHeader("Content-Range")).trimmed();

    if (status == 416 && t.received > 0) {
        // Nothing left to send from our offset: the .part is either complete or longer than the file.
        const auto m = unsatisfied.match(rangeHeader);
        if (m.hasMatch() && m.captured(1).toLongLong() == t.received) {
            dropReply(t);
            t.total = t.received;
            verifyAndCommit(t);
        } else {
            restartFromZero(t, tr("the server cannot resume at %1").arg(formatBytes(t.received)));
        }
        return false;
    }
    if (status < 200 || status >= 300) {
        const QString why = status == 0 ? r.errorString()
                                        : tr("HTTP %1 %2 from %3")
                                              .arg(status)
                                              .arg(r.attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString(),
                                                   t.currentUrl.toDisplayString(QUrl::RemoveQuery));
        if (status == 0 || isTransientStatus(status))
            retryLater(t, why);
        else
            fail(t, why, true);
        return false;
    }

    const QString etag = !t.linkedEtag.isEmpty() ? t.linkedEtag : normalizedEtag(r.rawHeader("ETag"));
    const QString lastModified = QString::fromLatin1(r.rawHeader("Last-Modified")).trimmed();
    const bool changed =
        (!t.state.validator.isEmpty() && !etag.isEmpty() && etag != t.state.validator)
        || (!t.state.lastModified.isEmpty() && !lastModified.isEmpty() && lastModified != t.state.lastModified);
    t.state.validator = etag;
    t.state.lastModified = lastModified;
    if (changed && t.received > 0) {
        restartFromZero(t, tr("the file on the server changed since the download began"));
        return false;
    }

    qint64 total = -1;
    if (status == 206) {
        const auto m = contentRange.match(rangeHeader);
        if (!m.hasMatch() || m.captured(1).toLongLong() != t.received) {
            restartFromZero(t, tr("the server resumed at another offset (%1)").arg(rangeHeader));
            return false;
        }
        if (m.captured(3) != QLatin1String("*"))
            total = m.captured(3).toLongLong();
    } else {
        if (t.received > 0) {
            // The server ignored our Range and sends the whole file: start the .part over.
            t.part.resize(0);
            t.part.seek(0);
            t.received = 0;
        }
        bool ok = false;
        const qint64 length = r.header(QNetworkRequest::ContentLengthHeader).toLongLong(&ok);
        if (ok)
            total = length;
    }
    if (total < 0)
        total = t.linkedSize;
    const qint64 exact = t.state.request.exactSize;
    if (exact > 0 && total >= 0 && total != exact) {
        fail(t, tr("the server offers %1 bytes, expected %2").arg(QLocale().toString(total), QLocale().toString(exact)),
             true);
        return false;
    }
    if (const QString why = checkDiskSpace(t, total); !why.isEmpty()) {
        fail(t, why, true);
        return false;
    }
    t.total = total;
    t.headersChecked = true;
    saveState(t);
    emit stateChanged(t.id, DownloadState::Downloading, {});
    return true;
}

qint64 DownloadWorker::sizeCap(const Transfer& t) const
{
    if (t.total >= 0)
        return t.total;
    if (t.state.request.exactSize > 0)
        return t.state.request.exactSize;
    return m_settings.maxUnannouncedBytes;
}

void DownloadWorker::onReadyRead(Transfer& t)
{
    if (!t.headersChecked && !checkResponse(t))
        return;
    const QByteArray data = t.reply->readAll();
    if (data.isEmpty())
        return;
    if (const qint64 cap = sizeCap(t); t.received + data.size() > cap)
        return fail(t,
                    tr("the server sent more than the %1 bytes this file can have; the partial file was "
                       "deleted")
                        .arg(cap),
                    false);
    if (t.part.write(data) != data.size())
        return failToWrite(t);
    t.received += data.size();
    t.rate.add(data.size());
    t.failedAttempts = 0;
    t.stallTimer.start(m_settings.stallTimeoutMs);
    emitProgress(t, false);
}

void DownloadWorker::onFinished(Transfer& t)
{
    t.stallTimer.stop();
    QNetworkReply* r = t.reply;
    const int status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (!t.headersChecked && status != 0 && !checkResponse(t))
        return;
    if (t.headersChecked && t.reply)
        onReadyRead(t);  // what is still buffered
    if (!t.active || !t.reply)
        return;  // the read above failed the transfer
    const QNetworkReply::NetworkError error = r->error();
    const QString errorText = r->errorString();
    dropReply(t);

    if (error == QNetworkReply::NoError) {
        if (t.total >= 0 && t.received < t.total)
            return retryLater(
                t, tr("the connection closed at %1 of %2").arg(formatBytes(t.received), formatBytes(t.total)));
        if (!t.part.flush())
            return failToWrite(t);
        return verifyAndCommit(t);
    }
    if (error == QNetworkReply::SslHandshakeFailedError)
        return fail(t, tr("TLS verification failed: %1").arg(errorText), true);
    if (isTransient(error))
        return retryLater(t, errorText);
    fail(t, errorText, true);
}

void DownloadWorker::restartFromZero(Transfer& t, const QString& why)
{
    dropReply(t);
    t.part.resize(0);
    t.part.seek(0);
    t.received = 0;
    saveState(t);
    emit stateChanged(t.id, DownloadState::Connecting, tr("%1; starting over").arg(why));
    begin(t);
}

void DownloadWorker::retryLater(Transfer& t, const QString& why)
{
    dropReply(t);
    if (t.part.isOpen() && !t.part.flush())
        return failToWrite(t);
    ++t.failedAttempts;
    if (t.failedAttempts >= m_settings.maxAttempts)
        return fail(t, tr("gave up after %1 attempts without progress: %2").arg(t.failedAttempts).arg(why), true);
    const int shift = std::min(t.failedAttempts - 1, 16);
    const int delay = int(std::min<qint64>(qint64(m_settings.retryBaseDelayMs) << shift, m_settings.retryMaxDelayMs));
    emit stateChanged(t.id, DownloadState::Retrying,
                      tr("%1; retrying in %2 s (attempt %3 of %4)")
                          .arg(why)
                          .arg(delay / 1000.0)
                          .arg(t.failedAttempts + 1)
                          .arg(m_settings.maxAttempts));
    t.retryTimer.start(delay);
}

void DownloadWorker::verifyAndCommit(Transfer& t)
{
    t.part.close();  // flushes: a full disk may show only now
    if (t.part.error() != QFileDevice::NoError)
        return failToWrite(t);
    emitProgress(t, true);
    const qint64 expected = t.total >= 0 ? t.total : t.state.request.exactSize;
    if (expected >= 0 && t.received != expected)
        return fail(
            t, tr("received %1 bytes but the file has %2; the partial file was deleted").arg(t.received).arg(expected),
            false);
    if (const qint64 onDisk = QFileInfo(t.partPath).size(); onDisk != t.received)
        return fail(t,
                    tr("%1 has %2 bytes on disk but %3 were received; the partial file was deleted")
                        .arg(t.partPath)
                        .arg(onDisk)
                        .arg(t.received),
                    false);
    if (t.expectedSha256().isEmpty())
        return commit(t, {}, {});
    emit stateChanged(t.id, DownloadState::Verifying, tr("checking SHA-256"));
    // Hashing takes seconds per GiB: a pool thread does it, this thread stays free for other transfers.
    t.hashing = std::make_unique<QFutureWatcher<FileHash>>();
    connect(t.hashing.get(), &QFutureWatcherBase::finished, this, [this, &t] {
        const FileHash result = t.hashing->result();
        commit(t, result.hex, result.error);
    });
    t.hashing->setFuture(QtConcurrent::run(sha256OfFile, t.partPath));
}

void DownloadWorker::commit(Transfer& t, const QString& actualSha256, const QString& hashError)
{
    if (!hashError.isEmpty())
        return fail(t, hashError, true);
    const QString expected = t.expectedSha256();
    if (!expected.isEmpty() && actualSha256 != expected) {
        QFile::remove(t.partPath);
        QFile::remove(PartialDownload::statePath(t.id));
        return fail(t,
                    tr("SHA-256 mismatch for %1: expected %2, got %3; the downloaded file was deleted")
                        .arg(t.state.request.fileName, expected, actualSha256),
                    false);
    }
    // rename() on one file system is atomic and never overwrites: the library sees all or nothing.
    if (QFileInfo::exists(t.id))
        return fail(t, tr("%1 already exists").arg(t.id), true);
    if (!QFile::rename(t.partPath, t.id))
        return fail(t, tr("cannot rename %1 to %2").arg(t.partPath, t.id), true);
    QFile::remove(PartialDownload::statePath(t.id));
    t.active = false;
    emit stateChanged(t.id, DownloadState::Completed,
                      expected.isEmpty() ? tr("no hash to check") : tr("SHA-256 verified"));
    emit finished(t.id, t.id, !expected.isEmpty());
}

void DownloadWorker::fail(Transfer& t, const QString& message, bool keepPart)
{
    dropReply(t);
    t.retryTimer.stop();
    t.part.close();
    if (!keepPart) {
        QFile::remove(t.partPath);
        QFile::remove(PartialDownload::statePath(t.id));
    }
    t.active = false;
    emit stateChanged(t.id, DownloadState::Failed, message);
}

void DownloadWorker::failToWrite(Transfer& t)
{
    // A write that fails is almost always a full disk (or quota): the .part would only take the
    // space a retry needs, and resuming it later fails the same way. It goes, and the message says
    // how much space is left.
    const QString why = t.part.errorString();
    QStorageInfo storage(t.state.request.directory);
    storage.refresh();
    const QString space =
        storage.isValid()
            ? tr("%1 of free space left in %2").arg(formatBytes(storage.bytesAvailable()), t.state.request.directory)
            : tr("free space in %1 unknown").arg(t.state.request.directory);
    fail(t, tr("cannot write %1: %2 (%3); the partial file was deleted").arg(t.partPath, why, space), false);
}

void DownloadWorker::pause(const QString& id)
{
    auto it = m_transfers.find(id);
    if (it == m_transfers.end() || !it->second->active || it->second->hashing)
        return;
    Transfer& t = *it->second;
    dropReply(t);
    t.retryTimer.stop();
    t.part.close();
    t.active = false;
    saveState(t);
    emit stateChanged(id, DownloadState::Paused, {});
}

void DownloadWorker::cancel(const QString& id)
{
    auto it = m_transfers.find(id);
    if (it != m_transfers.end()) {
        Transfer& t = *it->second;
        if (t.hashing)
            t.hashing->disconnect(this);
        dropReply(t);
        t.retryTimer.stop();
        t.part.close();
        m_transfers.erase(it);
    }
    QFile::remove(PartialDownload::partPath(id));
    QFile::remove(PartialDownload::statePath(id));
}

void DownloadWorker::shutdown()
{
    for (auto& [id, t] : m_transfers) {
        if (t->hashing)
            t->hashing->disconnect(this);
        dropReply(*t);
        t->retryTimer.stop();
        t->part.close();
    }
    m_transfers.clear();
    delete m_network;
    m_network = nullptr;
}

void DownloadWorker::emitProgress(Transfer& t, bool force)
{
    // About five updates a second are plenty for a progress bar.
    if (!force && t.lastProgress.isValid() && t.lastProgress.elapsed() < 200)
        return;
    t.lastProgress.start();
    emit progress(t.id, t.received, t.total >= 0 ? t.total : t.state.request.exactSize, t.rate.bytesPerSecond());
}

QString DownloadWorker::checkDiskSpace(const Transfer& t, qint64 totalBytes) const
{
    if (totalBytes < 0)
        return {};
    const qint64 needed = std::max<qint64>(0, totalBytes - t.received);
    QStorageInfo storage(t.state.request.directory);
    storage.refresh();
    if (!storage.isValid() || !storage.isReady())
        return {};  // cannot tell: the write itself will report a full disk
    const qint64 available = storage.bytesAvailable();
    if (needed + m_settings.diskReserveBytes > available)
        return tr("not enough disk space in %1: %2 needed, %3 free (%4 kept in reserve)")
            .arg(t.state.request.directory, formatBytes(needed), formatBytes(available),
                 formatBytes(m_settings.diskReserveBytes));
    return {};
}

void DownloadWorker::saveState(Transfer& t)
{
    if (const QString error = t.state.save(); !error.isEmpty())
        emit stateChanged(t.id, DownloadState::Failed, error);
}

void DownloadWorker::dropReply(Transfer& t)
{
    t.stallTimer.stop();
    if (!t.reply)
        return;
    QNetworkReply* r = t.reply;
    t.reply = nullptr;
    disconnect(r, nullptr, this, nullptr);
    r->abort();
    r->deleteLater();
}

}  // namespace strata::domain::models
