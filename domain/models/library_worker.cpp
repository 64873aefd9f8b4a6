#include "domain/models/library_worker.hpp"

#include "domain/models/gguf_model_reader.hpp"
#include "domain/models/split_file_name.hpp"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <algorithm>

namespace strata::domain::models {

namespace {

// The entry of a split model: every part when all are there, else an error naming the missing ones.
ModelEntry splitEntry(const QString& base, int count, const QMap<int, QString>& present)
{
    ModelEntry e;
    for (int i = 1; i <= count; ++i)
        e.files << splitFileName(base, i, count);
    e.path = e.files.first();
    QStringList missing;
    for (int i = 1; i <= count; ++i)
        if (!present.contains(i))
            missing << QString::number(i);
    if (missing.isEmpty()) {
        readModelHeader(e);
        return e;
    }
    e.files = present.values();
    e.displayName = QFileInfo(base).fileName();
    for (const QString& f : std::as_const(e.files))
        e.sizeBytes += QFileInfo(f).size();
    e.error = QObject::tr("%1: split model is incomplete, part(s) %2 of %3 missing")
                  .arg(e.path, missing.join(QStringLiteral(", ")))
                  .arg(count);
    return e;
}

ModelEntry singleEntry(const QString& path)
{
    ModelEntry e;
    e.path = path;
    e.files = {path};
    readModelHeader(e);
    return e;
}

// A file added by hand: alone, or with the other parts of its split model found next to it.
ModelEntry addedEntry(const QString& path)
{
    const QFileInfo info(path);
    SplitFileName split;
    if (!parseSplitFileName(info.fileName(), split))
        return singleEntry(path);
    const QString base = info.absolutePath() + QLatin1Char('/') + split.base;
    QMap<int, QString> present;
    for (int i = 1; i <= split.count; ++i)
        if (QFileInfo::exists(splitFileName(base, i, split.count)))
            present[i] = splitFileName(base, i, split.count);
    return splitEntry(base, split.count, present);
}

QList<ModelEntry> scanFolder(const QString& root)
{
    QList<ModelEntry> entries;
    // Split parts are grouped per folder and base name: key -> (index -> path).
    QMap<QString, QMap<int, QString>> splits;
    QMap<QString, int> splitCounts;
    QDirIterator it(root, {QStringLiteral("*.gguf"), QStringLiteral("*.GGUF")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info(path);
        SplitFileName split;
        if (parseSplitFileName(info.fileName(), split)) {
            const QString key = info.absolutePath() + QLatin1Char('/') + split.base;
            splits[key][split.index] = path;
            splitCounts[key] = std::max(splitCounts.value(key), split.count);
            continue;
        }
        entries << singleEntry(path);
    }
    for (auto s = splits.cbegin(); s != splits.cend(); ++s)
        entries << splitEntry(s.key(), splitCounts.value(s.key()), s.value());
    return entries;
}

}  // namespace

QList<ModelEntry> scanFolders(const QStringList& folders, const QStringList& addedFiles)
{
    QList<ModelEntry> entries;
    QStringList seenFolders;
    for (const QString& folder : folders) {
        const QString root = QDir(folder).canonicalPath();
        if (root.isEmpty() || seenFolders.contains(root))
            continue;
        seenFolders << root;
        entries << scanFolder(root);
    }
    QStringList listed;
    for (const ModelEntry& e : std::as_const(entries))
        listed << e.files;
    for (const QString& file : addedFiles) {
        if (listed.contains(file))
            continue;  // it lies in a folder (or is a part of a listed model): listed once
        ModelEntry e = addedEntry(file);
        e.addedByHand = true;
        listed << e.files;
        entries << e;
    }
    std::sort(entries.begin(), entries.end(), [](const ModelEntry& a, const ModelEntry& b) {
        const int c = a.displayName.compare(b.displayName, Qt::CaseInsensitive);
        return c != 0 ? c < 0 : a.path < b.path;
    });
    return entries;
}

void LibraryWorker::scan(const QStringList& folders, const QStringList& addedFiles, quint64 generation)
{
    emit scanned(generation, scanFolders(folders, addedFiles));
}

void LibraryWorker::importFile(const QString& source, const QString& folder, bool move)
{
    const QFileInfo from(source);
    const QString destination = QDir(folder).filePath(from.fileName());
    if (!from.isFile())
        return emit imported(destination, tr("%1 is not a file").arg(source));
    if (QFileInfo::exists(destination))
        return emit imported(destination, tr("%1 already exists").arg(destination));
    if (!QDir().mkpath(folder))
        return emit imported(destination, tr("cannot create the folder %1").arg(folder));
    // A move within one file system is a rename: atomic and instant.
    if (move && QFile::rename(source, destination))
        return emit imported(destination, {});

    // Otherwise copy under a temporary name and rename when whole, so no scan sees half a file.
    const QString temporary = destination + QStringLiteral(".importing");
    QFile::remove(temporary);
    QFile in(source);
    QFile out(temporary);
    if (!in.open(QIODevice::ReadOnly))
        return emit imported(destination, tr("cannot read %1: %2").arg(source, in.errorString()));
    if (!out.open(QIODevice::WriteOnly))
        return emit imported(destination, tr("cannot write %1: %2").arg(temporary, out.errorString()));
    QByteArray buffer(4 << 20, Qt::Uninitialized);
    while (true) {
        const qint64 n = in.read(buffer.data(), buffer.size());
        if (n < 0 || (n > 0 && out.write(buffer.constData(), n) != n)) {
            const QString why = n < 0 ? in.errorString() : out.errorString();
            out.close();
            QFile::remove(temporary);
            return emit imported(destination, tr("copying %1 failed: %2").arg(source, why));
        }
        if (n == 0)
            break;
    }
    out.close();
    if (!QFile::rename(temporary, destination)) {
        QFile::remove(temporary);
        return emit imported(destination, tr("cannot rename %1 to %2").arg(temporary, destination));
    }
    if (move && !QFile::remove(source))
        return emit imported(destination, tr("copied, but cannot remove %1").arg(source));
    emit imported(destination, {});
}

}  // namespace strata::domain::models
