#include "ui/chat/conversation_sidebar.hpp"

#include <QAbstractItemModel>
#include <QAction>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

namespace strata::ui {

ConversationSidebar::ConversationSidebar(QWidget* parent)
    : QWidget(parent), m_search(new QLineEdit(this)), m_list(new QListView(this))
{
    setObjectName(QStringLiteral("conversationSidebar"));

    auto* newButton = new QPushButton(tr("&New chat"), this);
    newButton->setObjectName(QStringLiteral("newChatButton"));
    connect(newButton, &QPushButton::clicked, this, &ConversationSidebar::newConversationRequested);

    m_search->setObjectName(QStringLiteral("conversationSearch"));
    m_search->setPlaceholderText(tr("Search chats"));
    m_search->setAccessibleName(tr("Search chats"));
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, this, &ConversationSidebar::searchChanged);

    m_list->setObjectName(QStringLiteral("conversationList"));
    m_list->setAccessibleName(tr("Chats"));
    m_list->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::DoubleClicked);
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    // A long title ends in "…" at the sidebar's width instead of growing a horizontal scroll bar.
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(m_list, &QListView::customContextMenuRequested, this, &ConversationSidebar::showContextMenu);

    // Delete key on the list asks to delete the selected chat.
    auto* deleteAction = new QAction(tr("Delete chat"), m_list);
    deleteAction->setShortcut(QKeySequence::Delete);
    deleteAction->setShortcutContext(Qt::WidgetShortcut);
    connect(deleteAction, &QAction::triggered, this, &ConversationSidebar::confirmDeleteCurrent);
    m_list->addAction(deleteAction);

    // Wide enough for the search field's hint (with room for its clear button) and a title's first
    // words: without a minimum the splitter gave the sidebar ~75 px and cut "Search chats".
    setMinimumWidth(std::max(m_search->fontMetrics().horizontalAdvance(m_search->placeholderText()) + 48,
                             fontMetrics().averageCharWidth() * 20));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(newButton);
    layout->addWidget(m_search);
    layout->addWidget(m_list, 1);
    setTabOrder(newButton, m_search);
    setTabOrder(m_search, m_list);
}

void ConversationSidebar::setModel(QAbstractItemModel* model)
{
    m_list->setModel(model);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& current) {
        const qint64 id = current.isValid() ? current.data(IdRole).toLongLong() : 0;
        if (id != 0 && id != m_selectedId) {
            m_selectedId = id;
            emit conversationSelected(id);
        }
    });
    // A reset (search, reorder) loses the current index: put it back on the same conversation.
    connect(model, &QAbstractItemModel::modelReset, this, [this] { selectConversation(m_selectedId); });
    connect(model, &QAbstractItemModel::rowsMoved, this, [this] { selectConversation(m_selectedId); });
}

qint64 ConversationSidebar::currentId() const
{
    const QModelIndex current = m_list->currentIndex();
    return current.isValid() ? current.data(IdRole).toLongLong() : 0;
}

void ConversationSidebar::selectConversation(qint64 id)
{
    m_selectedId = id;
    QAbstractItemModel* model = m_list->model();
    if (!model)
        return;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        if (index.data(IdRole).toLongLong() == id) {
            m_list->setCurrentIndex(index);
            return;
        }
    }
}

void ConversationSidebar::renameCurrent()
{
    if (m_list->currentIndex().isValid())
        m_list->edit(m_list->currentIndex());
}

void ConversationSidebar::confirmDeleteCurrent()
{
    const QModelIndex current = m_list->currentIndex();
    if (!current.isValid())
        return;
    const qint64 id = current.data(IdRole).toLongLong();
    auto* box = new QMessageBox(
        QMessageBox::Question, tr("Delete chat"),
        tr("Delete \"%1\" and all its messages? This cannot be undone.").arg(current.data(Qt::DisplayRole).toString()),
        QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("confirmDeleteBox"));
    QPushButton* remove = box->addButton(tr("Delete"), QMessageBox::DestructiveRole);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, remove, id](QAbstractButton* clicked) {
        if (clicked == remove)
            emit deleteRequested(id);
    });
    box->open();
}

void ConversationSidebar::showContextMenu(const QPoint& at)
{
    if (!m_list->indexAt(at).isValid())
        return;
    QMenu menu(this);
    menu.addAction(tr("&Rename"), this, &ConversationSidebar::renameCurrent);
    menu.addAction(tr("&Delete..."), this, &ConversationSidebar::confirmDeleteCurrent);
    menu.exec(m_list->viewport()->mapToGlobal(at));
}

void ConversationSidebar::resetSearch()
{
    m_search->clear();
}

}  // namespace strata::ui
