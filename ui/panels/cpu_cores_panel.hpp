// Per-core CPU load as a heat map with every core visible (a grid whose cells shrink to fit, so
// 64, 128 or 256 cores still read), with the pool's workers marked on the core each last ran on
// and their state overlaid: a bar along the cell's bottom, green busy, orange spinning, blue
// parked; "H" marks the engine thread (the pool's host), "S" a core an expert stager (a GPU's
// long-prompt copy thread) ran on in the interval, and a legend line sums the stagers' threads and CPU.
#pragma once

#include "strata/pool/pool_telemetry.hpp"

#include <QSize>
#include <QWidget>
#include <optional>
#include <vector>

namespace strata::domain {
struct TelemetryFrame;
}

namespace strata::ui {

class CpuCoresPanel : public QWidget {
    Q_OBJECT
public:
    explicit CpuCoresPanel(QWidget* parent = nullptr);

    void showFrame(const domain::TelemetryFrame& frame);

    // The grid (columns, rows, cell side in px) that shows `cores` cells as large as possible in
    // `area`.
    struct Grid {
        int columns = 1;
        int rows = 1;
        int cell = 0;
    };
    static Grid gridFor(int cores, QSize area);

    int coreCount() const { return int(m_cores.size()); }
    // Which worker (0-based; -1 none, -2 the host) is shown on `core`, and its state.
    int workerOnCore(int core) const;
    std::optional<pool::ThreadState> stateOnCore(int core) const;
    // Whether an expert stager ran on `core` in the interval; and the legend's line about them ("" without stagers).
    bool stagerOnCore(int core) const;
    QString stagerLine() const { return m_stagerLine; }
    // "S: stagers, 4 threads, 1.2 cores" in the current locale (100 % = one core).
    static QString stagerText(int threads, double corePercent);

    // The legend under the grid: how many lines it takes at the current width, and the rectangle
    // its text covers (inside the widget unless the widget is narrower than its minimum size).
    int legendLines() const;
    QRect legendBounds() const;

    QSize sizeHint() const override { return {260, 140}; }
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Cell {
        std::optional<float> load;
        bool online = false;
        int worker = -1;  // -2: the host (engine thread)
        std::optional<pool::ThreadState> state;
        bool stager = false;
    };
    struct LegendItem {
        std::optional<pool::ThreadState> state;  // a state's colour key, or none for the note
        QString text;
        QRect rect;
    };
    QFont legendFont() const;
    std::vector<LegendItem> legendItems() const;
    int gridHeight() const;
    QRect cellRect(int index, const Grid& grid) const;
    int cellAt(QPoint position) const;

    std::vector<Cell> m_cores;
    QString m_stagerLine;
};

}  // namespace strata::ui
