// The downloads as a table for the dialog: file, state, progress, speed, ETA, message.
// GUI thread only; DownloadManager feeds it from the worker's queued signals.
#pragma once

#include "domain/models/download_request.hpp"

#include <QAbstractTableModel>
#include <vector>

namespace strata::domain::models {

class DownloadListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { FileColumn, StateColumn, ProgressColumn, SpeedColumn, EtaColumn, MessageColumn, ColumnCount };
    enum Role {
        IdRole = Qt::UserRole + 1,  // QString: the final path
        StateRole,                  // DownloadState
        FractionRole,               // double 0..1, or -1 when the size is unknown
    };

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void add(const QString& id, const DownloadRequest& request);
    void remove(const QString& id);
    void setState(const QString& id, DownloadState state, const QString& message);
    void setProgress(const QString& id, qint64 received, qint64 total, double bytesPerSecond);

    int rowOf(const QString& id) const;
    DownloadState stateAt(int row) const;

private:
    struct Row {
        QString id;
        QString fileName;
        DownloadState state = DownloadState::Queued;
        QString message;
        qint64 received = 0;
        qint64 total = -1;
        double bytesPerSecond = 0.0;
    };
    std::vector<Row> m_rows;
};

// "1.2 GB", "35 s", "4 min 10 s": shared by the download list and the library.
QString formatBytes(qint64 bytes);
QString formatDuration(qint64 seconds);

}  // namespace strata::domain::models
