// This process: CPU use (100% = one core) over the last minute, and resident memory.
#pragma once

#include <QWidget>

class QLabel;

namespace strata::ui {

class RollingChart;
struct TelemetryFrame;

class ProcessPanel : public QWidget {
    Q_OBJECT
public:
    explicit ProcessPanel(QWidget* parent = nullptr);

    void showFrame(const TelemetryFrame& frame);
    QString currentText() const;

private:
    QLabel* m_current;
    RollingChart* m_chart;
};

}  // namespace strata::ui
