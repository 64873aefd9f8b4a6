// API keys of remote servers (one per base URL), kept in the desktop's keychain through QtKeychain
// (the Secret Service of GNOME Keyring or KeePassXC, or KWallet). GUI thread; the keychain's jobs are
// asynchronous D-Bus calls, so nothing here blocks.
//
// Where no keychain runs (CI, a bare X session, a server without a desktop), a key is kept only for
// this session, in memory, and the user is told so; it is never written to the settings file in
// plain text, where every program of the user, and every backup, could read it. Typing it again
// after a restart is the smaller cost. The same holds when the user turns the keychain off
// ("remote/useKeychain" = false).
#pragma once

#include <QHash>
#include <QObject>
#include <QString>
#include <functional>

namespace strata::app {

class RemoteKeys : public QObject {
    Q_OBJECT
public:
    enum class Storage { Keychain, SessionOnly };

    explicit RemoteKeys(Storage storage, QObject* parent = nullptr);

    // Keeps `key` for `server` for this session and, with a keychain, stores it there (an empty key
    // removes it). keptForSessionOnly() is emitted when the keychain fails (not with SessionOnly,
    // chosen on purpose: the dialog's note says it).
    void store(const QString& server, const QString& key);
    // Removes the key for `server` from this session and the keychain.
    void forget(const QString& server) { store(server, {}); }
    // The key for `server`: this session's, else the keychain's, else "" (none needed or known).
    // `done` runs on this thread, maybe before fetch() returns.
    void fetch(const QString& server, const std::function<void(const QString& key)>& done);

    // Whether keys outlive the session: false after a keychain failed or with Storage::SessionOnly.
    bool keychainWorks() const { return m_storage == Storage::Keychain && m_keychainError.isEmpty(); }
    // For the remote server dialog: where a key typed there goes.
    QString storageNote() const;

signals:
    void keptForSessionOnly(const QString& why);

private:
    void keychainFailed(const QString& why);

    Storage m_storage;
    QString m_keychainError;            // the first failure's reason ("" while none failed)
    QHash<QString, QString> m_session;  // server -> key, this session
};

}  // namespace strata::app
