// The message box: Enter sends, Shift+Enter starts a new line.
#pragma once

#include <QPlainTextEdit>

namespace strata::ui {

class ChatInput : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit ChatInput(QWidget* parent = nullptr);

    QSize sizeHint() const override;

signals:
    // The text to send; the box is cleared. Never emitted for blank text.
    void submitted(const QString& text);
    void escapePressed();

protected:
    void keyPressEvent(QKeyEvent* event) override;
};

}  // namespace strata::ui
