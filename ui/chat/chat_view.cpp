#include "ui/chat/chat_view.hpp"

#include "ui/chat/message_widget.hpp"

#include <QLabel>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

namespace strata::ui {

ChatView::ChatView(const CodeHighlighting* highlighting, QWidget* parent)
    : QScrollArea(parent), m_highlighting(highlighting), m_page(new QWidget), m_layout(new QVBoxLayout(m_page))
{
    setObjectName(QStringLiteral("chatView"));
    setAccessibleName(tr("Conversation"));
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_layout->setSpacing(8);
    m_layout->addStretch();  // messages are inserted above it, so they start at the top
    setWidget(m_page);

    // Follow the bottom while the user is there; stop following when they scroll up to read.
    QScrollBar* bar = verticalScrollBar();
    connect(bar, &QScrollBar::valueChanged, this,
            [this, bar](int value) { m_following = value >= bar->maximum() - 4; });
    connect(bar, &QScrollBar::rangeChanged, this, [this, bar](int, int max) {
        if (m_following)
            bar->setValue(max);
    });
}

void ChatView::clear()
{
    m_streaming = nullptr;
    while (m_layout->count() > 1) {
        QLayoutItem* item = m_layout->takeAt(0);
        delete item->widget();
        delete item;
    }
    m_following = true;
}

void ChatView::setMessages(const QList<ChatMessage>& messages)
{
    clear();
    for (const ChatMessage& message : messages)
        addMessage(message);
}

MessageWidget* ChatView::appendWidget(ChatRole role, qint64 id)
{
    auto* widget = new MessageWidget(role, id, m_highlighting, m_page);
    connect(widget, &MessageWidget::editRequested, this, &ChatView::editRequested);
    connect(widget, &MessageWidget::regenerateRequested, this, &ChatView::regenerateRequested);
    m_layout->insertWidget(m_layout->count() - 1, widget);
    return widget;
}

void ChatView::addMessage(const ChatMessage& message)
{
    appendWidget(message.role, message.id)->showStored(message);
    updateRegenerateButtons();
    scrollToBottomIfFollowing();
}

void ChatView::beginReply()
{
    m_streaming = appendWidget(ChatRole::Assistant, 0);
    updateRegenerateButtons();
    scrollToBottomIfFollowing();
}

void ChatView::appendReply(const QString& chunk)
{
    if (!m_streaming)
        beginReply();
    m_streaming->appendStreamed(chunk);
}

void ChatView::finishReply(qint64 storedId)
{
    if (!m_streaming)
        return;
    m_streaming->finishStream();
    m_streaming->setMessageId(storedId);
    m_streaming = nullptr;
    updateRegenerateButtons();
}

void ChatView::showNotice(const QString& text, bool isError)
{
    auto* label = new QLabel(text, m_page);
    label->setObjectName(QStringLiteral("chatNotice"));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    label->setAccessibleName(isError ? tr("Error") : tr("Note"));
    label->setProperty("isError", isError);
    label->setFrameShape(QFrame::StyledPanel);
    label->setMargin(8);
    if (isError) {
        // Red text that stays readable on light and dark palettes.
        QPalette palette = label->palette();
        const bool dark = palette.color(QPalette::Window).lightness() < 128;
        palette.setColor(QPalette::WindowText, dark ? QColor(255, 140, 140) : QColor(170, 20, 20));
        label->setPalette(palette);
    }
    m_layout->insertWidget(m_layout->count() - 1, label);
    scrollToBottomIfFollowing();
}

QList<MessageWidget*> ChatView::messageWidgets() const
{
    return m_page->findChildren<MessageWidget*>(Qt::FindDirectChildrenOnly);
}

QList<QLabel*> ChatView::notices() const
{
    return m_page->findChildren<QLabel*>(QStringLiteral("chatNotice"), Qt::FindDirectChildrenOnly);
}

// Only the last reply can be regenerated, and not while a reply is streaming.
void ChatView::updateRegenerateButtons()
{
    const QList<MessageWidget*> widgets = messageWidgets();
    for (MessageWidget* widget : widgets)
        widget->setRegenerateVisible(!m_streaming && widget == widgets.back());
}

void ChatView::scrollToBottomIfFollowing()
{
    if (m_following)
        QTimer::singleShot(0, this, [this] { verticalScrollBar()->setValue(verticalScrollBar()->maximum()); });
}

}  // namespace strata::ui
