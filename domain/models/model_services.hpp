// Everything the model manager works with, created once (app/main.cpp or, failing that, the main
// window on first use) and handed to the dialog: the library, the downloads and the catalogue.
#pragma once

#include "domain/models/catalogue.hpp"
#include "domain/models/download_manager.hpp"
#include "domain/models/model_library.hpp"

#include <QObject>
#include <QSettings>

namespace strata::domain::models {

class ModelServices : public QObject {
    Q_OBJECT
public:
    // `settings` must outlive this object.
    explicit ModelServices(QSettings& settings, DownloadSettings downloads = {}, QObject* parent = nullptr);

    ModelLibrary& library() { return m_library; }
    DownloadManager& downloads() { return m_downloads; }
    const Catalogue& catalogue() const { return m_catalogue; }

    // Asks for `path` to be loaded in the chat window (the app connects this to the chat).
    void requestLoad(const QString& path) { emit loadInChatRequested(path); }

signals:
    void loadInChatRequested(const QString& path);

private:
    ModelLibrary m_library;
    DownloadManager m_downloads;
    Catalogue m_catalogue;
};

}  // namespace strata::domain::models
