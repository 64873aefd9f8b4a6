#include "domain/storage/data_folder.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace strata::domain {

namespace {

QString genericDataFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
}

// `value` with the folder `from` at its start replaced by `to`; other values unchanged.
QString movedPath(const QString& value, const QString& from, const QString& to)
{
    if (value == from)
        return to;
    if (value.startsWith(from + QLatin1Char('/')))
        return to + value.mid(from.size());
    return value;
}

void rewriteSettings(QSettings& settings, const QString& from, const QString& to)
{
    for (const QString& key : settings.allKeys()) {
        const QVariant value = settings.value(key);
        if (value.typeId() == QMetaType::QString) {
            const QString moved = movedPath(value.toString(), from, to);
            if (moved != value.toString())
                settings.setValue(key, moved);
        } else if (value.typeId() == QMetaType::QStringList) {
            QStringList list = value.toStringList();
            bool changed = false;
            for (QString& item : list) {
                const QString moved = movedPath(item, from, to);
                changed = changed || moved != item;
                item = moved;
            }
            if (changed)
                settings.setValue(key, list);
        }
    }
    settings.sync();
}

}  // namespace

QString chooseDataFolder(const QString& current, const QString& legacy)
{
    return !QFileInfo::exists(current) && QFileInfo(legacy).isDir() ? legacy : current;
}

DataFolderMove moveDataFolder(const QString& legacy, const QString& current, QSettings& settings)
{
    if (!QFileInfo(legacy).isDir() || QFileInfo::exists(current))
        return {};
    const QString parent = QFileInfo(current).absolutePath();
    if (!QDir().mkpath(parent))
        return {false, QObject::tr("cannot create %1").arg(parent)};
    // A rename: instant and atomic, and it fails rather than half-copies across file systems.
    if (!QDir().rename(legacy, current))
        return {false, QObject::tr("cannot move %1 to %2").arg(legacy, current)};
    rewriteSettings(settings, QDir::cleanPath(legacy), QDir::cleanPath(current));
    QDir().rmdir(QFileInfo(legacy).absolutePath());  // the empty "Strata" above it; kept if not empty
    return {true, {}};
}

QString currentDataFolder()
{
    // "strata" for the app; a test that names its application differently gets a folder of its own.
    return genericDataFolder() + QLatin1Char('/') + QCoreApplication::applicationName().toLower();
}

QString legacyDataFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);  // <generic>/<organisation>/<application>
}

QString dataFolder()
{
    return chooseDataFolder(currentDataFolder(), legacyDataFolder());
}

DataFolderMove moveLegacyDataFolder(QSettings& settings)
{
    return moveDataFolder(legacyDataFolder(), currentDataFolder(), settings);
}

}  // namespace strata::domain
