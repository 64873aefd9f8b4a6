// Where Strata keeps its data (chats.sqlite, the default models folder): one folder,
// $XDG_DATA_HOME/strata (~/.local/share/strata). Versions before it used Qt's AppDataLocation with
// both the organisation and the application named "Strata" (~/.local/share/Strata/Strata); the app
// moves that folder on its first start, since users have their chats there.
#pragma once

#include <QString>

class QSettings;

namespace strata::domain {

// The folder the app uses: `current`, unless only `legacy` exists (a move that failed, e.g. across
// file systems, leaves the data where it was rather than starting with an empty folder).
QString chooseDataFolder(const QString& current, const QString& legacy);

struct DataFolderMove {
    bool moved = false;
    QString error;  // not empty: the move was tried and failed; the data stays in `legacy`
};

// Moves `legacy` to `current` when `legacy` exists and `current` does not, then rewrites every
// setting whose value (text or list of text) names a path inside `legacy`, so the recent models
// and the default model still point at their files. Anything else: nothing happens.
DataFolderMove moveDataFolder(const QString& legacy, const QString& current, QSettings& settings);

// The same with the real locations.
QString currentDataFolder();  // $XDG_DATA_HOME/strata (the application name in lower case)
QString legacyDataFolder();   // $XDG_DATA_HOME/Strata/Strata (Qt's AppDataLocation)
QString dataFolder();         // chooseDataFolder(currentDataFolder(), legacyDataFolder())
DataFolderMove moveLegacyDataFolder(QSettings& settings);

}  // namespace strata::domain
