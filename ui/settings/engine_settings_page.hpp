// The engine part of the settings dialog: threads (with the machine's physical core count and why
// that is the right number), pinning, context length, KV cache type and prefill batch size.
#pragma once

#include "domain/settings/preferences.hpp"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace strata::ui {

class EngineSettingsPage : public QWidget {
    Q_OBJECT
public:
    // physicalCores: what the engine would use for "automatic" threads (shown in the hint).
    explicit EngineSettingsPage(int physicalCores, QWidget* parent = nullptr);

    void setValues(const domain::EnginePreferences& values);
    domain::EnginePreferences values() const;

signals:
    void changed();

private:
    QSpinBox* m_threads;
    QCheckBox* m_pin;
    QSpinBox* m_context;
    QComboBox* m_kvType;
    QSpinBox* m_batch;
};

}  // namespace strata::ui
