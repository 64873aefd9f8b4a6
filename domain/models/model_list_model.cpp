#include "domain/models/model_list_model.hpp"

#include "domain/models/download_list_model.hpp"
#include "domain/models/memory_estimate.hpp"

#include <QFont>
#include <QLocale>
#include <algorithm>

namespace strata::domain::models {

QString formatParameterCount(qint64 count)
{
    if (count < 0)
        return {};
    if (count >= 1'000'000'000)
        return QStringLiteral("%1 B").arg(QLocale().toString(double(count) / 1e9, 'f', 2));
    if (count >= 1'000'000)
        return QStringLiteral("%1 M").arg(QLocale().toString(double(count) / 1e6, 'f', 0));
    if (count >= 1'000)
        return QStringLiteral("%1 K").arg(QLocale().toString(double(count) / 1e3, 'f', 0));
    return QLocale().toString(count);
}

namespace {
QString nameText(const ModelEntry& e, bool isDefault)
{
    if (isDefault && e.addedByHand)
        return ModelListModel::tr("%1 (default, added by hand)").arg(e.displayName);
    if (isDefault)
        return ModelListModel::tr("%1 (default)").arg(e.displayName);
    if (e.addedByHand)
        return ModelListModel::tr("%1 (added by hand)").arg(e.displayName);
    return e.displayName;
}
}  // namespace

int ModelListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int ModelListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ModelListModel::data(const QModelIndex& index, int role) const
{
    const ModelEntry* e = entryAt(index.row());
    if (!e || !index.isValid())
        return {};
    switch (role) {
    case PathRole: return e->path;
    case LoadableRole: return e->loadable();
    case Qt::ToolTipRole:
        if (!e->loadable())
            return e->error;
        return e->unverified
                   ? tr("%1\nUnverified: it was downloaded without a published hash to check it against.").arg(e->path)
                   : e->path;
    case Qt::FontRole:
        if (e->path == m_defaultModel) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::DisplayRole: break;
    default: return {};
    }
    switch (index.column()) {
    case NameColumn: return nameText(*e, e->path == m_defaultModel);
    case ArchitectureColumn: return e->architecture;
    case ParametersColumn: return formatParameterCount(e->parameterCount);
    case QuantizationColumn: return e->quantization;
    case SizeColumn:
        return e->files.size() > 1 ? tr("%1 (%2 parts)").arg(formatBytes(e->sizeBytes)).arg(e->files.size())
                                   : formatBytes(e->sizeBytes);
    case ContextColumn: return e->contextLength > 0 ? QLocale().toString(e->contextLength) : QString();
    case ExpertsColumn:
        return e->expertCount > 0 ? tr("%1 (%2 active)").arg(e->expertCount).arg(e->expertUsedCount) : QString();
    case RamColumn:
    case VramColumn: {
        if (!e->loadable())
            return QString();
        const MemoryEstimate m = estimateMemory(*e, listedContextLength(*e), model::KvType::F16);
        const qint64 bytes = index.column() == RamColumn ? m.totalBytes : m.vramTotalBytes;
        return bytes >= 0 ? formatBytes(bytes) : QString();
    }
    case StatusColumn:
        if (!e->loadable())
            return e->error;
        return e->unverified ? tr("OK (unverified)") : tr("OK");
    default: return {};
    }
}

qint64 listedContextLength(const ModelEntry& entry)
{
    return entry.contextLength > 0 ? std::min<qint64>(entry.contextLength, 4096) : 4096;
}

QVariant ModelListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && (section == RamColumn || section == VramColumn))
        return section == RamColumn ? tr("RAM it needs on the CPU at the default context (up to 4096 tokens)")
                                    : tr("VRAM it needs on a GPU at the default context (up to 4096 tokens); "
                                         "the Memory tab shows other contexts");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Name");
    case ArchitectureColumn: return tr("Architecture");
    case ParametersColumn: return tr("Parameters");
    case QuantizationColumn: return tr("Quantization");
    case SizeColumn: return tr("Size");
    case ContextColumn: return tr("Context");
    case ExpertsColumn: return tr("Experts");
    case RamColumn: return tr("RAM");
    case VramColumn: return tr("VRAM");
    case StatusColumn: return tr("Status");
    default: return {};
    }
}

void ModelListModel::setEntries(const QList<ModelEntry>& entries)
{
    beginResetModel();
    m_entries = entries;
    endResetModel();
}

void ModelListModel::setDefaultModel(const QString& path)
{
    m_defaultModel = path;
    if (!m_entries.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

const ModelEntry* ModelListModel::entryAt(int row) const
{
    return row >= 0 && row < m_entries.size() ? &m_entries[row] : nullptr;
}

int ModelListModel::rowOf(const QString& path) const
{
    for (int i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].path == path)
            return i;
    return -1;
}

}  // namespace strata::domain::models
