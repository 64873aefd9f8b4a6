// The library's models as a table for the dialog. GUI thread only: ModelLibrary replaces the
// rows with what the scanner thread sent.
#pragma once

#include "domain/models/model_entry.hpp"

#include <QAbstractTableModel>

namespace strata::domain::models {

class ModelListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        ArchitectureColumn,
        ParametersColumn,
        QuantizationColumn,
        SizeColumn,
        ContextColumn,
        ExpertsColumn,
        RamColumn,
        VramColumn,
        StatusColumn,
        ColumnCount
    };
    enum Role { PathRole = Qt::UserRole + 1, LoadableRole };

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void setEntries(const QList<ModelEntry>& entries);
    void setDefaultModel(const QString& path);
    const QList<ModelEntry>& entries() const { return m_entries; }
    const ModelEntry* entryAt(int row) const;
    int rowOf(const QString& path) const;

private:
    QList<ModelEntry> m_entries;
    QString m_defaultModel;
};

// The context the RAM and VRAM columns assume: what a load uses by default (the engine's Session
// takes the trained context, capped at 4096), with an f16 KV cache and a 512-token prefill batch.
qint64 listedContextLength(const ModelEntry& entry);

// "596 M", "4.02 B", "30.5 B" parameters.
QString formatParameterCount(qint64 count);

}  // namespace strata::domain::models
