#include "ui/panels/expert_map_panel.hpp"

#include "domain/telemetry/telemetry_frame.hpp"

#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

namespace strata::ui {

namespace {
constexpr int kLine = 16;  // px per text line above the map
constexpr int kSummaryLines = 2;
constexpr int kLegendHeight = 18;
constexpr int kLayerHitWidth = 40;  // px right of the map for the layers' hit rates
constexpr int kGap = 4;
constexpr float kColdest = 0.3f;  // a cold expert keeps this share of its colour: still readable

using Use = model::ExpertTelemetry::Use;

ExpertMapPanel::Cell cellOf(bool resident, Use use)
{
    if (use == Use::Hit)
        return ExpertMapPanel::Cell::ResidentHit;
    if (use == Use::Missed)
        return ExpertMapPanel::Cell::Missed;
    return resident ? ExpertMapPanel::Cell::ResidentUnused : ExpertMapPanel::Cell::CpuUnused;
}

QString cellName(ExpertMapPanel::Cell cell)
{
    switch (cell) {
    case ExpertMapPanel::Cell::ResidentHit: return ExpertMapPanel::tr("VRAM, hit");
    case ExpertMapPanel::Cell::ResidentUnused: return ExpertMapPanel::tr("VRAM, unused");
    case ExpertMapPanel::Cell::Missed: return ExpertMapPanel::tr("missed: ran on the CPU");
    case ExpertMapPanel::Cell::CpuUnused: return ExpertMapPanel::tr("CPU, unused");
    }
    return {};
}

QColor mixed(const QColor& from, const QColor& to, float share)
{
    return QColor(int(float(from.red()) + float(to.red() - from.red()) * share),
                  int(float(from.green()) + float(to.green() - from.green()) * share),
                  int(float(from.blue()) + float(to.blue() - from.blue()) * share));
}

QString micros(const std::optional<double>& value)
{
    if (!value)
        return QStringLiteral("—");
    return *value >= 1000 ? ExpertMapPanel::tr("%1 ms").arg(QLocale().toString(*value / 1000, 'f', 2))
                          : ExpertMapPanel::tr("%1 µs").arg(QLocale().toString(*value, 'f', 0));
}

QString figure(const std::optional<double>& value, int decimals)
{
    return value ? QLocale().toString(*value, 'f', decimals) : QStringLiteral("—");
}
}  // namespace

ExpertMapPanel::ExpertMapPanel(QWidget* parent) : QWidget(parent), m_summary(tr("No hybrid model loaded"))
{
    setObjectName(QStringLiteral("expertMapPanel"));
    setAccessibleName(tr("Expert cache map"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAttribute(Qt::WA_OpaquePaintEvent);  // paintEvent fills the whole widget
}

QColor ExpertMapPanel::cellColor(Cell cell)
{
    switch (cell) {
    case Cell::ResidentHit: return {0x16, 0xa3, 0x4a};     // green: the cache working
    case Cell::ResidentUnused: return {0x3b, 0x82, 0xf6};  // blue: VRAM held, idle this pass
    case Cell::Missed: return {0xf5, 0x9e, 0x0b};          // orange: the CPU's share
    case Cell::CpuUnused: return {0x9c, 0xa3, 0xaf};       // grey
    }
    return {};
}

void ExpertMapPanel::showFrame(const domain::TelemetryFrame& frame)
{
    const auto& t = frame.experts;
    const std::size_t cells = t ? t->layers.size() * t->experts : 0;
    if (!t || cells == 0 || t->resident.size() != cells || t->lastPass.size() != cells) {
        m_layers = m_experts = 0;
        m_cells.clear();
        m_heat.clear();
        m_layerHit.clear();
        m_map = QImage();
        m_summary = tr("No hybrid model loaded");
        update();
        return;
    }
    m_layers = int(t->layers.size());
    m_experts = int(t->experts);
    m_cells.resize(cells);
    for (std::size_t i = 0; i < cells; ++i)
        m_cells[i] = cellOf(t->resident[i] != 0, t->lastPass[i]);
    m_heat = t->heat.size() == cells ? t->heat : std::vector<float>{};
    m_layerHit = frame.expertRates.layerHitPercent;
    m_layerHit.resize(std::size_t(m_layers), -1.0);

    // One pixel per expert; heat, normalised per layer (the cache splits VRAM evenly over the
    // layers, so a layer's own hottest experts are what it competes for), sets the brightness.
    if (m_map.width() != m_experts || m_map.height() != m_layers)
        m_map = QImage(m_experts, m_layers, QImage::Format_RGB32);
    const QColor background = palette().base().color();
    for (int l = 0; l < m_layers; ++l) {
        float hottest = 0;
        if (!m_heat.empty())
            for (int e = 0; e < m_experts; ++e)
                hottest = std::max(hottest, m_heat[std::size_t(l * m_experts + e)]);
        auto* row = reinterpret_cast<QRgb*>(m_map.scanLine(l));
        for (int e = 0; e < m_experts; ++e) {
            const std::size_t i = std::size_t(l * m_experts + e);
            float share = 1.0f;
            if (hottest > 0 && m_heat[i] < hottest)  // the hottest keep their exact colour
                share = kColdest + (1.0f - kColdest) * std::max(0.0f, m_heat[i] / hottest);
            row[e] = mixed(background, cellColor(m_cells[i]), share).rgb();
        }
    }

    const domain::ExpertRates& r = frame.expertRates;
    m_summary =
        tr("%1 layers × %2 experts, %3 · hits %4% · CPU experts %5 ms/token")
            .arg(m_layers)
            .arg(m_experts)
            .arg(m_heat.empty() ? tr("static") : tr("learnt cache"))
            .arg(figure(r.hitPercent, 1))
            .arg(figure(r.cpuExpertMillisPerToken, 2))
        + QLatin1Char('\n')
        + tr("completion wait p50 / p99: %1 / %2 · PCIe %3 MiB/token")
              .arg(micros(r.completionWaitP50Micros), micros(r.completionWaitP99Micros), figure(r.pcieMiBPerToken, 2));
    update();
}

std::optional<ExpertMapPanel::Cell> ExpertMapPanel::cellAt(int layer, int expert) const
{
    if (layer < 0 || layer >= m_layers || expert < 0 || expert >= m_experts)
        return std::nullopt;
    return m_cells[std::size_t(layer * m_experts + expert)];
}

QRect ExpertMapPanel::mapArea() const
{
    const int top = kSummaryLines * kLine + kGap;
    return {0, top, std::max(0, width() - kLayerHitWidth - kGap), std::max(0, height() - top - kLegendHeight - kGap)};
}

QRect ExpertMapPanel::mapRect() const
{
    if (!hasMap())
        return {};
    const QRect area = mapArea();
    // Whole pixels per cell keep every cell the same size; a map wider than its area is scaled down.
    const int cellWidth = area.width() / m_experts;
    const int cellHeight = area.height() / m_layers;
    return {area.left(), area.top(), cellWidth > 0 ? cellWidth * m_experts : area.width(),
            cellHeight > 0 ? cellHeight * m_layers : area.height()};
}

QRect ExpertMapPanel::layerHitArea() const
{
    const QRect map = mapRect();
    return {map.right() + 1 + kGap, map.top(), kLayerHitWidth, map.height()};
}

QRect ExpertMapPanel::legendRect() const
{
    return {0, height() - kLegendHeight, width(), kLegendHeight};
}

QRect ExpertMapPanel::cellRect(int layer, int expert) const
{
    if (!cellAt(layer, expert))
        return {};
    const QRect map = mapRect();
    const int left = map.left() + expert * map.width() / m_experts;
    const int right = map.left() + (expert + 1) * map.width() / m_experts;
    const int top = map.top() + layer * map.height() / m_layers;
    const int bottom = map.top() + (layer + 1) * map.height() / m_layers;
    return {left, top, right - left, bottom - top};
}

void ExpertMapPanel::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    QFont small = font();
    small.setPixelSize(11);
    p.setFont(small);
    p.setPen(palette().text().color());
    if (!hasMap()) {
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, m_summary);
        return;
    }
    const QStringList lines = m_summary.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size() && i < kSummaryLines; ++i)
        p.drawText(QRect(2, i * kLine, width() - 4, kLine), Qt::AlignLeft | Qt::AlignVCenter, lines[i]);

