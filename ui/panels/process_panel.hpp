// This process: CPU use (100% = one core) over the last minute, and resident memory.
#pragma once

#include "ui/panels/captioned_chart.hpp"

namespace strata::domain {
struct TelemetryFrame;
}

namespace strata::ui {

class ProcessPanel : public CaptionedChart {
    Q_OBJECT
public:
    explicit ProcessPanel(QWidget* parent = nullptr);
    void showFrame(const domain::TelemetryFrame& frame);
};

}  // namespace strata::ui
