// The sidebar's list of conversations, read from a ChatStore. GUI thread only, like the store.
// Titles are editable in place (setData renames in the store); a search filter narrows the rows.
#pragma once

#include "domain/chat/conversation_roles.hpp"
#include "domain/storage/chat_store.hpp"

#include <QAbstractListModel>

namespace strata::domain {

class ConversationListModel : public QAbstractListModel {
    Q_OBJECT
public:
    static constexpr int IdRole = ConversationIdRole;
    static constexpr int UpdatedRole = ConversationUpdatedRole;

    explicit ConversationListModel(ChatStore& store, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    int rowOf(qint64 id) const;
    QString filter() const { return m_filter; }

public slots:
    void setFilter(const QString& text);
    void reload();
    std::optional<qint64> create(const QString& title, const ConversationSettings& settings = {});
    bool rename(qint64 id, const QString& title);
    bool remove(qint64 id);
    // A conversation changed (a new message): it moves to the top.
    void touched(qint64 id);

signals:
    void storeError(const QString& message);

private:
    ChatStore& m_store;
    QList<ConversationSummary> m_rows;
    QString m_filter;
};

}  // namespace strata::domain
