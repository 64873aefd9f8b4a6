// The keychain's success path: a remote server's API key stored through RemoteKeys is kept by a real
// Secret Service (GNOME Keyring on a private D-Bus session bus, started by with_private_keychain.sh,
// which ctest runs this test under), fetched from there by a new RemoteKeys as after a restart, never
// written in plain text to the settings or any other file, and removed from the keychain by forget().
// The app's path too: a key typed in the "Remote server..." dialog is used by the next start.
// The test writes to a keychain only when its session bus is that private one: never to the user's.
#include "app/application.hpp"
#include "app/chat_coordinator.hpp"
#include "app/remote/remote_keys.hpp"
#include "tests/app/isolated_settings.hpp"
#include "tests/app/notice_texts.hpp"
#include "tests/app/remote/http_header_value.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/chat/remote_model_dialog.hpp"
#include "ui/main_window.hpp"

#include <QAbstractButton>
#include <QDirIterator>
#include <QFile>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>
#include <qt6keychain/keychain.h>

using strata::app::Application;
using strata::app::RemoteKeys;

namespace {

const QString kServer = QStringLiteral("http://keychain-test.invalid:8080");
const QString kKey = QStringLiteral("sk-strata-keychain-test-5187");

// QtKeychain's jobs are children of the RemoteKeys that started them and delete themselves when done.
bool jobsEnd(const RemoteKeys& keys)
{
    return QTest::qWaitFor([&] { return keys.findChildren<QKeychain::Job*>().isEmpty(); }, 20000);
}

// Whether `text` is in any file under `folder`, in plain text.
bool anyFileHolds(const QString& folder, const QByteArray& text)
{
    QDirIterator files(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        QFile file(files.next());
        if (file.open(QIODevice::ReadOnly) && file.readAll().contains(text))
            return true;
    }
    return false;
}

// An OpenAI-compatible server as far as choosing a model goes: GET /v1/models lists "scripted" to a
// request with "Authorization: Bearer <key>" (the name matched without case) and answers any other with a 401.
class KeyCheckingServer : public QObject {
public:
    explicit KeyCheckingServer(QByteArray key) : m_key(std::move(key))
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server.nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { answer(socket); });
        });
    }
    QString base() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    int refused = 0;

private:
    void answer(QTcpSocket* socket)
    {
        QByteArray& request = m_requests[socket];
        request += socket->readAll();
        if (!request.contains("\r\n\r\n"))
            return;
        const bool keyed =
            strata::test::headerValue(request.left(request.indexOf("\r\n\r\n")), "Authorization") == "Bearer " + m_key;
        const QByteArray body = keyed ? R"({"object":"list","data":[{"id":"scripted","object":"model"}]})"
                                      : R"({"error":{"message":"the API key is not valid"}})";
        refused += keyed ? 0 : 1;
        socket->write((keyed ? "HTTP/1.1 200 OK" : "HTTP/1.1 401 Unauthorized")
                      + QByteArray("\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ")
                      + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        socket->disconnectFromHost();
        m_requests.remove(socket);
    }

    QByteArray m_key;
    QTcpServer m_server;
    QHash<QTcpSocket*, QByteArray> m_requests;
};

}  // namespace

class RemoteKeychainTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // What a RemoteKeys made now (nothing of this session in memory, as after a restart) fetches
    // for kServer; it checks that the keychain answered without failing.
    static QString fetchedAfterARestart()
    {
        RemoteKeys keys(RemoteKeys::Storage::Keychain);
        QSignalSpy failed(&keys, &RemoteKeys::keptForSessionOnly);
        bool done = false;
        QString fetched;
        keys.fetch(kServer, [&](const QString& key) {
            fetched = key;
            done = true;
        });
        if (!QTest::qWaitFor([&] { return done; }, 20000))
            return QStringLiteral("<the keychain did not answer>");
        if (!failed.isEmpty() || !keys.keychainWorks())
            return QStringLiteral("<the keychain failed: %1>").arg(keys.storageNote());
        return fetched;
    }

