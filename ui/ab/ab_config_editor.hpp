// Edits one side of an A/B run: waiting policy (adaptive, park, fixed spin with its µs), threads
// and KV cache type.
#pragma once

#include "domain/ab/ab_types.hpp"

#include <QGroupBox>

class QComboBox;
class QSpinBox;

namespace strata::ui {

class AbConfigEditor : public QGroupBox {
    Q_OBJECT
public:
    AbConfigEditor(const QString& title, const domain::AbConfig& initial, QWidget* parent = nullptr);

    void setConfig(const domain::AbConfig& config);
    domain::AbConfig config() const;

    QSpinBox* threadsBox() const { return m_threads; }

private:
    QComboBox* m_policy;
    QSpinBox* m_spinMicros;
    QSpinBox* m_threads;
    QComboBox* m_kvType;
};

}  // namespace strata::ui
