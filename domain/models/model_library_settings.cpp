#include "domain/models/model_library_settings.hpp"

#include "domain/storage/data_folder.hpp"

#include <QDir>

namespace strata::domain::models {

namespace {
const QString kFoldersKey = QStringLiteral("models/folders");
const QString kDefaultKey = QStringLiteral("models/default");
const QString kUnverifiedKey = QStringLiteral("models/unverified");
const QString kAddedKey = QStringLiteral("models/added");

QString normalized(const QString& folder)
{
    return QDir::cleanPath(QDir(folder).absolutePath());
}
}  // namespace

QString ModelLibrarySettings::defaultFolder()
{
    return normalized(domain::dataFolder() + QStringLiteral("/models"));
}

QStringList ModelLibrarySettings::extraFolders() const
{
    return m_settings.value(kFoldersKey).toStringList();
}

QStringList ModelLibrarySettings::folders() const
{
    QStringList out{defaultFolder()};
    for (const QString& folder : extraFolders())
        if (!out.contains(normalized(folder)))
            out << normalized(folder);
    return out;
}

bool ModelLibrarySettings::addFolder(const QString& folder)
{
    const QString path = normalized(folder);
    if (folders().contains(path))
        return false;
    m_settings.setValue(kFoldersKey, extraFolders() << path);
    return true;
}

bool ModelLibrarySettings::removeFolder(const QString& folder)
{
    QStringList extra = extraFolders();
    const qsizetype removed = extra.removeAll(normalized(folder));
    if (removed == 0)
        return false;
    m_settings.setValue(kFoldersKey, extra);
    return true;
}

QStringList ModelLibrarySettings::addedFiles() const
{
    return m_settings.value(kAddedKey).toStringList();
}

void ModelLibrarySettings::addFile(const QString& file)
{
    QStringList files = addedFiles();
    files.removeAll(normalized(file));
    files.prepend(normalized(file));
    m_settings.setValue(kAddedKey, files);
}

bool ModelLibrarySettings::removeAddedFile(const QString& file)
{
    QStringList files = addedFiles();
    if (files.removeAll(normalized(file)) == 0)
        return false;
    m_settings.setValue(kAddedKey, files);
    return true;
}

void ModelLibrarySettings::renameAddedFile(const QString& from, const QString& to)
{
    QStringList files = addedFiles();
    for (QString& file : files)
        if (file == normalized(from))
            file = normalized(to);
    m_settings.setValue(kAddedKey, files);
}

QString ModelLibrarySettings::defaultModel() const
{
    return m_settings.value(kDefaultKey).toString();
}

void ModelLibrarySettings::setDefaultModel(const QString& path)
{
    m_settings.setValue(kDefaultKey, path);
}

bool ModelLibrarySettings::isUnverified(const QString& file) const
{
    return m_settings.value(kUnverifiedKey).toStringList().contains(file);
}

void ModelLibrarySettings::setUnverified(const QString& file, bool unverified)
{
    QStringList files = m_settings.value(kUnverifiedKey).toStringList();
    files.removeAll(file);
    if (unverified)
        files << file;
    if (files.isEmpty())
        m_settings.remove(kUnverifiedKey);
    else
        m_settings.setValue(kUnverifiedKey, files);
}

}  // namespace strata::domain::models
