// The library's file work on the "strata-model-library" thread: finding GGUF files, reading their
// headers, copying imported files. Results go back to ModelLibrary as queued signals.
#pragma once

#include "domain/models/model_entry.hpp"

#include <QList>
#include <QObject>
#include <QStringList>

namespace strata::domain::models {

// Finds the models in `folders` (and their subfolders), grouping split parts, reading headers,
// then the `addedFiles` not found there, marked addedByHand (a missing one is listed with its
// error). Plain function so that tests and tools can call it directly.
QList<ModelEntry> scanFolders(const QStringList& folders, const QStringList& addedFiles = {});

class LibraryWorker : public QObject {
    Q_OBJECT
public slots:
    void scan(const QStringList& folders, const QStringList& addedFiles, quint64 generation);
    // Copy (or move) `source` into `folder` under its own name; the file appears there only whole.
    void importFile(const QString& source, const QString& folder, bool move);

signals:
    void scanned(quint64 generation, const QList<strata::domain::models::ModelEntry>& entries);
    void imported(const QString& destination, const QString& error);
};

}  // namespace strata::domain::models
