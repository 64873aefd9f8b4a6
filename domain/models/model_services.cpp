#include "domain/models/model_services.hpp"

namespace strata::models {

ModelServices::ModelServices(QSettings& settings, DownloadSettings downloads, QObject* parent)
    : QObject(parent), library_(settings), downloads_(downloads), catalogue_(Catalogue::builtIn())
{
    // A finished download is a new model: show it.
    connect(&downloads_, &DownloadManager::completed, &library_, &ModelLibrary::rescan);
    downloads_.restorePartials(library_.folders());
    library_.rescan();
}

}  // namespace strata::models
