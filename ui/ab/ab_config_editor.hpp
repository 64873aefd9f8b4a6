// Edits one side of an A/B run: waiting policy (adaptive, park, fixed spin with its µs), threads,
// KV cache type, and the device with, on a GPU, where a MoE model's experts live and their budget.
#pragma once

#include "domain/ab/ab_types.hpp"
#include "strata/core/build_info.hpp"

#include <QGroupBox>

class QComboBox;
class QSpinBox;

namespace strata::ui {

class AbConfigEditor : public QGroupBox {
    Q_OBJECT
public:
    AbConfigEditor(const QString& title, const domain::AbConfig& initial, QWidget* parent = nullptr);

    // The GPUs a side may run on (probeCudaRuntime); none: the CPU only.
    void setGpus(const std::vector<CudaDeviceInfo>& gpus);
    void setConfig(const domain::AbConfig& config);
    domain::AbConfig config() const;

    QSpinBox* threadsBox() const { return m_threads; }

private:
    QComboBox* m_policy;
    QSpinBox* m_spinMicros;
    QSpinBox* m_threads;
    QComboBox* m_kvType;
    QComboBox* m_device;
    QComboBox* m_experts;
    QSpinBox* m_expertBudget;
    QSpinBox* m_cpuExpertLayers;
};

}  // namespace strata::ui
