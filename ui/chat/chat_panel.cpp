#include "ui/chat/chat_panel.hpp"

#include "ui/chat/chat_input.hpp"
#include "ui/chat/chat_view.hpp"
#include "ui/chat/prefill_progress_row.hpp"
#include "ui/chat/welcome_view.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace strata::ui {

ChatPanel::ChatPanel(const CodeHighlighting* highlighting, QWidget* parent)
    : QWidget(parent), m_welcome(new WelcomeView(this)), m_chatView(new ChatView(highlighting, this)),
      m_prefill(new PrefillProgressRow(this)), m_editNote(new QLabel(this)), m_input(new ChatInput(this)),
      m_send(new QPushButton(tr("&Send"), this)), m_stop(new QPushButton(tr("Sto&p"), this)),
      m_regenerate(new QPushButton(tr("&Regenerate"), this))
{
    setObjectName(QStringLiteral("chatPanel"));

    connect(m_prefill, &PrefillProgressRow::cancelRequested, this, &ChatPanel::stopRequested);

    m_editNote->setObjectName(QStringLiteral("editNote"));
    m_editNote->setText(tr("Editing a message: Enter sends it again and replaces what followed; Esc cancels."));
    m_editNote->setWordWrap(true);
    m_editNote->hide();

    m_send->setObjectName(QStringLiteral("sendButton"));
    m_stop->setObjectName(QStringLiteral("stopButton"));
    m_regenerate->setObjectName(QStringLiteral("regenerateButton"));
    m_stop->setToolTip(tr("Stop the reply (Esc)"));
    m_regenerate->setToolTip(tr("Write the last reply again"));
    m_stop->setEnabled(false);
    connect(m_input, &ChatInput::submitted, this, &ChatPanel::submit);
    connect(m_input, &ChatInput::escapePressed, this, [this] {
        if (m_editingId != 0) {
            cancelEdit();
            m_input->clear();
        }
    });
    connect(m_send, &QPushButton::clicked, this, [this] {
        const QString text = m_input->toPlainText();
        if (!text.trimmed().isEmpty()) {
            m_input->clear();
            submit(text);
        }
    });
    connect(m_stop, &QPushButton::clicked, this, &ChatPanel::stopRequested);
    connect(m_regenerate, &QPushButton::clicked, this, &ChatPanel::regenerateRequested);
    connect(m_chatView, &ChatView::regenerateRequested, this, &ChatPanel::regenerateRequested);
    connect(m_chatView, &ChatView::editRequested, this, &ChatPanel::startEdit);

    auto* buttons = new QVBoxLayout;
    buttons->addWidget(m_send);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_regenerate);
    buttons->addStretch();
    auto* inputRow = new QHBoxLayout;
    inputRow->addWidget(m_input, 1);
    inputRow->addLayout(buttons);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_welcome);
    layout->addWidget(m_chatView, 1);
    layout->addWidget(m_prefill);
    layout->addWidget(m_editNote);
    layout->addLayout(inputRow);

    setTabOrder(m_input, m_send);
    setTabOrder(m_send, m_stop);
    setTabOrder(m_stop, m_regenerate);
}

void ChatPanel::submit(const QString& text)
{
    if (m_editingId != 0) {
        const qint64 id = m_editingId;
        cancelEdit();
        emit editAndResendRequested(id, text);
        return;
    }
    emit sendRequested(text);
}

void ChatPanel::setModelLoaded(bool loaded)
{
    m_welcome->setVisible(!loaded);
}

void ChatPanel::setGenerating(bool generating)
{
    m_generating = generating;
    m_stop->setEnabled(generating);
    m_send->setEnabled(!generating);
    m_regenerate->setEnabled(!generating);
}

void ChatPanel::showPrefillProgress(const domain::PrefillFigures& figures)
{
    m_prefill->showFigures(figures);
}

void ChatPanel::prefillFinished()
{
    m_prefill->finish();
}

void ChatPanel::startEdit(qint64 messageId, const QString& content)
{
    m_editingId = messageId;
    m_input->setPlainText(content);
    m_editNote->show();
    m_input->setFocus();
    m_input->moveCursor(QTextCursor::End);
}

void ChatPanel::cancelEdit()
{
    if (m_editingId == 0)
        return;
    m_editingId = 0;
    m_editNote->hide();
}

}  // namespace strata::ui
