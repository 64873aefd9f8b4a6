// A small line chart of the last N samples of a few series, painted with QPainter: one polyline per
// series and a faint grid, nothing retained between paints but the ring of values (cheaper than a
// Qt Charts scene at 2 Hz, and crisp at any size).
#pragma once

#include <QColor>
#include <QString>
#include <QWidget>
#include <deque>
#include <utility>
#include <vector>

namespace strata::ui {

class RollingChart : public QWidget {
    Q_OBJECT
public:
    // `capacity` samples are kept (120 = one minute at 2 Hz). With fixedMax > 0 the scale is
    // 0..fixedMax (percentages); otherwise it follows the largest value shown.
    explicit RollingChart(int capacity = 120, double fixedMax = 0, QWidget* parent = nullptr);

    int addSeries(const QString& name, const QColor& color);
    // One value per series, in the order they were added.
    void append(const std::vector<double>& values);
    int sampleCount() const { return m_samples.empty() ? 0 : int(m_samples.size()); }
    double lastValue(int series) const;
    QSize sizeHint() const override { return {260, 90}; }
    QSize minimumSizeHint() const override { return {120, 50}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    // The translucent `grid` colour over the base, as one opaque colour (see the .cpp: why).
    QColor opaqueGridColor(const QColor& grid) const;

    struct Series {
        QString name;
        QColor color;
    };
    int m_capacity;
    double m_fixedMax;
    std::vector<Series> m_series;
    std::deque<std::vector<double>> m_samples;        // oldest first
    mutable std::pair<quint64, quint64> m_gridKey{};  // (grid, base) that m_gridColor was made for
    mutable QColor m_gridColor;
};

}  // namespace strata::ui
