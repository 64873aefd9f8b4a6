// Downloads against a local misbehaving server: ranges, drops, stalls, wrong bytes, restarts.
#include "domain/models/download_manager.hpp"
#include "domain/models/model_services.hpp"
#include "domain/models/partial_download.hpp"
#include "domain/models/url_policy.hpp"
#include "gguf_fixtures.hpp"
#include "test_http_server.hpp"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace strata::domain::models;

namespace {

QByteArray randomBytes(int size, quint32 seed)
{
    QByteArray out(size, Qt::Uninitialized);
    QRandomGenerator gen(seed);
    gen.fillRange(reinterpret_cast<quint32*>(out.data()), size / 4);
    return out;
}

QByteArray sha256Hex(const QByteArray& data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

DownloadSettings fastSettings()
{
    DownloadSettings s;
    s.stallTimeoutMs = 800;
    s.retryBaseDelayMs = 50;
    s.retryMaxDelayMs = 200;
    s.maxAttempts = 5;
    s.diskReserveBytes = 0;
    s.allowHttpToLoopback = true;
    return s;
}

}  // namespace

class TestDownloadManager : public QObject {
    Q_OBJECT

    TestHttpServer* m_server = nullptr;
    std::unique_ptr<QTemporaryDir> m_dir;

    DownloadRequest request(const QByteArray& path, const QString& name)
    {
        DownloadRequest r;
        r.url = m_server->url(path);
        r.directory = m_dir->path();
        r.fileName = name;
        return r;
    }

    // Waits for the download's final state; returns it with its message.
    static std::pair<DownloadState, QString> waitForEnd(DownloadManager& manager, const QString& id, int ms = 20000)
    {
        std::pair<DownloadState, QString> end{DownloadState::Queued, {}};
        bool done = false;
        auto c =
            QObject::connect(&manager, &DownloadManager::stateChanged, &manager,
                             [&](const QString& which, DownloadState s, const QString& message) {
                                 if (which == id && (s == DownloadState::Completed || s == DownloadState::Failed)) {
                                     end = {s, message};
                                     done = true;
                                 }
                             });
        if (!QTest::qWaitFor([&] { return done; }, ms))
            end = {DownloadState::Queued, QStringLiteral("timed out waiting for the download to end")};
        QObject::disconnect(c);
        return end;
    }

    void expectNoLeftovers(const QString& finalPath)
    {
        QVERIFY(!QFile::exists(PartialDownload::partPath(finalPath)));
        QVERIFY(!QFile::exists(PartialDownload::statePath(finalPath)));
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }  // the library's default folder

    void init()
    {
        m_server = new TestHttpServer(this);
        QVERIFY(m_server->listen());
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }
    void cleanup()
    {
        delete m_server;
        m_server = nullptr;
        m_dir.reset();
    }

    void urlPolicyAllowsHttpsAndOnlyLoopbackHttpForTests()
    {
        QVERIFY(
            checkDownloadUrl(QUrl(QStringLiteral("https://huggingface.co/a/b/resolve/main/x.gguf")), false).isEmpty());
        QVERIFY(!checkDownloadUrl(QUrl(QStringLiteral("http://huggingface.co/x.gguf")), false).isEmpty());
        QVERIFY(!checkDownloadUrl(QUrl(QStringLiteral("http://huggingface.co/x.gguf")), true).isEmpty());
        QVERIFY(!checkDownloadUrl(QUrl(QStringLiteral("http://127.0.0.1:8080/x")), false).isEmpty());
        QVERIFY(checkDownloadUrl(QUrl(QStringLiteral("http://127.0.0.1:8080/x")), true).isEmpty());
        QVERIFY(!checkDownloadUrl(QUrl(QStringLiteral("ftp://example.org/x")), true).isEmpty());
        QVERIFY(!checkRedirect(QUrl(QStringLiteral("https://huggingface.co/x")),
                               QUrl(QStringLiteral("http://127.0.0.1/x")), true)
                     .isEmpty());
        QVERIFY(checkRedirect(QUrl(QStringLiteral("https://huggingface.co/x")),
                              QUrl(QStringLiteral("https://cdn-lfs.hf.co/x?sig=1")), false)
                    .isEmpty());
    }

