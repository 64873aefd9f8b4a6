#include "domain/models/model_services.hpp"

namespace strata::domain::models {

ModelServices::ModelServices(QSettings& settings, DownloadSettings downloads, QObject* parent)
    : QObject(parent), m_library(settings), m_downloads(downloads), m_catalogue(Catalogue::builtIn())
{
    // A finished download is a new model: show it.
    connect(&m_downloads, &DownloadManager::completed, &m_library, [this](const QString& path, bool verified) {
        if (!verified)
            m_library.markUnverified(path);
        m_library.rescan();
    });
    m_downloads.restorePartials(m_library.folders());
    m_library.rescan();
}

}  // namespace strata::domain::models
