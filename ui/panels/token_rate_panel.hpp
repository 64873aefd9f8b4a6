// Prefill and decode speed: a rolling chart of the last minute and the current values.
#pragma once

#include <QWidget>

class QLabel;

namespace strata::ui {

class RollingChart;
struct TelemetryFrame;

class TokenRatePanel : public QWidget {
    Q_OBJECT
public:
    explicit TokenRatePanel(QWidget* parent = nullptr);

    void showFrame(const TelemetryFrame& frame);
    RollingChart* chart() const { return m_chart; }
    QString currentText() const;

private:
    RollingChart* m_chart;
    QLabel* m_current;
};

}  // namespace strata::ui
