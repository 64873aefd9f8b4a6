// The engine's worker pool: the waiting policy in force, how the workers spent the last interval
// (busy, spinning), parks per second, CPU burnt by spins that ended in a park anyway, and the
// host's completion wait (p50/p99) over the interval; and, for a model on a GPU, how the host
// waits for it (blocking sync, spin, yield); below, a hybrid GPU model's long prompts: where each
// streamed chunk's time goes (PrefillTimingsView).
#pragma once

#include "strata/model/cuda_backend.hpp"

#include <QWidget>
#include <optional>

class QLabel;

namespace strata::domain {
struct TelemetryFrame;
}

namespace strata::ui {

class PrefillTimingsView;

class PoolPanel : public QWidget {
    Q_OBJECT
public:
    explicit PoolPanel(QWidget* parent = nullptr);

    void showFrame(const domain::TelemetryFrame& frame);
    QString policyText() const;
    // The loaded model's GPU wait; nullopt: no model on a GPU.
    void setGpuWait(std::optional<model::CudaHostWait> wait);
    QString gpuWaitText() const;
    PrefillTimingsView* prefillTimings() const { return m_prefillTimings; }

private:
    QLabel* m_policy;
    QLabel* m_workers;
    QLabel* m_spin;
    QLabel* m_parks;
    QLabel* m_wasted;
    QLabel* m_wait;
    QLabel* m_adaptive;
    QLabel* m_gpuWait;
    PrefillTimingsView* m_prefillTimings;
};

}  // namespace strata::ui
