// GPU utilisation and VRAM use over the last minute (one chart, the first GPU; the label lists
// every GPU, with the VRAM this process holds next to the device's), or a clear "no NVIDIA driver"
// line when NVML is not there.
#pragma once

#include "ui/panels/captioned_chart.hpp"

namespace strata::domain {
struct TelemetryFrame;
}

namespace strata::ui {

class GpuPanel : public CaptionedChart {
    Q_OBJECT
public:
    explicit GpuPanel(QWidget* parent = nullptr);

    void showFrame(const domain::TelemetryFrame& frame);
    QString statusText() const { return caption(); }
    bool chartShown() const;
};

}  // namespace strata::ui
