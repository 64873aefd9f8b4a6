#include "ui/chat/chat_view.hpp"

#include "ui/chat/chat_page_layout.hpp"
#include "ui/chat/message_widget.hpp"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QLabel>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <utility>

namespace strata::ui {

namespace {
// One backfill batch builds older messages for about this long (at least one message), then lets
// the event loop run: input, painting and a streaming reply wait at most one batch.
constexpr qint64 kBackfillBatchNs = 1'500'000;
// Built messages wait hidden until this many are ready (or the user scrolls near the top).
constexpr qsizetype kInsertChunk = 24;
// Built at once when a conversation opens: about two screenfuls of the newest messages, so the
// first frame and a first scroll up show finished messages.
constexpr int kFirstScreensToBuild = 2;
// A streaming reply is rendered at most this often: one 60 Hz frame.
constexpr qint64 kReplyFrameMs = 16;

// Lines a message roughly takes on screen: its text lines (long ones wrap at ~100 characters) and
// its header. Only used to decide how many of the newest messages to build at once.
int estimatedLines(const domain::ChatMessage& message)
{
    int lines = 2;
    for (QStringView line : QStringView(message.content).split(QLatin1Char('\n')))
        lines += 1 + int(line.size() / 100);
    return lines + (message.reasoning.isEmpty() ? 0 : 1);
}
}  // namespace

ChatView::ChatView(const CodeHighlighting* highlighting, QWidget* parent)
    : QScrollArea(parent), m_highlighting(highlighting), m_page(new QWidget), m_layout(new ChatPageLayout(m_page)),
      m_replyFrame(new QTimer(this)), m_backfill(new QTimer(this))
{
    setObjectName(QStringLiteral("chatView"));
    setAccessibleName(tr("Conversation"));
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_layout->setSpacing(8);
    m_layout->addStretch();  // messages are inserted above it, so they start at the top
    setWidget(m_page);
    // Repaint only what changed while a reply streams. The page is opaque (its own background), so
    // scrolling it to follow the bottom moves the already painted pixels instead of repainting the
    // viewport; its contents are top-aligned, so growing it paints only the new strip at the bottom
    // (Qt repaints the whole of a resized widget otherwise). The growing reply paints its own changes.
    m_page->setAutoFillBackground(true);
    m_page->setAttribute(Qt::WA_StaticContents);

    // Follow the bottom while the user is there; stop following when they scroll up to read.
    QScrollBar* bar = verticalScrollBar();
    connect(bar, &QScrollBar::valueChanged, this,
            [this, bar](int value) { m_following = value >= bar->maximum() - 4; });
    // Messages built above the view push it down by their height: move the scroll value by as much,
    // so the text the user reads stays where it is.
    connect(bar, &QScrollBar::rangeChanged, this, [this, bar](int, int max) {
        if (m_following && m_streaming)
            followBottomAfterPaint();
        else if (m_following)
            bar->setValue(max);
        else if (m_prepended)
            bar->setValue(bar->value() + max - m_lastMaximum);
        m_prepended = false;
        m_lastMaximum = max;
    });

    m_replyFrame->setSingleShot(true);
    m_replyFrame->setTimerType(Qt::PreciseTimer);
    connect(m_replyFrame, &QTimer::timeout, this, &ChatView::showUnshownReply);
    m_sinceReplyShown.start();

    m_backfill->setInterval(0);
    m_backfill->setSingleShot(true);
    connect(m_backfill, &QTimer::timeout, this, [this] { buildOlder(kBackfillBatchNs); });
}

// Following the bottom moves the page up by what it grew. Qt moves the painted pixels for that (the
// page is opaque) only when nothing in view waits to be repainted after a resize; in the pass where
// the reply grew, its new strip and margins always do, and Qt then repaints everything in view. So
// the scroll waits for that pass's paint (a low-priority event after the paint request, which is one
// too): the paint covers only what changed, the scroll moves the rest and paints the strip it exposes.
void ChatView::followBottomAfterPaint()
{
    if (m_followPosted)
        return;
    m_followPosted = true;
    QCoreApplication::postEvent(this, new QEvent(followBottomEvent()), Qt::LowEventPriority);
}

QEvent::Type ChatView::followBottomEvent()
{
    static const auto type = static_cast<QEvent::Type>(QEvent::registerEventType());
    return type;
}

bool ChatView::event(QEvent* event)
{
    if (event->type() != followBottomEvent())
        return QScrollArea::event(event);
    m_followPosted = false;
    if (m_following)
        verticalScrollBar()->setValue(verticalScrollBar()->maximum());
    return true;
}

void ChatView::clearMessages()
{
    m_backfill->stop();
    m_replyFrame->stop();
    m_unshownReply.clear();
    m_pending.clear();
    qDeleteAll(m_ready);
    m_ready.clear();
    m_streaming = nullptr;
    setPageGrowsFirst(false);
    while (m_layout->count() > 1) {
        QLayoutItem* item = m_layout->takeAt(0);
        delete item->widget();
        delete item;
    }
    m_following = true;
}

void ChatView::setMessages(const QList<domain::ChatMessage>& messages)
{
    clearMessages();
    const int lineSpacing = std::max(1, fontMetrics().lineSpacing());
    const int linesWanted = kFirstScreensToBuild * std::max(720, viewport()->height()) / lineSpacing;
    qsizetype first = messages.size();
    for (int lines = 0; first > 0 && lines < linesWanted;)
        lines += estimatedLines(messages[--first]);
    m_pending = messages.mid(0, first);
    for (qsizetype i = first; i < messages.size(); ++i)
        appendWidget(messages[i].role, messages[i].id)->showStored(messages[i]);
    updateRegenerateButtons();
    scrollToBottomIfFollowing();
    if (!m_pending.isEmpty())
        m_backfill->start();
}

// Two kinds of batch, each one timer shot and each within the budget. A build batch makes the newest
// pending messages (widgets, Markdown, laid out at the page's width) while they stay hidden and out
// of the page. An insert batch puts ready ones above the shown messages and shows them: each insert
// batch costs a layout of the whole page and a repaint after it, so inserts wait until kInsertChunk
// messages are ready (or the user reads near the top) and then go in as many at once as the budget
// allows.
void ChatView::buildOlder(qint64 budgetNs)
{
    const QScrollBar* bar = verticalScrollBar();
    const bool readingNearTop = !m_following && bar->value() < viewport()->height();
    QElapsedTimer batch;
    batch.start();
    if (!m_ready.isEmpty() && (m_pending.isEmpty() || m_ready.size() >= kInsertChunk || readingNearTop)) {
        insertReady(batch, budgetNs);
    } else {
        const QMargins margins = m_layout->contentsMargins();
        const int width = m_page->width() - margins.left() - margins.right();
        while (!m_pending.isEmpty()) {
            const domain::ChatMessage message = m_pending.takeLast();
            MessageWidget* widget = createWidget(message.role, message.id);
            widget->showStored(message);
            if (width > 0)
                widget->layOutAtWidth(width);
            m_ready.append(widget);
            if (batch.nsecsElapsed() >= budgetNs)
                break;
        }
    }
    if (!m_pending.isEmpty() || !m_ready.isEmpty())
        m_backfill->start();
}

// Shown here rather than by the layout later, so that showing (style polish, events to every child)
// counts against the batch's budget.
void ChatView::insertReady(const QElapsedTimer& batch, qint64 budgetNs)
{
    while (!m_ready.isEmpty()) {
        MessageWidget* widget = m_ready.takeFirst();  // the newest of the ready ones: just above the shown
        m_layout->insertWidget(0, widget);
        widget->show();
        m_prepended = true;
        if (batch.nsecsElapsed() >= budgetNs)
            break;
    }
}

void ChatView::buildAllPending()
{
    m_backfill->stop();
    while (pendingCount() > 0)
        buildOlder(std::numeric_limits<qint64>::max());
    m_backfill->stop();
}

int ChatView::pendingCount() const
{
    return int(m_pending.size() + m_ready.size());
}

int ChatView::messageCount() const
{
    return int(messageWidgets().size()) + pendingCount();
}

MessageWidget* ChatView::createWidget(domain::ChatRole role, qint64 id)
{
    auto* widget = new MessageWidget(role, id, m_highlighting, m_page);
    connect(widget, &MessageWidget::editRequested, this, &ChatView::editRequested);
    connect(widget, &MessageWidget::regenerateRequested, this, &ChatView::regenerateRequested);
    return widget;
}

MessageWidget* ChatView::appendWidget(domain::ChatRole role, qint64 id)
{
    MessageWidget* widget = createWidget(role, id);
    m_layout->insertWidget(m_layout->count() - 1, widget);
    return widget;
}

void ChatView::addMessage(const domain::ChatMessage& message)
{
    appendWidget(message.role, message.id)->showStored(message);
    updateRegenerateButtons();
    scrollToBottomIfFollowing();
}

// While a reply streams, the page takes the height of its messages before laying them out:
// otherwise the grown reply is laid out first in the page's old height, which squeezes (moves and
// resizes) every message above it for one pass, repainting them all, and again once the page has
// grown. Messages have a fixed height (MessageWidget), so the minimum is the height they need. Only
// while streaming: the page then changes height in two steps, which the backfill's keeping of the
// reading place (one range change per inserted batch) does not follow.
void ChatView::setPageGrowsFirst(bool growsFirst)
{
    m_layout->setSizeConstraint(growsFirst ? QLayout::SetMinimumSize : QLayout::SetDefaultConstraint);
    m_layout->setNeverShrinks(growsFirst);
    if (!growsFirst)
        m_page->setMinimumSize(0, 0);
}

void ChatView::beginReply()
{
    setPageGrowsFirst(true);
    m_streaming = appendWidget(domain::ChatRole::Assistant, 0);
    updateRegenerateButtons();
    scrollToBottomIfFollowing();
}

void ChatView::appendReply(const QString& chunk)
{
    if (!m_streaming)
        beginReply();
    m_unshownReply += chunk;
    if (!m_replyFrame->isActive())
        m_replyFrame->start(int(std::max<qint64>(0, kReplyFrameMs - m_sinceReplyShown.elapsed())));
}

void ChatView::showUnshownReply()
{
    m_replyFrame->stop();
    if (!m_streaming || m_unshownReply.isEmpty())
        return;
    m_streaming->appendStreamed(std::exchange(m_unshownReply, QString()));
    m_sinceReplyShown.restart();
}

void ChatView::finishReply(qint64 storedId)
{
    if (!m_streaming)
        return;
    showUnshownReply();
    m_streaming->finishStream();
    m_streaming->setMessageId(storedId);
    m_streaming = nullptr;
    setPageGrowsFirst(false);
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
    if (isError)
        colourError(label);
    m_layout->insertWidget(m_layout->count() - 1, label);
    scrollToBottomIfFollowing();
}

// In the order shown: older messages are created after the newest ones, so child order would not do.
// Red text that stays readable on light and dark palettes, picked from the view's current palette:
// again on every palette change (a live theme switch), since a set colour does not follow by itself.
void ChatView::colourError(QLabel* label) const
{
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    QPalette colours = label->palette();
    colours.setColor(QPalette::WindowText, dark ? QColor(255, 140, 140) : QColor(170, 20, 20));
    label->setPalette(colours);
}

void ChatView::changeEvent(QEvent* event)
{
    QScrollArea::changeEvent(event);
    if (event->type() != QEvent::PaletteChange)
        return;
    for (QLabel* label : notices())
        if (label->property("isError").toBool())
            colourError(label);
}

QList<MessageWidget*> ChatView::messageWidgets() const
{
    QList<MessageWidget*> widgets;
    for (int i = 0; i < m_layout->count(); ++i)
        if (auto* widget = qobject_cast<MessageWidget*>(m_layout->itemAt(i)->widget()))
            widgets.append(widget);
    return widgets;
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
