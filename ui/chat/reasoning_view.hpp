// The model's reasoning (<think>...</think>), collapsed behind a toggle so the answer stays in front.
#pragma once

#include <QWidget>

class QPlainTextEdit;
class QToolButton;

namespace strata::ui {

class ReasoningView : public QWidget {
    Q_OBJECT
public:
    explicit ReasoningView(QWidget* parent = nullptr);

    void appendText(const QString& text);
    const QString& text() const { return m_text; }
    bool isExpanded() const;

public slots:
    void setExpanded(bool expanded);

private:
    QString m_text;
    QToolButton* m_toggle;
    QPlainTextEdit* m_body;
};

}  // namespace strata::ui
