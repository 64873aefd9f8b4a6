// The chat area: welcome (while no model is loaded), the conversation, document-prefill progress,
// the message box and the Send / Stop / Regenerate buttons. Forwards intent; owns no engine state.
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace strata::domain {
struct PrefillFigures;
}

namespace strata::ui {

class ChatInput;
class ChatView;
class CodeHighlighting;
class PrefillProgressRow;
class WelcomeView;

class ChatPanel : public QWidget {
    Q_OBJECT
public:
    explicit ChatPanel(const CodeHighlighting* highlighting, QWidget* parent = nullptr);

    ChatView* chatView() const { return m_chatView; }
    ChatInput* input() const { return m_input; }
    WelcomeView* welcomeView() const { return m_welcome; }
    PrefillProgressRow* prefillRow() const { return m_prefill; }
    bool isGenerating() const { return m_generating; }

public slots:
    void setModelLoaded(bool loaded);
    void setGenerating(bool generating);
    // Document prefill: tokens done of total, the recent rate and the time left; its Cancel asks
    // for stopRequested() like Stop does. Hidden again with prefillFinished().
    void showPrefillProgress(const strata::domain::PrefillFigures& figures);
    void prefillFinished();
    void startEdit(qint64 messageId, const QString& content);
    void cancelEdit();

signals:
    void sendRequested(const QString& text);
    void editAndResendRequested(qint64 messageId, const QString& text);
    void stopRequested();
    void regenerateRequested();

private:
    void submit(const QString& text);

    WelcomeView* m_welcome;
    ChatView* m_chatView;
    PrefillProgressRow* m_prefill;
    QLabel* m_editNote;
    ChatInput* m_input;
    QPushButton* m_send;
    QPushButton* m_stop;
    QPushButton* m_regenerate;
    bool m_generating = false;
    qint64 m_editingId = 0;
};

}  // namespace strata::ui
