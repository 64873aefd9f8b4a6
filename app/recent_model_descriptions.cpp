#include "app/recent_model_descriptions.hpp"

#include "app/model_description.hpp"
#include "domain/models/gguf_model_reader.hpp"
#include "domain/remote/remote_endpoint.hpp"

#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace strata::app {

RecentModelDescriptions::RecentModelDescriptions(QObject* parent) : QObject(parent) {}

// Watchers are children: destroying this object drops results still on their way.
RecentModelDescriptions::~RecentModelDescriptions() = default;

void RecentModelDescriptions::request(const QStringList& paths)
{
    for (const QString& path : paths) {
        if (const std::optional<domain::RemoteEndpoint> remote = domain::remoteEndpointFromPath(path)) {
            emit described(path, tr("%1 on the remote server %2").arg(remote->model, remote->baseUrl));
            continue;
        }
        const QFileInfo info(path);
        const QDateTime modified = info.lastModified();
        if (!info.exists()) {
            emit described(path, tr("The file is missing."));
            continue;
        }
        if (const auto known = m_known.constFind(path); known != m_known.cend() && known->modified == modified) {
            emit described(path, known->description);
            continue;
        }
        if (const auto pending = m_pending.constFind(path); pending != m_pending.cend() && *pending == modified)
            continue;
        m_pending.insert(path, modified);
        auto* watcher = new QFutureWatcher<QString>(this);
        connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, path, modified] {
            const QString description = watcher->result();
            watcher->deleteLater();
            if (m_pending.value(path) == modified)
                m_pending.remove(path);
            m_known.insert(path, {modified, description});
            emit described(path, description);
        });
        watcher->setFuture(QtConcurrent::run([path] {
            domain::models::ModelEntry entry;
            entry.path = path;
            entry.files = {path};
            domain::models::readModelHeader(entry);
            return describeModelEntry(entry);
        }));
    }
}

}  // namespace strata::app
