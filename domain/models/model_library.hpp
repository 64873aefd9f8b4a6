// The GUI thread's handle on the model library: folders and default model (QSettings), the list
// model, and the LibraryWorker on its own "strata-model-library" thread that scans and imports.
#pragma once

#include "domain/models/library_worker.hpp"
#include "domain/models/model_library_settings.hpp"
#include "domain/models/model_list_model.hpp"
#include "domain/threading/owned_thread.hpp"

#include <QObject>

namespace strata::domain::models {

class ModelLibrary : public QObject {
    Q_OBJECT
public:
    explicit ModelLibrary(QSettings& settings, QObject* parent = nullptr);
    ~ModelLibrary() override;

    QStringList folders() const { return m_settings.folders(); }
    bool addFolder(const QString& folder);     // rescans when added
    bool removeFolder(const QString& folder);  // rescans when removed

    void rescan();

    // Copy or move a GGUF file into `folder`; importFinished() reports; a rescan follows.
    void importFile(const QString& source, const QString& folder, bool move);

    // A model opened from elsewhere (File > Open GGUF, the command line): listed as added by hand
    // unless it lies in one of the folders. False when it was in a folder already.
    bool addOpenedFile(const QString& path);

    // Deletes the model's files (every part); a model added by hand is only forgotten, since its
    // file is outside the library's folders. Returns an error message, empty on success.
    QString remove(const QString& path);
    // Renames the model's files to `newName` (".gguf" added when missing; split parts keep their
    // numbering). Returns an error message, empty on success.
    QString rename(const QString& path, const QString& newName);

    // A download that had no hash to check (DownloadManager::completed): the list says so.
    void markUnverified(const QString& file);

    QString defaultModel() const { return m_settings.defaultModel(); }
    void setDefaultModel(const QString& path);

    ModelListModel* model() { return &m_model; }

signals:
    void scanFinished();
    void importFinished(const QString& destination, const QString& error);

private:
    void onScanned(quint64 generation, const QList<ModelEntry>& entries);

    ModelLibrarySettings m_settings;
    domain::OwnedThread<LibraryWorker> m_thread;  // "strata-model-library"
    ModelListModel m_model;
    quint64 m_generation = 0;  // the newest scan asked for; older results are dropped
};

}  // namespace strata::domain::models
