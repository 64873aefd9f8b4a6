// Where the library's models live and which one is the default, kept in the app's QSettings.
// The QSettings object is passed in (tests give each run its own file).
#pragma once

#include <QSettings>
#include <QString>
#include <QStringList>

namespace strata::domain::models {

class ModelLibrarySettings {
public:
    explicit ModelLibrarySettings(QSettings& settings) : m_settings(settings) {}

    // The data folder's "models" (~/.local/share/strata/models on Linux; domain::dataFolder()).
    static QString defaultFolder();

    // The default folder first, then the ones the user added; absolute, without duplicates.
    QStringList folders() const;
    bool addFolder(const QString& folder);     // false when it was already there
    bool removeFolder(const QString& folder);  // the default folder cannot be removed

    // Models opened from outside the folders (File > Open GGUF, the command line), most recent
    // first: the library lists them as added by hand. Absolute paths, without duplicates.
    QStringList addedFiles() const;
    void addFile(const QString& file);          // moves it to the front
    bool removeAddedFile(const QString& file);  // false when it was not listed
    void renameAddedFile(const QString& from, const QString& to);

    QString defaultModel() const;
    void setDefaultModel(const QString& path);

    // Files downloaded with nothing to check them against (no catalogue hash, no SHA-256 ETag).
    bool isUnverified(const QString& file) const;
    void setUnverified(const QString& file, bool unverified);

private:
    QStringList extraFolders() const;
    QSettings& m_settings;
};

}  // namespace strata::domain::models
