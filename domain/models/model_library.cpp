#include "domain/models/model_library.hpp"

#include "domain/models/split_file_name.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace strata::models {

ModelLibrary::ModelLibrary(QSettings& settings, QObject* parent)
    : QObject(parent), settings_(settings), worker_(new LibraryWorker)
{
    qRegisterMetaType<ModelEntry>();
    qRegisterMetaType<QList<ModelEntry>>();
    thread_.setObjectName(QStringLiteral("strata-model-library"));
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &LibraryWorker::scanned, this, &ModelLibrary::onScanned, Qt::QueuedConnection);
    connect(
        worker_, &LibraryWorker::imported, this,
        [this](const QString& destination, const QString& error) {
            emit importFinished(destination, error);
            rescan();
        },
        Qt::QueuedConnection);
    model_.setDefaultModel(settings_.defaultModel());
    thread_.start();
}

ModelLibrary::~ModelLibrary()
{
    thread_.quit();
    thread_.wait();
}

bool ModelLibrary::addFolder(const QString& folder)
{
    if (!settings_.addFolder(folder))
        return false;
    rescan();
    return true;
}

bool ModelLibrary::removeFolder(const QString& folder)
{
    if (!settings_.removeFolder(folder))
        return false;
    rescan();
    return true;
}

void ModelLibrary::rescan()
{
    const quint64 generation = ++generation_;
    const QStringList folders = settings_.folders();
    QMetaObject::invokeMethod(
        worker_, [w = worker_, folders, generation] { w->scan(folders, generation); }, Qt::QueuedConnection);
}

void ModelLibrary::onScanned(quint64 generation, const QList<ModelEntry>& entries)
{
    if (generation != generation_)
        return;  // a newer scan is on its way
    model_.setEntries(entries);
    emit scanFinished();
}

void ModelLibrary::importFile(const QString& source, const QString& folder, bool move)
{
    QMetaObject::invokeMethod(
        worker_, [w = worker_, source, folder, move] { w->importFile(source, folder, move); }, Qt::QueuedConnection);
}

QString ModelLibrary::remove(const QString& path)
{
    const int row = model_.rowOf(path);
    if (row < 0)
        return tr("%1 is not in the library").arg(path);
    QStringList failed;
    for (const QString& file : model_.entryAt(row)->files)
        if (QFileInfo::exists(file) && !QFile::remove(file))
            failed << file;
    if (settings_.defaultModel() == path)
        setDefaultModel({});
    rescan();
    return failed.isEmpty() ? QString() : tr("could not delete %1").arg(failed.join(QStringLiteral(", ")));
}

QString ModelLibrary::rename(const QString& path, const QString& newName)
{
    const int row = model_.rowOf(path);
    if (row < 0)
        return tr("%1 is not in the library").arg(path);
    QString base = newName.trimmed();
    if (base.endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive))
        base.chop(5);
    if (base.isEmpty() || base.contains(QLatin1Char('/')) || base.contains(QLatin1Char('\\')) || base.startsWith(QLatin1Char('.')))
        return tr("'%1' is not a valid file name").arg(newName);
    const QStringList files = model_.entryAt(row)->files;
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
    if (settings_.defaultModel() == path)
        setDefaultModel(targets.first());
    rescan();
    return {};
}

void ModelLibrary::setDefaultModel(const QString& path)
{
    settings_.setDefaultModel(path);
    model_.setDefaultModel(path);
    emit defaultModelChanged(path);
}

}  // namespace strata::models
