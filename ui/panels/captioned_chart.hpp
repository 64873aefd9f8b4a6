// The shape the chart panels share: a one-line caption with the current figures over a RollingChart.
// TokenRatePanel, ProcessPanel and GpuPanel derive from it and only say what to show.
#pragma once

#include <QWidget>

class QLabel;

namespace strata::ui {

class RollingChart;

class CaptionedChart : public QWidget {
    Q_OBJECT
public:
    RollingChart* chart() const { return m_chart; }
    QString caption() const;

protected:
    // `fixedMax` as RollingChart's (0: the scale follows the values).
    CaptionedChart(const QString& objectName, const QString& chartName, double fixedMax, QWidget* parent);
    void setCaption(const QString& text);
    QLabel* captionLabel() const { return m_caption; }

private:
    QLabel* m_caption;
    RollingChart* m_chart;
};

}  // namespace strata::ui
