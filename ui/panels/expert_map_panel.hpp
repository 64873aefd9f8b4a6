// A hybrid MoE placement's expert-cache map: one cell per (layer, expert), rows are layers, painted by
// where the expert lives and what the last pass did with it (in VRAM and used, in VRAM and unused,
// used but run on the CPU, on the CPU and unused), with the cache's routing heat as brightness; beside
// it each layer's hit rate over the last interval, and above it the overall hit rate, the CPU experts'
// time and the PCIe traffic per token and the GPU's completion wait p50/p99. Without a hybrid
// placement it says so. The map is one pixel per expert in a QImage, scaled when painted: a
// 48 × 128 model costs one image fill per frame, not thousands of widgets or rectangles.
#pragma once

#include <QImage>
#include <QWidget>
#include <cstdint>
#include <optional>
#include <vector>

namespace strata::domain {
struct TelemetryFrame;
}

namespace strata::ui {

class ExpertMapPanel : public QWidget {
    Q_OBJECT
public:
    enum class Cell : std::uint8_t {
        ResidentHit,     // in VRAM, used by the last pass
        ResidentUnused,  // in VRAM, not used by the last pass
        Missed,          // used by the last pass, run on the CPU
        CpuUnused,       // on the CPU, not used by the last pass
    };

    explicit ExpertMapPanel(QWidget* parent = nullptr);

    void showFrame(const domain::TelemetryFrame& frame);

    bool hasMap() const { return m_layers > 0; }
    int layerCount() const { return m_layers; }
    int expertCount() const { return m_experts; }
    std::optional<Cell> cellAt(int layer, int expert) const;
    // Where (layer, expert) is painted at the widget's current size; empty without a map.
    QRect cellRect(int layer, int expert) const;
    // A cell's colour at full heat (and without heat, as for a static placement).
    static QColor cellColor(Cell cell);
    // The figures above the map, or the empty state's text.
    QString summaryText() const { return m_summary; }

    QSize sizeHint() const override { return {320, 220}; }
    QSize minimumSizeHint() const override { return {160, 100}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRect mapArea() const;       // what the map may fill
    QRect mapRect() const;       // what it fills: whole pixels per cell where they fit
    QRect layerHitArea() const;  // the per-layer hit rates, right of the map
    QRect legendRect() const;

    int m_layers = 0;
    int m_experts = 0;
    std::vector<Cell> m_cells;       // [layers][experts] row by row
    std::vector<float> m_heat;       // the same order; empty: no heat (static placement)
    std::vector<double> m_layerHit;  // percent; -1: no routes in the interval
    QImage m_map;                    // m_experts × m_layers, one pixel per expert
    QString m_summary;
};

}  // namespace strata::ui