    void refusesPlainHttpToTheInternet()
    {
        DownloadSettings s = fastSettings();
        DownloadManager manager(s);
        DownloadRequest r = request("/x", QStringLiteral("x.gguf"));
        r.url = QUrl(QStringLiteral("http://example.org/x.gguf"));
        const auto [state, message] = waitForEnd(manager, manager.start(r));
        QCOMPARE(state, DownloadState::Failed);
        QVERIFY2(message.contains(QLatin1String("https")), qPrintable(message));
        QCOMPARE(m_server->requestCount(), 0);
    }

    void downloadsAndVerifiesTheEtagHash()
    {
        const QByteArray body = randomBytes(300'000, 1);
        m_server->setResource("/model.gguf", {.body = body, .etag = sha256Hex(body)});
        DownloadManager manager(fastSettings());
        QSignalSpy completed(&manager, &DownloadManager::completed);
        const QString id = manager.start(request("/model.gguf", QStringLiteral("model.gguf")));
        const auto [state, message] = waitForEnd(manager, id);
        QCOMPARE(state, DownloadState::Completed);
        QCOMPARE(message, QStringLiteral("SHA-256 verified"));
        QCOMPARE(completed.size(), 1);
        QCOMPARE(completed.at(0).at(0).toString(), m_dir->filePath(QStringLiteral("model.gguf")));
        QCOMPARE(completed.at(0).size(), 2);
        QCOMPARE(completed.at(0).at(1).toBool(), true);  // verified
        QCOMPARE(readAll(id), body);
        expectNoLeftovers(id);
        const int row = manager.model()->rowOf(id);
        QVERIFY(row >= 0);
        QCOMPARE(manager.model()->stateAt(row), DownloadState::Completed);
        QCOMPARE(manager.model()->index(row, 0).data(DownloadListModel::FractionRole).toDouble(), 1.0);
    }

    void resumesAfterTheConnectionDrops()
    {
        const QByteArray body = randomBytes(400'000, 2);
        m_server->setResource("/m", {.body = body, .etag = sha256Hex(body), .dropAfterBytes = 100'000, .dropTimes = 2});
        DownloadManager manager(fastSettings());
        const QString id = manager.start(request("/m", QStringLiteral("dropped.gguf")));
        const auto [state, message] = waitForEnd(manager, id);
        QVERIFY2(state == DownloadState::Completed, qPrintable(message));
        QCOMPARE(readAll(id), body);
        const QList<QByteArray> ranges = m_server->rangesSeen("/m");
        QCOMPARE(ranges.size(), 3);
        QCOMPARE(ranges.at(0), QByteArray());
        QCOMPARE(ranges.at(1), QByteArray("bytes=100000-"));
        QCOMPARE(ranges.at(2), QByteArray("bytes=200000-"));
        expectNoLeftovers(id);
    }

    void retriesWhenTheTransferStalls()
    {
        const QByteArray body = randomBytes(200'000, 3);
        m_server->setResource("/s",
                              {.body = body, .etag = sha256Hex(body), .stallAfterBytes = 50'000, .stallTimes = 1});
        DownloadManager manager(fastSettings());
        QSignalSpy states(&manager, &DownloadManager::stateChanged);
        const QString id = manager.start(request("/s", QStringLiteral("stalled.gguf")));
        const auto [state, message] = waitForEnd(manager, id);
        QVERIFY2(state == DownloadState::Completed, qPrintable(message));
        QCOMPARE(readAll(id), body);
        QCOMPARE(m_server->rangesSeen("/s"), (QList<QByteArray>{QByteArray(), QByteArray("bytes=50000-")}));
        bool sawRetry = false;
        for (const auto& args : states)
            sawRetry |= args.at(1).value<DownloadState>() == DownloadState::Retrying
                        && args.at(2).toString().contains(QLatin1String("no data"));
        QVERIFY(sawRetry);
    }

    void givesUpAfterRepeatedFailures()
    {
        const QByteArray body = randomBytes(100'000, 4);
        m_server->setResource("/bad", {.body = body, .status = 503});
        DownloadManager manager(fastSettings());
        const auto [state, message] = waitForEnd(manager, manager.start(request("/bad", QStringLiteral("x.gguf"))));
        QCOMPARE(state, DownloadState::Failed);
        QVERIFY2(message.contains(QLatin1String("gave up after 5 attempts")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("503")), qPrintable(message));
        QCOMPARE(m_server->requestCount(), 5);
    }

    void notFoundFailsAtOnce()
    {
        DownloadManager manager(fastSettings());
        const auto [state, message] = waitForEnd(manager, manager.start(request("/missing", QStringLiteral("x.gguf"))));
        QCOMPARE(state, DownloadState::Failed);
        QVERIFY2(message.contains(QLatin1String("HTTP 404")), qPrintable(message));
        QCOMPARE(m_server->requestCount(), 1);
        QVERIFY(!QFile::exists(m_dir->filePath(QStringLiteral("x.gguf"))));
    }

    void wrongBytesAreRejectedAndDeleted()
    {
        const QByteArray good = randomBytes(150'000, 5);
        QByteArray wrong = good;
        wrong[70'000] = char(wrong[70'000] ^ 0x40);
        m_server->setResource("/w", {.body = wrong, .etag = sha256Hex(good)});
        DownloadManager manager(fastSettings());
        QSignalSpy completed(&manager, &DownloadManager::completed);
        const QString id = manager.start(request("/w", QStringLiteral("corrupt.gguf")));
        const auto [state, message] = waitForEnd(manager, id);
        QCOMPARE(state, DownloadState::Failed);
        QVERIFY2(message.contains(QLatin1String("SHA-256 mismatch")), qPrintable(message));
        QVERIFY2(message.contains(QString::fromLatin1(sha256Hex(good))), qPrintable(message));
        QVERIFY(!QFile::exists(id));
        expectNoLeftovers(id);
        QCOMPARE(completed.size(), 0);
        QCOMPARE(QDir(m_dir->path()).entryList(QDir::Files), QStringList());
    }

    void catalogueHashIsCheckedWithoutAnEtag()
    {
        const QByteArray body = randomBytes(80'000, 6);
        m_server->setResource("/c", {.body = body});
        DownloadManager manager(fastSettings());
        DownloadRequest r = request("/c", QStringLiteral("c.gguf"));
        r.expectedSha256 = QString::fromLatin1(sha256Hex("something else"));
        const auto [state, message] = waitForEnd(manager, manager.start(r));
        QCOMPARE(state, DownloadState::Failed);
        QVERIFY2(message.contains(QLatin1String("SHA-256 mismatch")), qPrintable(message));
        QVERIFY(!QFile::exists(r.finalPath()));

        r.fileName = QStringLiteral("c2.gguf");
        r.expectedSha256 = QString::fromLatin1(sha256Hex(body));
        const auto [state2, message2] = waitForEnd(manager, manager.start(r));
        QVERIFY2(state2 == DownloadState::Completed, qPrintable(message2));
        QCOMPARE(readAll(r.finalPath()), body);
    }

    // Hugging Face: resolve URL -> 302 with X-Linked-Etag (the SHA-256) -> CDN without it.
    void hashFromTheRedirectIsUsed()
    {
        const QByteArray good = randomBytes(120'000, 7);
        QByteArray wrong = good;
        wrong[5] = char(wrong[5] ^ 1);
        m_server->setResource("/resolve/good",
                              {.redirectTo = "/cdn/good", .linkedEtag = sha256Hex(good), .linkedSize = good.size()});
        m_server->setResource("/cdn/good", {.body = good});
        m_server->setResource("/resolve/bad", {.redirectTo = "/cdn/bad", .linkedEtag = sha256Hex(good)});
        m_server->setResource("/cdn/bad", {.body = wrong});
        DownloadManager manager(fastSettings());
        const auto [state, message] =
            waitForEnd(manager, manager.start(request("/resolve/good", QStringLiteral("g.gguf"))));
        QVERIFY2(state == DownloadState::Completed, qPrintable(message));
        QCOMPARE(message, QStringLiteral("SHA-256 verified"));
        const auto [state2, message2] =
            waitForEnd(manager, manager.start(request("/resolve/bad", QStringLiteral("b.gguf"))));
        QCOMPARE(state2, DownloadState::Failed);
        QVERIFY2(message2.contains(QLatin1String("SHA-256 mismatch")), qPrintable(message2));
        QVERIFY(!QFile::exists(m_dir->filePath(QStringLiteral("b.gguf"))));
    }

    void pauseSurvivesARestartOfTheManager()
    {
        const QByteArray body = randomBytes(1'000'000, 8);
        m_server->setResource("/slow",
                              {.body = body, .etag = sha256Hex(body), .chunkBytes = 16'384, .chunkIntervalMs = 5});
        const DownloadRequest r = request("/slow", QStringLiteral("slow.gguf"));
        const QString id = r.finalPath();
        {
            DownloadManager manager(fastSettings());
            qint64 seen = 0;
            connect(&manager, &DownloadManager::progress, &manager,
                    [&](const QString&, qint64 received, qint64, double) { seen = received; });
            manager.start(r);
            QTRY_VERIFY_WITH_TIMEOUT(seen > 150'000, 10000);
            QSignalSpy states(&manager, &DownloadManager::stateChanged);
            manager.pause(id);
            QTRY_VERIFY(!states.isEmpty() && states.last().at(1).value<DownloadState>() == DownloadState::Paused);
        }  // the manager (and its thread) are gone, as after quitting the app
        const qint64 partSize = QFileInfo(PartialDownload::partPath(id)).size();
        QVERIFY2(partSize > 150'000 && partSize < body.size(), qPrintable(QString::number(partSize)));
        QCOMPARE(readAll(PartialDownload::partPath(id)), body.left(partSize));
        QVERIFY(QFile::exists(PartialDownload::statePath(id)));
        QVERIFY(!QFile::exists(id));

        m_server->resource("/slow").chunkBytes = 0;
        DownloadManager manager(fastSettings());
        QCOMPARE(manager.restorePartials({m_dir->path()}), QStringList{id});
        QCOMPARE(manager.model()->stateAt(0), DownloadState::Paused);
        manager.resume(id);
        const auto [state, message] = waitForEnd(manager, id);
        QVERIFY2(state == DownloadState::Completed, qPrintable(message));
        QCOMPARE(readAll(id), body);
        QCOMPARE(m_server->rangesSeen("/slow").last(), "bytes=" + QByteArray::number(partSize) + '-');
        expectNoLeftovers(id);
    }

    void changedRemoteFileRestartsFromZero()
    {
        const QByteArray oldBody = randomBytes(100'000, 9);
        const QByteArray newBody = randomBytes(120'000, 10);
        DownloadRequest r = request("/v", QStringLiteral("v.gguf"));
        PartialDownload partial{r, QStringLiteral("old-version"), {}};
        QCOMPARE(partial.save(), QString());
        {
            QFile part(PartialDownload::partPath(r.finalPath()));
            QVERIFY(part.open(QIODevice::WriteOnly));
            part.write(oldBody.left(40'000));
        }
        m_server->setResource("/v", {.body = newBody, .etag = "new-version"});
        DownloadManager manager(fastSettings());
        const auto [state, message] = waitForEnd(manager, manager.start(r));
        QVERIFY2(state == DownloadState::Completed, qPrintable(message));
        QCOMPARE(readAll(r.finalPath()), newBody);
        QCOMPARE(m_server->rangesSeen("/v"), (QList<QByteArray>{QByteArray("bytes=40000-"), QByteArray()}));
    }

    void serverWithoutRangesStartsOver()
    {
        const QByteArray body = randomBytes(90'000, 11);
        DownloadRequest r = request("/nr", QStringLiteral("nr.gguf"));
        QCOMPARE((PartialDownload{r, {}, {}}.save()), QString());
        {
            QFile part(PartialDownload::partPath(r.finalPath()));
            QVERIFY(part.open(QIODevice::WriteOnly));
            part.write(body.left(30'000));
        }
        m_server->setResource("/nr", {.body = body, .supportsRange = false});
        DownloadManager manager(fastSettings());
        const auto [state, message] = waitForEnd(manager, manager.start(r));
        QVERIFY2(state == DownloadState::Completed, qPrintable(message));
        QCOMPARE(readAll(r.finalPath()), body);
    }

    void completePartIsVerifiedWhenTheServerHasNothingLeft()
    {
        const QByteArray body = randomBytes(50'000, 12);
        DownloadRequest r = request("/done", QStringLiteral("done.gguf"));
        QCOMPARE((PartialDownload{r, QString::fromLatin1(sha256Hex(body)), {}}.save()), QString());
        {
            QFile part(PartialDownload::partPath(r.finalPath()));
            QVERIFY(part.open(QIODevice::WriteOnly));
            part.write(body);
        }
        m_server->setResource("/done", {.body = body, .etag = sha256Hex(body)});
        DownloadManager manager(fastSettings());
        const auto [state, message] = waitForEnd(manager, manager.start(r));
        QVERIFY2(state == DownloadState::Completed, qPrintable(message));
        QCOMPARE(message, QStringLiteral("SHA-256 verified"));
        QCOMPARE(readAll(r.finalPath()), body);
        QCOMPARE(m_server->rangesSeen("/done"), QList<QByteArray>{"bytes=50000-"});
    }

    void diskSpaceCheckRefusesAnImpossibleSize()
    {
        DownloadManager manager(fastSettings());
        DownloadRequest r = request("/huge", QStringLiteral("huge.gguf"));
        r.approxSize = qint64(1) << 60;  // an exbibyte
        const auto [state, message] = waitForEnd(manager, manager.start(r));
        QCOMPARE(state, DownloadState::Failed);
        QVERIFY2(message.contains(QLatin1String("not enough disk space")), qPrintable(message));
        QCOMPARE(m_server->requestCount(), 0);
    }

    // A server that announces no length could send for ever: the transfer stops at a bound and
    // deletes what it wrote. Issue 18, finding 5.
    void unannouncedLengthIsBounded()
    {
        m_server->setResource("/endless", {.body = randomBytes(300'000, 14), .announceLength = false});
        DownloadSettings s = fastSettings();
        s.maxUnannouncedBytes = 100'000;
        DownloadManager manager(s);
        const QString id = manager.start(request("/endless", QStringLiteral("endless.gguf")));
        const auto [state, message] = waitForEnd(manager, id);
        QCOMPARE(state, DownloadState::Failed);
        QVERIFY2(message.contains(QLatin1String("100000")), qPrintable(message));
        QVERIFY(!QFile::exists(id));
        expectNoLeftovers(id);
    }

    // The catalogue's exact size caps a transfer whose server announces none.
    void catalogueSizeCapsTheTransfer()
    {
        m_server->setResource("/long", {.body = randomBytes(300'000, 15), .announceLength = false});
        DownloadManager manager(fastSettings());
        DownloadRequest r = request("/long", QStringLiteral("long.gguf"));
        r.exactSize = 100'000;
        const QString id = manager.start(r);
        const auto [state, message] = waitForEnd(manager, id);
        QCOMPARE(state, DownloadState::Failed);
        QVERIFY2(message.contains(QLatin1String("100000")), qPrintable(message));
        QVERIFY(!QFile::exists(id));
        expectNoLeftovers(id);
    }

    // A full disk: the .part goes (it only fills the disk further on a retry) and the message
    // says so. /dev/full answers every write with ENOSPC, like a full disk.
    void fullDiskDeletesThePartAndSaysSo()
    {
        if (!QFile::exists(QStringLiteral("/dev/full")))
            QSKIP("no /dev/full here");
        m_server->setResource("/full", {.body = randomBytes(300'000, 16)});
        DownloadRequest r = request("/full", QStringLiteral("full.gguf"));
        PartialDownload saved;  // a download to resume whose .part is on the full disk
        saved.request = r;
        QCOMPARE(saved.save(), QString());
        QVERIFY(QFile::link(QStringLiteral("/dev/full"), PartialDownload::partPath(r.finalPath())));
        DownloadManager manager(fastSettings());
        const QString id = manager.start(r);
        const auto [state, message] = waitForEnd(manager, id);
        QCOMPARE(state, DownloadState::Failed);
        QVERIFY2(message.contains(QLatin1String("deleted")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("space"), Qt::CaseInsensitive), qPrintable(message));
        QVERIFY(!QFile::exists(id));
        QVERIFY(!QFileInfo(PartialDownload::partPath(id)).isSymLink());
        expectNoLeftovers(id);
    }

    // With no catalogue hash and no SHA-256 ETag nothing checks the file: it is committed, and the
    // library lists it as unverified. Issue 18, finding 5.
    void unverifiedDownloadIsMarkedInTheLibrary()
    {
        const QString source = m_dir->filePath(QStringLiteral("source.bin"));
        fixtures::tinyModel("Unchecked").write(fixtures::fsPath(source));
        m_server->setResource("/plain.gguf", {.body = readAll(source)});  // no ETag
        QSettings settings(m_dir->filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        const QString folder = m_dir->filePath(QStringLiteral("lib"));
        QVERIFY(QDir().mkpath(folder));
        ModelServices services(settings, fastSettings());
        QVERIFY(services.library().addFolder(folder));
        DownloadRequest r = request("/plain.gguf", QStringLiteral("plain.gguf"));
        r.directory = folder;
        QSignalSpy completed(&services.downloads(), &DownloadManager::completed);
        const auto [state, message] = waitForEnd(services.downloads(), services.downloads().start(r));
        QCOMPARE(state, DownloadState::Completed);
        QCOMPARE(message, QStringLiteral("no hash to check"));
        QCOMPARE(completed.size(), 1);
        QCOMPARE(completed.at(0).size(), 2);
        QCOMPARE(completed.at(0).at(1).toBool(), false);
        ModelListModel* model = services.library().model();
        QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(r.finalPath()) >= 0, 10000);
        const int row = model->rowOf(r.finalPath());
        QCOMPARE(model->index(row, ModelListModel::StatusColumn).data().toString(), QStringLiteral("OK (unverified)"));
        // Renamed, it stays unverified; a verified file never is.
        QCOMPARE(services.library().rename(r.finalPath(), QStringLiteral("renamed")), QString());
        const QString renamed = folder + QStringLiteral("/renamed.gguf");
        QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(renamed) >= 0, 10000);
        QCOMPARE(model->index(model->rowOf(renamed), ModelListModel::StatusColumn).data().toString(),
                 QStringLiteral("OK (unverified)"));
    }

    void cancelDeletesThePartialFile()
    {
        const QByteArray body = randomBytes(1'000'000, 13);
        m_server->setResource("/cancel", {.body = body, .chunkBytes = 8'192, .chunkIntervalMs = 5});
        DownloadManager manager(fastSettings());
        const DownloadRequest r = request("/cancel", QStringLiteral("cancel.gguf"));
        qint64 seen = 0;
        connect(&manager, &DownloadManager::progress, &manager,
                [&](const QString&, qint64 received, qint64, double) { seen = received; });
        const QString id = manager.start(r);
        QTRY_VERIFY_WITH_TIMEOUT(seen > 50'000, 10000);
        manager.cancel(id);
        QCOMPARE(manager.model()->rowCount(), 0);
        QTRY_VERIFY(!QFile::exists(PartialDownload::partPath(id)));
        QVERIFY(!QFile::exists(PartialDownload::statePath(id)));
        QVERIFY(!QFile::exists(id));
    }
};

QTEST_GUILESS_MAIN(TestDownloadManager)
#include "test_download_manager.moc"
