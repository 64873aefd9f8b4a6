// The row under the chat while a document is read (prefilled): a progress bar, the tokens done of
// the total with the recent tok/s and the time left, and Cancel. Display only: Cancel is forwarded
// as cancelRequested(); the figures come from domain::PrefillEstimate.
#pragma once

#include "domain/chat/prefill_estimate.hpp"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace strata::ui {

class PrefillProgressRow : public QWidget {
    Q_OBJECT
public:
    explicit PrefillProgressRow(QWidget* parent = nullptr);

    // Shows the row with these figures (Cancel enabled again when a new prefill starts at 0).
    void showFigures(const domain::PrefillFigures& figures);
    // Hides the row: the prefill ended (read, cancelled or failed).
    void finish();

    QString figuresShown() const;
    QPushButton* cancelButton() const { return m_cancel; }

    // "1 234 of 5 000 tokens, 812.5 tok/s, 5 s left" in the current locale; without the time left
    // until a rate is known; a plain "Preparing" until the total is known.
    static QString figuresText(const domain::PrefillFigures& figures);
    // Whole seconds, rounded up (a prefill never shows "0 s left" before it ends): "45 s",
    // "3 min 05 s", "1 h 02 min".
    static QString timeLeftText(double seconds);

signals:
    void cancelRequested();

private:
    QProgressBar* m_bar;
    QLabel* m_figures;
    QPushButton* m_cancel;
};

}  // namespace strata::ui