    // Nearest-neighbour scaling (no SmoothPixmapTransform): every cell stays one flat colour.
    p.drawImage(mapRect(), m_map);

    // Each layer's hit rate: a bar, with the figure where a row is tall enough to read it.
    const QRect hits = layerHitArea();
    const QColor hitColour = cellColor(Cell::ResidentHit);
    for (int l = 0; l < m_layers; ++l) {
        const int top = hits.top() + l * hits.height() / m_layers;
        const int rowHeight = hits.top() + (l + 1) * hits.height() / m_layers - top;
        const QRect row(hits.left(), top, hits.width(), std::max(1, rowHeight));
        p.fillRect(row, palette().base());
        const double hit = m_layerHit[std::size_t(l)];
        if (hit < 0)
            continue;
        p.fillRect(QRect(row.left(), row.top(), int(row.width() * std::clamp(hit, 0.0, 100.0) / 100.0), row.height()),
                   mixed(palette().base().color(), hitColour, 0.6f));
        if (rowHeight >= 11)
            p.drawText(row, Qt::AlignCenter, QStringLiteral("%1%").arg(QLocale().toString(hit, 'f', 0)));
    }

    const QRect legend = legendRect();
    int x = legend.left() + 2;
    for (Cell cell : {Cell::ResidentHit, Cell::ResidentUnused, Cell::Missed, Cell::CpuUnused}) {
        p.fillRect(QRect(x, legend.top() + 5, 10, 8), cellColor(cell));
        x += 13;
        const QString name = cellName(cell);
        p.drawText(QPoint(x, legend.top() + 13), name);
        x += p.fontMetrics().horizontalAdvance(name) + 10;
    }
}

bool ExpertMapPanel::event(QEvent* event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const QRect map = mapRect();
    if (!hasMap() || !map.contains(help->pos())) {
        QToolTip::hideText();
        return true;
    }
    const int expert = std::min(m_experts - 1, (help->pos().x() - map.left()) * m_experts / map.width());
    const int layer = std::min(m_layers - 1, (help->pos().y() - map.top()) * m_layers / map.height());
    QString text = tr("layer %1, expert %2: %3").arg(layer).arg(expert).arg(cellName(*cellAt(layer, expert)));
    if (!m_heat.empty())
        text +=
            tr("\nheat %1").arg(QLocale().toString(double(m_heat[std::size_t(layer * m_experts + expert)]), 'f', 2));
    QToolTip::showText(help->globalPos(), text, this);
    return true;
}

}  // namespace strata::ui
