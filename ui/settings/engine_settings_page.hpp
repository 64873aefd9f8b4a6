// The engine part of the settings dialog: threads (with the machine's physical core count and why
// that is the right number), pinning, context length, KV cache type, prefill batch size, and where
// the model runs: the CPU or one of the GPUs the engine found, with a VRAM budget, and for a MoE
// model on a GPU where its experts live (all in VRAM, a VRAM cache of the hottest ones, or the
// first N layers' on the CPU) and whether the CPU's workers wake ahead.
#pragma once

#include "domain/settings/preferences.hpp"
#include "strata/core/build_info.hpp"

#include <QWidget>
#include <vector>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace strata::ui {

class EngineSettingsPage : public QWidget {
    Q_OBJECT
public:
    // physicalCores: what the engine would use for "automatic" threads (shown in the hint).
    // gpus: the devices the engine can run on (probeCudaRuntime); none: the CPU is the only choice.
    EngineSettingsPage(int physicalCores, const std::vector<CudaDeviceInfo>& gpus, QWidget* parent = nullptr);

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
    QComboBox* m_device;
    QLineEdit* m_gpuBudgets;  // a split's per-GPU budgets, "A, B, ..." MiB
    QList<int> m_split;       // the GPUs the device list's split entry (kSplitDevices) stands for
    QSpinBox* m_vramBudget;
    QComboBox* m_gpuWait;
    QComboBox* m_experts;
    QSpinBox* m_expertBudget;
    QSpinBox* m_cpuExpertLayers;
    QComboBox* m_wakeAhead;
};

}  // namespace strata::ui
