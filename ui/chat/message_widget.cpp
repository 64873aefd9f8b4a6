#include "ui/chat/message_widget.hpp"

#include "ui/chat/message_body.hpp"
#include "ui/chat/reasoning_view.hpp"

#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace strata::ui {

namespace {
QString roleTitle(domain::ChatRole role)
{
    switch (role) {
    case domain::ChatRole::System: return MessageWidget::tr("System");
    case domain::ChatRole::User: return MessageWidget::tr("You");
    case domain::ChatRole::Assistant: return MessageWidget::tr("Assistant");
    }
    return {};
}

QToolButton* actionButton(const QString& text, const QString& objectName, QWidget* parent)
{
    auto* button = new QToolButton(parent);
    button->setText(text);
    button->setAccessibleName(text);
    button->setObjectName(objectName);
    button->setAutoRaise(true);
    return button;
}
}  // namespace

MessageWidget::MessageWidget(domain::ChatRole role, qint64 messageId, const CodeHighlighting* highlighting,
                             QWidget* parent)
    : QWidget(parent), m_role(role), m_messageId(messageId), m_body(new MessageBody(highlighting, this))
{
    setObjectName(QStringLiteral("message"));
    setBackgroundRole(role == domain::ChatRole::User ? QPalette::AlternateBase : QPalette::Base);
    setAutoFillBackground(true);
    // Top-aligned: a reply that grows repaints only its new strip and what its parts changed, not
    // all of itself per streamed update (see ChatView).
    setAttribute(Qt::WA_StaticContents);
    // As tall as its contents, never squeezed by the page (ChatView).
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);

    // Plain text in a bold font: a rich-text label would parse a document per message.
    auto* title = new QLabel(roleTitle(role), this);
    title->setTextFormat(Qt::PlainText);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    auto* copy = actionButton(tr("Copy"), QStringLiteral("copyMessageButton"), this);
    copy->setToolTip(tr("Copy the whole message"));
    connect(copy, &QToolButton::clicked, this, &MessageWidget::copyToClipboard);

    auto* header = new QHBoxLayout;
    header->addWidget(title);
    header->addStretch();
    if (role == domain::ChatRole::User) {
        auto* edit = actionButton(tr("Edit"), QStringLiteral("editMessageButton"), this);
        edit->setToolTip(tr("Edit this message and send it again"));
        connect(edit, &QToolButton::clicked, this, [this] { emit editRequested(m_messageId, m_content); });
        header->addWidget(edit);
    }
    if (role == domain::ChatRole::Assistant) {
        m_regenerate = actionButton(tr("Regenerate"), QStringLiteral("regenerateMessageButton"), this);
        m_regenerate->setToolTip(tr("Write this reply again"));
        m_regenerate->hide();
        connect(m_regenerate, &QToolButton::clicked, this, &MessageWidget::regenerateRequested);
        header->addWidget(m_regenerate);
    }
    header->addWidget(copy);

    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(10, 6, 10, 8);
    m_layout->addLayout(header);
    m_layout->addWidget(m_body);
}

void MessageWidget::showStored(const domain::ChatMessage& message)
{
    appendParts({message.reasoning, message.content});
    m_body->finish();
    if (domain::isInterruptedReply(message))
        addInterruptedNote();
}

// Quiet on purpose (placeholder colour, plain text): the reply itself is what the user reads; the
// note only keeps a cut-off answer from passing for a finished one.
void MessageWidget::addInterruptedNote()
{
    auto* note = new QLabel(tr("Interrupted: the app ended before this reply was finished."), this);
    note->setObjectName(QStringLiteral("interruptedNote"));
    note->setTextFormat(Qt::PlainText);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    m_layout->addWidget(note);
    note->show();  // now, not at the layout's next pass (as the reasoning view)
}

void MessageWidget::appendStreamed(const QString& chunk)
{
    appendParts(m_thinkSplitter.feed(chunk));
}

void MessageWidget::finishStream()
{
    appendParts(m_thinkSplitter.finish());
    m_body->finish();
}

void MessageWidget::appendParts(const domain::ThinkTagSplitter::Parts& parts)
{
    if (!parts.reasoning.isEmpty()) {
        // Made only for a message that has reasoning: most do not, and it is two widgets and a document.
        if (!m_reasoning) {
            m_reasoning = new ReasoningView(this);
            m_layout->insertWidget(1, m_reasoning);
            m_reasoning->show();  // now, not at the layout's next pass
        }
        m_reasoning->appendText(parts.reasoning);
    }
    if (!parts.answer.isEmpty()) {
        m_content += parts.answer;
        m_body->appendMarkdown(parts.answer);
    }
}

void MessageWidget::layOutAtWidth(int width)
{
    ensurePolished();  // fonts and margins come from the style: before measuring
    resize(width, sizeHint().height());
    m_layout->activate();
    m_body->layOutSegments();
}

void MessageWidget::setRegenerateVisible(bool visible)
{
    if (m_regenerate)
        m_regenerate->setVisible(visible);
}

void MessageWidget::copyToClipboard() const
{
    QGuiApplication::clipboard()->setText(m_content);
}

}  // namespace strata::ui
