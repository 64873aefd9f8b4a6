#include "ui/panels/cpu_cores_panel.hpp"

#include "domain/telemetry/telemetry_frame.hpp"

#include <QFontMetrics>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace strata::ui {

namespace {
constexpr int kLegendLine = 16;  // px per line of the legend
constexpr int kLegendFontPx = 11;
constexpr int kKeyWidth = 13;  // a state's colour key and the space after it
constexpr int kGap = 2;        // px between cells

QColor stateColor(pool::ThreadState state)
{
    switch (state) {
    case pool::ThreadState::Busy: return {0x16, 0xa3, 0x4a};
    case pool::ThreadState::Spinning: return {0xf5, 0x9e, 0x0b};
    case pool::ThreadState::Parked: return {0x3b, 0x82, 0xf6};
    case pool::ThreadState::Starting:
    case pool::ThreadState::Stopped: break;
    }
    return {0x9c, 0xa3, 0xaf};
}

QString stateName(pool::ThreadState state)
{
    switch (state) {
    case pool::ThreadState::Busy: return CpuCoresPanel::tr("busy");
    case pool::ThreadState::Spinning: return CpuCoresPanel::tr("spinning");
    case pool::ThreadState::Parked: return CpuCoresPanel::tr("parked");
    case pool::ThreadState::Starting: return CpuCoresPanel::tr("starting");
    case pool::ThreadState::Stopped: return CpuCoresPanel::tr("stopped");
    }
    return {};
}
}  // namespace

