// Prefill and decode speed: a rolling chart of the last minute and the current values.
#pragma once

#include "ui/panels/captioned_chart.hpp"

namespace strata::domain {
struct TelemetryFrame;
}

namespace strata::ui {

class TokenRatePanel : public CaptionedChart {
    Q_OBJECT
public:
    explicit TokenRatePanel(QWidget* parent = nullptr);
    void showFrame(const domain::TelemetryFrame& frame);
};

}  // namespace strata::ui
