#include "domain/storage/conversation_list_model.hpp"

#include <QDateTime>

namespace strata::domain {

ConversationListModel::ConversationListModel(ChatStore& store, QObject* parent)
    : QAbstractListModel(parent), m_store(store)
{
    reload();
}

int ConversationListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant ConversationListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const ConversationSummary& row = m_rows.at(index.row());
    // An empty title means "not named yet" (the first message names the chat); shown in the
    // current language, never stored translated.
    const QString shownTitle = row.title.isEmpty() ? tr("New chat") : row.title;
    switch (role) {
    case Qt::DisplayRole: return shownTitle;
    case Qt::EditRole: return row.title;
    case Qt::ToolTipRole:
        return tr("%1\nLast change: %2")
            .arg(shownTitle, QLocale().toString(QDateTime::fromMSecsSinceEpoch(row.updatedMs), QLocale::ShortFormat));
    case IdRole: return row.id;
    case UpdatedRole: return row.updatedMs;
    default: return {};
    }
}

bool ConversationListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.row() >= m_rows.size())
        return false;
    return rename(m_rows.at(index.row()).id, value.toString());
}

Qt::ItemFlags ConversationListModel::flags(const QModelIndex& index) const
{
    return QAbstractListModel::flags(index) | (index.isValid() ? Qt::ItemIsEditable : Qt::NoItemFlags);
}

int ConversationListModel::rowOf(qint64 id) const
{
    for (int row = 0; row < m_rows.size(); ++row)
        if (m_rows.at(row).id == id)
            return row;
    return -1;
}

void ConversationListModel::setFilter(const QString& text)
{
    if (text == m_filter)
        return;
    m_filter = text;
    reload();
}

void ConversationListModel::reload()
{
    beginResetModel();
    m_rows = m_store.search(m_filter);
    endResetModel();
}

std::optional<qint64> ConversationListModel::create(const QString& title, const ConversationSettings& settings)
{
    const std::optional<qint64> id = m_store.createConversation(title, settings);
    if (!id) {
        emit storeError(m_store.lastError());
        return std::nullopt;
    }
    // A new chat is always shown, even under a search that would not match it.
    m_filter.clear();
    reload();
    return id;
}

bool ConversationListModel::rename(qint64 id, const QString& title)
{
    const QString trimmed = title.trimmed();
    if (trimmed.isEmpty())
        return false;
    if (!m_store.renameConversation(id, trimmed)) {
        emit storeError(m_store.lastError());
        return false;
    }
    const int row = rowOf(id);
    if (row >= 0) {
        m_rows[row].title = trimmed;
        emit dataChanged(index(row), index(row));
    }
    return true;
}

bool ConversationListModel::remove(qint64 id)
{
    if (!m_store.deleteConversation(id)) {
        emit storeError(m_store.lastError());
        return false;
    }
    const int row = rowOf(id);
    if (row >= 0) {
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        endRemoveRows();
    }
    return true;
}

void ConversationListModel::touched(qint64 id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    if (const std::optional<Conversation> fresh = m_store.conversation(id))
        m_rows[row] = fresh->summary;
    if (row > 0 && beginMoveRows({}, row, row, {}, 0)) {
        m_rows.move(row, 0);
        endMoveRows();
    }
    emit dataChanged(index(0), index(0));
}

}  // namespace strata::domain
