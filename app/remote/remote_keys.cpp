#include "app/remote/remote_keys.hpp"

#include <qt6keychain/keychain.h>

namespace strata::app {

namespace {
const char* const kService = "Strata remote servers";
}  // namespace

RemoteKeys::RemoteKeys(Storage storage, QObject* parent) : QObject(parent), m_storage(storage) {}

QString RemoteKeys::storageNote() const
{
    if (m_storage == Storage::SessionOnly)
        return tr("The key is kept only until Strata quits: the keychain is turned off, and keys are never written "
                  "to the settings file.");
    if (!m_keychainError.isEmpty())
        return tr("No keychain is available (%1): the key is kept only until Strata quits, never written to the "
                  "settings file.")
            .arg(m_keychainError);
    return tr("The key is stored in the desktop's keychain.");
}

void RemoteKeys::keychainFailed(const QString& why)
{
    if (m_keychainError.isEmpty())
        m_keychainError = why.isEmpty() ? tr("the keychain did not answer") : why;
    emit keptForSessionOnly(storageNote());
}

void RemoteKeys::store(const QString& server, const QString& key)
{
    if (key.isEmpty())
        m_session.remove(server);
    else
        m_session.insert(server, key);
    if (!keychainWorks()) {
        // The dialog said so already; a keychain that failed is news worth repeating in the chat.
        if (!key.isEmpty() && m_storage == Storage::Keychain)
            emit keptForSessionOnly(storageNote());
        return;
    }
    QKeychain::Job* job = nullptr;
    if (key.isEmpty()) {
        job = new QKeychain::DeletePasswordJob(QString::fromLatin1(kService), this);
    } else {
        auto* write = new QKeychain::WritePasswordJob(QString::fromLatin1(kService), this);
        write->setTextData(key);
        job = write;
    }
    job->setKey(server);
    connect(job, &QKeychain::Job::finished, this, [this, job, deleting = key.isEmpty()] {
        if (job->error() != QKeychain::NoError && !(deleting && job->error() == QKeychain::EntryNotFound))
            keychainFailed(job->errorString());
    });
    job->start();  // the job deletes itself when finished (autoDelete)
}

void RemoteKeys::fetch(const QString& server, const std::function<void(const QString& key)>& done)
{
    if (const auto known = m_session.constFind(server); known != m_session.cend() || !keychainWorks()) {
        done(known != m_session.cend() ? *known : QString());
        return;
    }
    auto* read = new QKeychain::ReadPasswordJob(QString::fromLatin1(kService), this);
    read->setKey(server);
    connect(read, &QKeychain::Job::finished, this, [this, read, server, done] {
        if (read->error() == QKeychain::NoError) {
            m_session.insert(server, read->textData());
            done(read->textData());
            return;
        }
        if (read->error() != QKeychain::EntryNotFound)
            keychainFailed(read->errorString());
        done(QString());
    });
    read->start();
}

}  // namespace strata::app
