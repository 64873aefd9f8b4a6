// App tests keep their QSettings in a temporary folder, under a test organisation and application
// name, so that they never read or write the user's settings.
#pragma once

#include <QCoreApplication>
#include <QSettings>
#include <QString>
#include <QTemporaryDir>

namespace strata::test {

inline void keepSettingsIn(const QTemporaryDir& dir, const QString& applicationName)
{
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.filePath(QStringLiteral("config")));
    QCoreApplication::setOrganizationName(QStringLiteral("StrataTest"));
    QCoreApplication::setApplicationName(applicationName);
}

}  // namespace strata::test
