#include "domain/models/download_list_model.hpp"

#include <QLocale>
#include <cmath>

namespace strata::domain::models {

QString displayName(DownloadState state)
{
    switch (state) {
    case DownloadState::Queued: return QObject::tr("Queued");
    case DownloadState::Connecting: return QObject::tr("Connecting");
    case DownloadState::Downloading: return QObject::tr("Downloading");
    case DownloadState::Retrying: return QObject::tr("Retrying");
    case DownloadState::Paused: return QObject::tr("Paused");
    case DownloadState::Verifying: return QObject::tr("Verifying");
    case DownloadState::Completed: return QObject::tr("Completed");
    case DownloadState::Failed: return QObject::tr("Failed");
    }
    return {};
}

QString formatBytes(qint64 bytes)
{
    if (bytes < 0)
        return QObject::tr("unknown");
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

QString formatDuration(qint64 seconds)
{
    if (seconds < 60)
        return QObject::tr("%1 s").arg(seconds);
    if (seconds < 3600)
        return QObject::tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60);
    return QObject::tr("%1 h %2 min").arg(seconds / 3600).arg(seconds / 60 % 60);
}

int DownloadListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DownloadListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DownloadListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const Row& r = m_rows[size_t(index.row())];
    const double fraction = r.total > 0 ? double(r.received) / double(r.total) : -1.0;
    switch (role) {
    case IdRole: return r.id;
    case StateRole: return QVariant::fromValue(r.state);
    case FractionRole: return fraction;
    case Qt::ToolTipRole: return r.message.isEmpty() ? r.id : r.message;
    case Qt::DisplayRole: break;
    default: return {};
    }
    const bool moving = r.state == DownloadState::Downloading && r.bytesPerSecond > 0;
    switch (index.column()) {
    case FileColumn: return r.fileName;
    case StateColumn: return displayName(r.state);
    case ProgressColumn:
        if (fraction < 0)
            return formatBytes(r.received);
        return QObject::tr("%1 of %2 (%3%)")
            .arg(formatBytes(r.received), formatBytes(r.total))
            .arg(QLocale().toString(std::floor(fraction * 1000.0) / 10.0));
    case SpeedColumn: return moving ? QObject::tr("%1/s").arg(formatBytes(qint64(r.bytesPerSecond))) : QString();
    case EtaColumn:
        if (!moving || r.total <= 0)
            return QString();
        return formatDuration(qint64(double(r.total - r.received) / r.bytesPerSecond + 0.5));
    case MessageColumn: return r.message;
    default: return {};
    }
}

QVariant DownloadListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FileColumn: return tr("File");
    case StateColumn: return tr("State");
    case ProgressColumn: return tr("Progress");
    case SpeedColumn: return tr("Speed");
    case EtaColumn: return tr("Time left");
    case MessageColumn: return tr("Details");
    default: return {};
    }
}

void DownloadListModel::add(const QString& id, const DownloadRequest& request)
{
    if (const int row = rowOf(id); row >= 0) {
        m_rows[size_t(row)].state = DownloadState::Queued;
        m_rows[size_t(row)].message.clear();
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        return;
    }
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size()));
    Row r;
    r.id = id;
    r.fileName = request.fileName;
    r.total = request.exactSize > 0 ? request.exactSize : request.approxSize;
    m_rows.push_back(r);
    endInsertRows();
}

void DownloadListModel::remove(const QString& id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_rows.erase(m_rows.begin() + row);
    endRemoveRows();
}

void DownloadListModel::setState(const QString& id, DownloadState state, const QString& message)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    Row& r = m_rows[size_t(row)];
    r.state = state;
    r.message = message;
    if (state != DownloadState::Downloading)
        r.bytesPerSecond = 0.0;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void DownloadListModel::setProgress(const QString& id, qint64 received, qint64 total, double bytesPerSecond)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    Row& r = m_rows[size_t(row)];
    r.received = received;
    if (total > 0)
        r.total = total;
    r.bytesPerSecond = bytesPerSecond;
    emit dataChanged(index(row, ProgressColumn), index(row, EtaColumn));
}

int DownloadListModel::rowOf(const QString& id) const
{
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].id == id)
            return int(i);
    return -1;
}

DownloadState DownloadListModel::stateAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[size_t(row)].state : DownloadState::Failed;
}

}  // namespace strata::domain::models
