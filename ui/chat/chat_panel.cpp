#include "ui/chat/chat_panel.hpp"

#include "ui/chat/chat_input.hpp"
#include "ui/chat/chat_view.hpp"
#include "ui/chat/welcome_view.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace strata::ui {

ChatPanel::ChatPanel(const CodeHighlighting* highlighting, QWidget* parent)
    : QWidget(parent), m_welcome(new WelcomeView(this)), m_chatView(new ChatView(highlighting, this)),
      m_prefillBar(new QProgressBar(this)), m_prefillRate(new QLabel(this)), m_editNote(new QLabel(this)),
      m_input(new ChatInput(this)), m_send(new QPushButton(tr("&Send"), this)),
      m_stop(new QPushButton(tr("Sto&p"), this)), m_regenerate(new QPushButton(tr("&Regenerate"), this))
{
    setObjectName(QStringLiteral("chatPanel"));

    m_prefillBar->setObjectName(QStringLiteral("prefillProgress"));
    m_prefillBar->setAccessibleName(tr("Document reading progress"));
    m_prefillBar->setFormat(tr("Reading document: %p%"));
    m_prefillRate->setObjectName(QStringLiteral("prefillRate"));
    m_prefillBar->hide();
    m_prefillRate->hide();
    auto* prefillRow = new QHBoxLayout;
    prefillRow->addWidget(m_prefillBar, 1);
    prefillRow->addWidget(m_prefillRate);

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
    layout->addLayout(prefillRow);
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

void ChatPanel::showPrefillProgress(qint64 done, qint64 total, double tokensPerSecond)
{
    m_prefillBar->show();
    m_prefillRate->show();
    m_prefillBar->setRange(0, static_cast<int>(std::min<qint64>(total, INT_MAX)));
    m_prefillBar->setValue(static_cast<int>(std::min(done, total)));
    m_prefillRate->setText(
        tr("%1 of %2 tokens, %3 tok/s")
            .arg(QLocale().toString(done), QLocale().toString(total), QLocale().toString(tokensPerSecond, 'f', 1)));
}

void ChatPanel::prefillFinished()
{
    m_prefillBar->hide();
    m_prefillRate->hide();
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
