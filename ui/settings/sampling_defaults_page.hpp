// The sampling settings a new conversation starts with (each conversation can change its own
// afterwards in Chat settings). Applied at once: no reload needed.
#pragma once

#include "ui/chat/chat_types.hpp"

#include <QWidget>

class QDoubleSpinBox;
class QSpinBox;

namespace strata::ui {

class SamplingDefaultsPage : public QWidget {
    Q_OBJECT
public:
    explicit SamplingDefaultsPage(QWidget* parent = nullptr);

    void setValues(const SamplingSettings& values);
    SamplingSettings values() const;

signals:
    void changed();

private:
    QDoubleSpinBox* addDecimal(const QString& label, const QString& name, double min, double max, double step);
    QSpinBox* addInteger(const QString& label, const QString& name, int min, int max, const QString& specialText);

    QDoubleSpinBox* m_temperature;
    QSpinBox* m_topK;
    QDoubleSpinBox* m_topP;
    QDoubleSpinBox* m_minP;
    QDoubleSpinBox* m_repeatPenalty;
    QSpinBox* m_maxTokens;
    QSpinBox* m_seed;
};

}  // namespace strata::ui
