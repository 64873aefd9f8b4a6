#include "ui/panels/rolling_chart.hpp"

#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace strata::ui {

RollingChart::RollingChart(int capacity, double fixedMax, QWidget* parent)
    : QWidget(parent), m_capacity(std::max(2, capacity)), m_fixedMax(fixedMax)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    // paintEvent covers every pixel, so Qt need not repaint the dock behind the chart each frame.
    setAttribute(Qt::WA_OpaquePaintEvent);
}

int RollingChart::addSeries(const QString& name, const QColor& color)
{
    m_series.push_back({name, color});
    return int(m_series.size()) - 1;
}

void RollingChart::append(const std::vector<double>& values)
{
    m_samples.push_back(values);
    while (int(m_samples.size()) > m_capacity)
        m_samples.pop_front();
    update();
}

double RollingChart::lastValue(int series) const
{
    if (m_samples.empty() || series < 0 || series >= int(m_samples.back().size()))
        return 0;
    return m_samples.back()[std::size_t(series)];
}

namespace {
// 1, 2, 5 × 10^k at or above `value`, so the scale reads as a round number.
double niceCeiling(double value)
{
    if (value <= 0)
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (step * magnitude >= value)
            return step * magnitude;
    return 10 * magnitude;
}
}  // namespace

QColor RollingChart::opaqueGridColor(const QColor& grid) const
{
    const QColor base = palette().base().color();
    if (base.alpha() != 255)
        return grid;
    // A translucent line is blended pixel by pixel, and Qt 6's raster engine hands blends of more
    // than ~96 spans to its GUI thread pool and blocks until they finish: when a pool thread waits
    // for a core (2 busy vCPUs), the event loop waits with it. The grid lies on the solid base, so the
    // colour each grid pixel ends up with is known: let Qt blend one pixel (its own rounding, the
    // same result to the bit) and draw the lines in that opaque colour, which Qt writes inline.
    if (m_gridKey != std::pair(quint64(grid.rgba64()), quint64(base.rgba64()))) {
        QImage pixel(1, 1, QImage::Format_ARGB32_Premultiplied);
        pixel.fill(base);
        QPainter blend(&pixel);
        blend.fillRect(0, 0, 1, 1, grid);
        blend.end();
        m_gridKey = {quint64(grid.rgba64()), quint64(base.rgba64())};
        m_gridColor = pixel.pixelColor(0, 0);
    }
    return m_gridColor;
}

void RollingChart::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const QRectF area = QRectF(rect()).adjusted(1, 1, -1, -1);
    p.fillRect(area, palette().base());
    QColor grid = palette().text().color();
    grid.setAlphaF(0.15);
    // The lines' last pixel lies on the border (window colour), the rest on the base: each part is
    // drawn in its own colour, clipped, so the result is the one translucent line's, pixel for pixel.
    const auto drawGrid = [&](const QRect& clip, const QColor& color) {
        p.setClipRect(clip);
        p.setPen(color);
        for (int i = 1; i < 4; ++i) {
            const double y = area.top() + area.height() * i / 4.0;
            p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
        }
    };
    drawGrid(rect().adjusted(1, 1, -1, -1), opaqueGridColor(grid));
    drawGrid(QRect(width() - 1, 0, 1, height()), grid);
    p.setClipping(false);
    double top = m_fixedMax;
    if (top <= 0) {
        for (const auto& sample : m_samples)
            for (double v : sample)
                top = std::max(top, v);
        top = niceCeiling(top);
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    const double dx = area.width() / double(m_capacity - 1);
    const double x0 = area.right() - dx * double(int(m_samples.size()) - 1);
    for (std::size_t s = 0; s < m_series.size(); ++s) {
        QPainterPath path;
        for (std::size_t i = 0; i < m_samples.size(); ++i) {
            const double v = s < m_samples[i].size() ? std::clamp(m_samples[i][s], 0.0, top) : 0.0;
            const QPointF point(x0 + dx * double(i), area.bottom() - area.height() * v / top);
            if (i == 0)
                path.moveTo(point);
            else
                path.lineTo(point);
        }
        p.setPen(QPen(m_series[s].color, 1.5));
        p.drawPath(path);
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    QColor label = palette().text().color();
    label.setAlphaF(0.6);
    p.setPen(label);
    p.drawText(area.adjusted(3, 1, -3, -1), Qt::AlignTop | Qt::AlignRight, QLocale().toString(top, 'g', 4));
    // Legend: each series' name in its colour, top left.
    double x = area.left() + 4;
    for (const Series& series : m_series) {
        p.setPen(series.color);
        p.drawText(QPointF(x, area.top() + fontMetrics().ascent() + 1), series.name);
        x += fontMetrics().horizontalAdvance(series.name) + 10;
    }
}

}  // namespace strata::ui