CpuCoresPanel::CpuCoresPanel(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("cpuCoresPanel"));
    setAccessibleName(tr("CPU load per core"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAttribute(Qt::WA_OpaquePaintEvent);  // paintEvent fills the whole widget: no dock repaint behind it
}

CpuCoresPanel::Grid CpuCoresPanel::gridFor(int cores, QSize area)
{
    Grid best;
    if (cores <= 0 || area.width() <= 0 || area.height() <= 0)
        return best;
    // Try every column count; keep the one that gives the largest square cell.
    for (int columns = 1; columns <= cores; ++columns) {
        const int rows = (cores + columns - 1) / columns;
        const int cell = std::min((area.width() + kGap) / columns, (area.height() + kGap) / rows) - kGap;
        if (cell > best.cell)
            best = {columns, rows, cell};
    }
    return best;
}

void CpuCoresPanel::showFrame(const domain::TelemetryFrame& frame)
{
    const auto& cores = frame.system.cores;
    m_cores.assign(cores.size(), Cell{});
    for (std::size_t i = 0; i < cores.size(); ++i) {
        m_cores[i].load = cores[i].percent;
        m_cores[i].online = cores[i].online;
    }
    m_stagerLine.clear();
    if (frame.stagers) {
        m_stagerLine = stagerText(frame.stagers->threads, frame.stagers->corePercent);
        for (const int core : frame.stagers->cores)
            if (core >= 0 && core < int(m_cores.size()))
                m_cores[std::size_t(core)].stager = true;
    }
    if (frame.pool) {
        const auto& workers = frame.pool->workers;
        for (std::size_t w = 0; w < frame.workerCores.size() && w < workers.size(); ++w) {
            const int core = frame.workerCores[w];
            if (core >= 0 && core < int(m_cores.size())) {
                m_cores[std::size_t(core)].worker = int(w);
                m_cores[std::size_t(core)].state = workers[w].state;
            }
        }
        // The engine thread is the pool's host; it is marked unless a worker already shares its core.
        for (const auto& thread : frame.system.threads) {
            if (std::string_view(thread.name.data()) == "strata-engine" && thread.lastCpu >= 0
                && thread.lastCpu < int(m_cores.size()) && m_cores[std::size_t(thread.lastCpu)].worker == -1) {
                m_cores[std::size_t(thread.lastCpu)].worker = -2;
                m_cores[std::size_t(thread.lastCpu)].state = frame.pool->host.state;
            }
        }
    }
    update();
}

int CpuCoresPanel::workerOnCore(int core) const
{
    return core >= 0 && core < int(m_cores.size()) ? m_cores[std::size_t(core)].worker : -1;
}

std::optional<pool::ThreadState> CpuCoresPanel::stateOnCore(int core) const
{
    return core >= 0 && core < int(m_cores.size()) ? m_cores[std::size_t(core)].state : std::nullopt;
}

bool CpuCoresPanel::stagerOnCore(int core) const
{
    return core >= 0 && core < int(m_cores.size()) && m_cores[std::size_t(core)].stager;
}

QString CpuCoresPanel::stagerText(int threads, double corePercent)
{
    return tr("S: stagers, %n thread(s), %1 cores", nullptr, threads)
        .arg(QLocale().toString(corePercent / 100.0, 'f', 1));
}

QFont CpuCoresPanel::legendFont() const
{
    QFont f = font();
    f.setPixelSize(kLegendFontPx);
    return f;
}

std::vector<CpuCoresPanel::LegendItem> CpuCoresPanel::legendItems() const
{
    std::vector<LegendItem> items;
    for (auto state : {pool::ThreadState::Busy, pool::ThreadState::Spinning, pool::ThreadState::Parked})
        items.push_back({state, stateName(state), {}});
    items.push_back({std::nullopt, tr("cell: load · H: engine thread"), {}});
    if (!m_stagerLine.isEmpty())
        items.push_back({std::nullopt, m_stagerLine, {}});
    // Left to right, on as many lines as the width needs, so a narrow dock wraps the legend rather
    // than cutting it (one line cut "cell: load · H: e" in the 1280x800 window).
    const QFontMetrics metrics(legendFont());
    int x = 2;
    int line = 0;
    for (LegendItem& item : items) {
        const int w = (item.state ? kKeyWidth : 0) + metrics.horizontalAdvance(item.text);
        if (x > 2 && x + w > width()) {
            x = 2;
            ++line;
        }
        item.rect = QRect(x, line * kLegendLine, w, kLegendLine);
        x += w + 10;
    }
    const int top = height() - (line + 1) * kLegendLine - 2;
    for (LegendItem& item : items)
        item.rect.translate(0, top);
    return items;
}

int CpuCoresPanel::legendLines() const
{
    const std::vector<LegendItem> items = legendItems();
    return items.empty() ? 0 : (items.back().rect.bottom() - items.front().rect.top()) / kLegendLine + 1;
}

QRect CpuCoresPanel::legendBounds() const
{
    QRect bounds;
    for (const LegendItem& item : legendItems())
        bounds = bounds.united(item.rect);
    return bounds;
}

QSize CpuCoresPanel::minimumSizeHint() const
{
    // The widest legend item alone on its line: narrower would cut it.
    const QFontMetrics metrics(legendFont());
    int widest = 0;
    for (const LegendItem& item : legendItems())
        widest = std::max(widest, (item.state ? kKeyWidth : 0) + metrics.horizontalAdvance(item.text));
    return {std::max(120, widest + 4), 60};
}

int CpuCoresPanel::gridHeight() const
{
    return legendBounds().top() - kGap;
}

QRect CpuCoresPanel::cellRect(int index, const Grid& grid) const
{
    const int column = index % grid.columns;
    const int row = index / grid.columns;
    return {column * (grid.cell + kGap), row * (grid.cell + kGap), grid.cell, grid.cell};
}

int CpuCoresPanel::cellAt(QPoint position) const
{
    const Grid grid = gridFor(int(m_cores.size()), {width(), gridHeight()});
    for (int i = 0; i < int(m_cores.size()); ++i)
        if (cellRect(i, grid).contains(position))
            return i;
    return -1;
}

void CpuCoresPanel::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const Grid grid = gridFor(int(m_cores.size()), {width(), gridHeight()});
    const QColor base = palette().base().color();
    const QColor hot(0xdc, 0x26, 0x26);
    QFont small = font();
    small.setPixelSize(std::clamp(grid.cell / 3, 7, 12));
    p.setFont(small);
    for (int i = 0; i < int(m_cores.size()); ++i) {
        const Cell& c = m_cores[std::size_t(i)];
        const QRect r = cellRect(i, grid);
        // Load blends the base colour into red: idle cores recede, busy ones stand out.
        const double load = c.load ? std::clamp(double(*c.load) / 100.0, 0.0, 1.0) : 0.0;
        QColor fill(int(base.red() + (hot.red() - base.red()) * load),
                    int(base.green() + (hot.green() - base.green()) * load),
                    int(base.blue() + (hot.blue() - base.blue()) * load));
        p.fillRect(r, c.online ? fill : palette().window().color());
        p.setPen(palette().mid().color());
        p.drawRect(r.adjusted(0, 0, -1, -1));
        if (c.state) {
            const int bar = std::max(2, r.height() / 4);
            p.fillRect(QRect(r.left(), r.bottom() - bar + 1, r.width(), bar), stateColor(*c.state));
        }
        // A pool thread's mark wins over a stager's: the bar under it is that thread's state.
        if ((c.worker != -1 || c.stager) && grid.cell >= 14) {
            p.setPen(load > 0.5 ? QColor(Qt::white) : palette().text().color());
            const QString mark = c.worker == -2  ? QStringLiteral("H")
                                 : c.worker >= 0 ? QString::number(c.worker)
                                                 : QStringLiteral("S");
            p.drawText(r.adjusted(0, 0, 0, -std::max(2, r.height() / 4)), Qt::AlignCenter, mark);
        }
    }
    p.setFont(legendFont());
    p.setPen(palette().text().color());
    for (const LegendItem& item : legendItems()) {
        int x = item.rect.left();
        if (item.state) {
            p.fillRect(QRect(x, item.rect.top() + 4, 10, 8), stateColor(*item.state));
            x += kKeyWidth;
        }
        p.drawText(QPoint(x, item.rect.top() + 12), item.text);
    }
}

bool CpuCoresPanel::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = cellAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
            return true;
        }
        const Cell& c = m_cores[std::size_t(i)];
        QString text = c.online
                           ? (c.load ? tr("CPU %1: %2% busy").arg(i).arg(QLocale().toString(double(*c.load), 'f', 0))
                                     : tr("CPU %1").arg(i))
                           : tr("CPU %1: offline").arg(i);
        if (c.worker >= 0 && c.state)
            text += tr("\npool worker %1: %2").arg(c.worker).arg(stateName(*c.state));
        else if (c.worker == -2 && c.state)
            text += tr("\nengine thread (pool host): %1").arg(stateName(*c.state));
        if (c.stager)
            text += tr("\nan expert stager last ran here");
        QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

}  // namespace strata::ui
