// A form that edits ui::SamplingSettings. The settings dialog uses it for the sampling a new
// conversation starts with (applied at once: no reload needed); it fits any place that edits
// sampling settings (the per-chat dialog could embed it too).
#pragma once

#include "domain/chat/chat_types.hpp"

#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QFormLayout;
class QSpinBox;

namespace strata::ui {

class SamplingSettingsForm : public QWidget {
    Q_OBJECT
public:
    explicit SamplingSettingsForm(QWidget* parent = nullptr);

    void setValues(const domain::SamplingSettings& values);
    domain::SamplingSettings values() const;

signals:
    void changed();

private:
    // A row of the form: a spin box named `name` (object name, for tests) with range and step.
    template <class Box>
    Box* addRow(const QString& label, const QString& name, double min, double max, double step);

    QFormLayout* m_form;
    QDoubleSpinBox *m_temperature, *m_topP, *m_minP, *m_repeatPenalty;
    QSpinBox *m_topK, *m_maxTokens, *m_seed;
    QCheckBox* m_dropOldestTurns;
};

}  // namespace strata::ui