private slots:
    void initTestCase()
    {
        strata::test::keepSettingsIn(m_dir, QStringLiteral("StrataTest"));
        QStandardPaths::setTestModeEnabled(true);

        const QString missing = qEnvironmentVariable("STRATA_PRIVATE_KEYCHAIN_MISSING");
        const QString bus = qEnvironmentVariable("STRATA_PRIVATE_KEYCHAIN_BUS");
        QString why;
        if (!missing.isEmpty())
            why = missing
                  + QStringLiteral(" is not installed, so no private keychain can run (tools/packages.sh, "
                                   "test list: gnome-keyring, dbus-bin, dbus-daemon, libsecret-1-0)");
        else if (bus.isEmpty() || bus != qEnvironmentVariable("DBUS_SESSION_BUS_ADDRESS"))
            why = QStringLiteral("not run under tests/app/remote/with_private_keychain.sh (ctest runs it so), and a "
                                 "test must not write to the user's own keychain");
        if (why.isEmpty())
            return;
        // CI installs the test packages (tools/quickstart.sh test) and runs with CI=true
        // (tools/dev/fresh_root.sh, as most CI services do): there the keychain must run, so a
        // missing one fails instead of passing unseen.
        if (qEnvironmentVariable("CI") == QLatin1String("true"))
            QFAIL(qPrintable(QStringLiteral("CI must run the keychain test: ") + why));
        QSKIP(qPrintable(why));
    }

    void aKeyOutlivesTheSessionInTheKeychainAndIsForgotten()
    {
        QVERIFY(fetchedAfterARestart().isEmpty());  // a fresh keychain: nothing for this server, no failure

        {
            RemoteKeys keys(RemoteKeys::Storage::Keychain);
            QSignalSpy failed(&keys, &RemoteKeys::keptForSessionOnly);
            keys.store(kServer, kKey);
            QVERIFY(jobsEnd(keys));
            QVERIFY2(failed.isEmpty(), qPrintable(keys.storageNote()));
            QVERIFY(keys.keychainWorks());
            QVERIFY2(keys.storageNote().contains(QStringLiteral("stored in the desktop's keychain")),
                     qPrintable(keys.storageNote()));
        }
        QCOMPARE(fetchedAfterARestart(), kKey);

        // Never in plain text in a file: not the settings, not the keychain's own (encrypted) files.
        QSettings settings;
        settings.setValue(QStringLiteral("remote/useKeychain"), true);
        settings.sync();
        QVERIFY(QFile::exists(settings.fileName()));
        QVERIFY(!anyFileHolds(m_dir.path(), kKey.toUtf8()));
        QVERIFY(!anyFileHolds(qEnvironmentVariable("HOME"), kKey.toUtf8()));

        {
            RemoteKeys keys(RemoteKeys::Storage::Keychain);
            QSignalSpy failed(&keys, &RemoteKeys::keptForSessionOnly);
            keys.forget(kServer);
            QVERIFY(jobsEnd(keys));
            QVERIFY2(failed.isEmpty(), qPrintable(keys.storageNote()));
            QVERIFY(keys.keychainWorks());
        }
        QCOMPARE(fetchedAfterARestart(), QString());
    }

    // The app: a key typed in "Remote server..." goes to the keychain, and the next start (nothing in
    // memory) chooses the same remote model with it from there; a server that requires it accepts it.
    void theDialogsKeyServesTheNextStart()
    {
        KeyCheckingServer server("sk-strata-app-key-2291");
        QString path;
        {
            Application app(m_dir.filePath(QStringLiteral("first.sqlite")));
            app.show();
            QVERIFY(app.remoteKeys().keychainWorks());  // "remote/useKeychain" is true by default
            auto* selector = app.window().modelSelector();
            QTest::mouseClick(selector->findChild<QAbstractButton*>(QStringLiteral("remoteModelButton")),
                              Qt::LeftButton);
            auto* dialog = selector->findChild<strata::ui::RemoteModelDialog*>(QStringLiteral("remoteModelDialog"));
            QVERIFY(dialog);
            dialog->addressEdit()->setText(server.base());
            dialog->keyEdit()->setText(QStringLiteral("sk-strata-app-key-2291"));
            dialog->modelEdit()->setText(QStringLiteral("scripted"));
            dialog->accept();
            QTRY_VERIFY_WITH_TIMEOUT(app.coordinator().isRemoteModel(), 10000);
            path = app.coordinator().modelPath();
            QVERIFY(jobsEnd(app.remoteKeys()));
            QVERIFY2(app.remoteKeys().keychainWorks(), qPrintable(app.remoteKeys().storageNote()));
        }
        QCOMPARE(server.refused, 0);
        {
            Application app(m_dir.filePath(QStringLiteral("second.sqlite")));
            app.show();
            app.coordinator().loadModel(path);
            QTRY_VERIFY_WITH_TIMEOUT(app.coordinator().isRemoteModel() || !strata::test::noticeTexts(app).isEmpty(),
                                     10000);
            QVERIFY2(app.coordinator().isRemoteModel(), qPrintable(strata::test::noticeTexts(app).join('\n')));
            QCOMPARE(server.refused, 0);
        }
        QVERIFY(!anyFileHolds(m_dir.path(), "sk-strata-app-key-2291"));
        QVERIFY(!anyFileHolds(qEnvironmentVariable("HOME"), "sk-strata-app-key-2291"));
    }
};

QTEST_MAIN(RemoteKeychainTest)
#include "test_remote_keychain.moc"
