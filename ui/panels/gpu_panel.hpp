// GPU utilisation and VRAM use over the last minute (one chart, the first GPU; the label lists
// every GPU), or a clear "no NVIDIA driver" line when NVML is not there.
#pragma once

#include <QWidget>

class QLabel;

namespace strata::ui {

class RollingChart;
struct TelemetryFrame;

class GpuPanel : public QWidget {
    Q_OBJECT
public:
    explicit GpuPanel(QWidget* parent = nullptr);

    void showFrame(const TelemetryFrame& frame);
    QString statusText() const;
    bool chartShown() const;

private:
    QLabel* m_status;
    RollingChart* m_chart;
};

}  // namespace strata::ui
