// The list of conversations: search, new, rename (in place), delete (after confirmation).
// It shows any list model whose rows carry a conversation id under IdRole and forwards intent.
#pragma once

#include "domain/chat/conversation_roles.hpp"

#include <QWidget>

class QAbstractItemModel;
class QLineEdit;
class QListView;
class QMessageBox;

namespace strata::ui {

class ConversationSidebar : public QWidget {
    Q_OBJECT
public:
    static constexpr int IdRole = domain::ConversationIdRole;

    explicit ConversationSidebar(QWidget* parent = nullptr);

    void setModel(QAbstractItemModel* model);
    QListView* listView() const { return m_list; }
    QLineEdit* searchField() const { return m_search; }
    qint64 currentId() const;

public slots:
    void selectConversation(qint64 id);
    void resetSearch();           // empties the search field: every conversation is listed again
    void renameCurrent();         // starts editing the title in place
    void confirmDeleteCurrent();  // asks first; deleteRequested() only after "Delete"

signals:
    void newConversationRequested();
    void conversationSelected(qint64 id);
    void deleteRequested(qint64 id);
    void searchChanged(const QString& text);

private:
    void showContextMenu(const QPoint& at);

    QLineEdit* m_search;
    QListView* m_list;
    qint64 m_selectedId = 0;
};

}  // namespace strata::ui
