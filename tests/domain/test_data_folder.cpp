// The data folder: an old ~/.local/share/Strata/Strata moves to ~/.local/share/strata with the
// chats in it, settings that named files in it follow, and nothing is lost when the move is not
// possible.
#include "domain/storage/data_folder.hpp"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using strata::domain::chooseDataFolder;
using strata::domain::moveDataFolder;

namespace {
void writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
}  // namespace

class TestDataFolder : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_legacy;
    QString m_current;
    QString m_settingsFile;

private slots:
    void init()
    {
        const QString root = m_dir.filePath(QString::fromLatin1(QTest::currentTestFunction()));
        m_legacy = root + QStringLiteral("/share/Strata/Strata");
        m_current = root + QStringLiteral("/share/strata");
        m_settingsFile = root + QStringLiteral("/strata.conf");
    }

    void movesTheChatsAndTheSettingsFollow()
    {
        writeFile(m_legacy + QStringLiteral("/chats.sqlite"), "my chats");
        writeFile(m_legacy + QStringLiteral("/models/a.gguf"), "GGUF");
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        const QString elsewhere = QStringLiteral("/elsewhere/b.gguf");
        settings.setValue(QStringLiteral("models/recent"),
                          QStringList{m_legacy + QStringLiteral("/models/a.gguf"), elsewhere});
        settings.setValue(QStringLiteral("models/default"), m_legacy + QStringLiteral("/models/a.gguf"));
        settings.setValue(QStringLiteral("models/similar"), m_legacy + QStringLiteral("X/a.gguf"));  // not inside it

        const auto move = moveDataFolder(m_legacy, m_current, settings);
        QVERIFY2(move.moved, qPrintable(move.error));
        QCOMPARE(readFile(m_current + QStringLiteral("/chats.sqlite")), QByteArray("my chats"));
        QCOMPARE(readFile(m_current + QStringLiteral("/models/a.gguf")), QByteArray("GGUF"));
        QVERIFY(!QFileInfo::exists(m_legacy));
        QVERIFY(!QFileInfo::exists(QFileInfo(m_legacy).absolutePath()));  // the empty "Strata" above it
        QCOMPARE(chooseDataFolder(m_current, m_legacy), m_current);

        QSettings reread(m_settingsFile, QSettings::IniFormat);
        QCOMPARE(reread.value(QStringLiteral("models/recent")).toStringList(),
                 (QStringList{m_current + QStringLiteral("/models/a.gguf"), elsewhere}));
        QCOMPARE(reread.value(QStringLiteral("models/default")).toString(),
                 m_current + QStringLiteral("/models/a.gguf"));
        QCOMPARE(reread.value(QStringLiteral("models/similar")).toString(), m_legacy + QStringLiteral("X/a.gguf"));
    }

    void aSecondStartMovesNothing()
    {
        writeFile(m_legacy + QStringLiteral("/chats.sqlite"), "old");
        writeFile(m_current + QStringLiteral("/chats.sqlite"), "new");
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        const auto move = moveDataFolder(m_legacy, m_current, settings);
        QVERIFY(!move.moved);
        QVERIFY(move.error.isEmpty());
        QCOMPARE(readFile(m_legacy + QStringLiteral("/chats.sqlite")), QByteArray("old"));
        QCOMPARE(readFile(m_current + QStringLiteral("/chats.sqlite")), QByteArray("new"));
        QCOMPARE(chooseDataFolder(m_current, m_legacy), m_current);
    }

    void aNewUserGetsTheNewFolder()
    {
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        const auto move = moveDataFolder(m_legacy, m_current, settings);
        QVERIFY(!move.moved);
        QVERIFY(move.error.isEmpty());
        QVERIFY(!QFileInfo::exists(m_current));  // created later by whatever writes in it
        QCOMPARE(chooseDataFolder(m_current, m_legacy), m_current);
    }

    void aFailedMoveKeepsUsingTheOldFolder()
    {
        writeFile(m_legacy + QStringLiteral("/chats.sqlite"), "my chats");
        // The new folder's parent is a file, so it cannot be created.
        const QString blocked = QFileInfo(m_current).absolutePath() + QStringLiteral("/file/strata");
        writeFile(QFileInfo(blocked).absolutePath(), "not a folder");
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        const auto move = moveDataFolder(m_legacy, blocked, settings);
        QVERIFY(!move.moved);
        QVERIFY(!move.error.isEmpty());
        QCOMPARE(readFile(m_legacy + QStringLiteral("/chats.sqlite")), QByteArray("my chats"));
        QCOMPARE(chooseDataFolder(blocked, m_legacy), m_legacy);
    }
};

QTEST_GUILESS_MAIN(TestDataFolder)
#include "test_data_folder.moc"
