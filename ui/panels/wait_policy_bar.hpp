// The pool's waiting policy as the user picks it: adaptive, fixed spin with a µs value, or park.
// Emits policyChosen() at once on a change (the app applies it to the running pool, also while a
// reply streams); setPolicy() shows a policy without emitting.
#pragma once

#include "strata/pool/wait_policy.hpp"

#include <QWidget>

class QComboBox;
class QSpinBox;

namespace strata::ui {

class WaitPolicyBar : public QWidget {
    Q_OBJECT
public:
    explicit WaitPolicyBar(QWidget* parent = nullptr);

    void setPolicy(const pool::WaitPolicy& policy);
    pool::WaitPolicy policy() const;
    // The user's choice, as if picked in the widgets (tests and shortcuts use it).
    void choose(const pool::WaitPolicy& policy);

    QComboBox* kindBox() const { return m_kind; }
    QSpinBox* microsBox() const { return m_micros; }

signals:
    void policyChosen(const strata::pool::WaitPolicy& policy);

private:
    void emitChoice();

    QComboBox* m_kind;
    QSpinBox* m_micros;
};

}  // namespace strata::ui
