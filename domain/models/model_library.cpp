#include "domain/models/model_library.hpp"

#include "domain/models/split_file_name.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <memory>

namespace strata::domain::models {

ModelLibrary::ModelLibrary(QSettings& settings, QObject* parent)
    : QObject(parent), m_settings(settings),
      m_thread(QStringLiteral("strata-model-library"), std::make_unique<LibraryWorker>())
{
    qRegisterMetaType<ModelEntry>();
    qRegisterMetaType<QList<ModelEntry>>();
    connect(m_thread.worker(), &LibraryWorker::scanned, this, &ModelLibrary::onScanned, Qt::QueuedConnection);
    connect(
        m_thread.worker(), &LibraryWorker::imported, this,
        [this](const QString& destination, const QString& error) {
            emit importFinished(destination, error);
            rescan();
        },
        Qt::QueuedConnection);
    m_model.setDefaultModel(m_settings.defaultModel());
}

ModelLibrary::~ModelLibrary()
{
    m_thread.stop();
}

bool ModelLibrary::addFolder(const QString& folder)
{
    if (!m_settings.addFolder(folder))
        return false;
    rescan();
    return true;
}

bool ModelLibrary::removeFolder(const QString& folder)
{
    if (!m_settings.removeFolder(folder))
        return false;
    rescan();
    return true;
}

void ModelLibrary::rescan()
{
    const quint64 generation = ++m_generation;
    const QStringList folders = m_settings.folders();
    const QStringList added = m_settings.addedFiles();
    QMetaObject::invokeMethod(
        m_thread.worker(), [w = m_thread.worker(), folders, added, generation] { w->scan(folders, added, generation); },
        Qt::QueuedConnection);
}

void ModelLibrary::onScanned(quint64 generation, const QList<ModelEntry>& entries)
{
    if (generation != m_generation)
        return;  // a newer scan is on its way
    QList<ModelEntry> marked = entries;
    for (ModelEntry& e : marked)
        e.unverified = std::any_of(e.files.begin(), e.files.end(),
                                   [this](const QString& f) { return m_settings.isUnverified(f); });
    m_model.setEntries(marked);
    emit scanFinished();
}

void ModelLibrary::importFile(const QString& source, const QString& folder, bool move)
{
    QMetaObject::invokeMethod(
        m_thread.worker(), [w = m_thread.worker(), source, folder, move] { w->importFile(source, folder, move); },
        Qt::QueuedConnection);
}

bool ModelLibrary::addOpenedFile(const QString& path)
{
    const QString file = QFileInfo(path).canonicalFilePath();
    if (file.isEmpty())
        return false;
    for (const QString& folder : m_settings.folders()) {
        const QString root = QDir(folder).canonicalPath();
        if (!root.isEmpty() && file.startsWith(root + QLatin1Char('/')))
            return false;
    }
    m_settings.addFile(file);
    rescan();
    return true;
}

QString ModelLibrary::remove(const QString& path)
{
    const int row = m_model.rowOf(path);
    if (row < 0)
        return tr("%1 is not in the library").arg(path);
    if (m_model.entryAt(row)->addedByHand) {
        m_settings.removeAddedFile(path);
        if (m_settings.defaultModel() == path)
            setDefaultModel({});
        rescan();
        return {};
    }
    QStringList failed;
    for (const QString& file : m_model.entryAt(row)->files) {
        if (QFileInfo::exists(file) && !QFile::remove(file))
            failed << file;
        else
            m_settings.setUnverified(file, false);
    }
    if (m_settings.defaultModel() == path)
        setDefaultModel({});
    rescan();
    return failed.isEmpty() ? QString() : tr("could not delete %1").arg(failed.join(QStringLiteral(", ")));
}

QString ModelLibrary::rename(const QString& path, const QString& newName)
{
    const int row = m_model.rowOf(path);
    if (row < 0)
        return tr("%1 is not in the library").arg(path);
    QString base = newName.trimmed();
    if (base.endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive))
        base.chop(5);
    if (base.isEmpty() || base.contains(QLatin1Char('/')) || base.contains(QLatin1Char('\\'))
        || base.startsWith(QLatin1Char('.')))
        return tr("'%1' is not a valid file name").arg(newName);
    const QStringList files = m_model.entryAt(row)->files;
    const QDir folder = QFileInfo(path).dir();
    QStringList targets;
    for (int i = 0; i < files.size(); ++i)
        targets << folder.filePath(files.size() == 1 ? base + QStringLiteral(".gguf")
                                                     : splitFileName(base, i + 1, int(files.size())));
    for (const QString& target : targets)
        if (QFileInfo::exists(target))
            return tr("%1 already exists").arg(target);
    for (int i = 0; i < files.size(); ++i) {
        if (!QFile::rename(files[i], targets[i])) {
            for (int j = 0; j < i; ++j)  // put back what was already renamed
                QFile::rename(targets[j], files[j]);
            return tr("cannot rename %1 to %2").arg(files[i], targets[i]);
        }
    }
    for (int i = 0; i < files.size(); ++i) {
        if (m_settings.isUnverified(files[i])) {
            m_settings.setUnverified(files[i], false);
            m_settings.setUnverified(targets[i], true);
        }
    }
    if (m_settings.defaultModel() == path)
        setDefaultModel(targets.first());
    if (m_model.entryAt(row)->addedByHand)
        m_settings.renameAddedFile(path, targets.first());
    rescan();
    return {};
}

void ModelLibrary::markUnverified(const QString& file)
{
    m_settings.setUnverified(file, true);
}

void ModelLibrary::setDefaultModel(const QString& path)
{
    m_settings.setDefaultModel(path);
    m_model.setDefaultModel(path);
}

}  // namespace strata::domain::models
