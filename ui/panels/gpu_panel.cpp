#include "ui/panels/gpu_panel.hpp"

#include "domain/telemetry/telemetry_frame.hpp"
#include "ui/panels/rolling_chart.hpp"

#include <QLabel>
#include <QLocale>

namespace strata::ui {

GpuPanel::GpuPanel(QWidget* parent)
    : CaptionedChart(QStringLiteral("gpuPanel"), tr("GPU utilisation and VRAM, last minute"), 100, parent)
{
    captionLabel()->setTextInteractionFlags(Qt::TextSelectableByMouse);
    captionLabel()->setWordWrap(true);  // the no-driver reason is long; it changes rarely
    chart()->addSeries(tr("utilisation %"), QColor(0x16, 0xa3, 0x4a));
    chart()->addSeries(tr("VRAM %"), QColor(0x93, 0x33, 0xea));
    chart()->hide();
}

void GpuPanel::showFrame(const domain::TelemetryFrame& frame)
{
    const auto& gpus = frame.system.gpus;
    if (gpus.empty()) {
        // The sampler's own words say why: "no NVIDIA driver (...)", "NVML unusable: ...".
        const QString status = QString::fromStdString(frame.system.gpuStatus);
        const QString noDriver = QStringLiteral("no NVIDIA driver");
        if (status.startsWith(noDriver))
            setCaption(tr("No NVIDIA driver: GPU figures are not available.") + QLatin1Char('\n')
                       + status.mid(noDriver.size()).trimmed());
        else
            setCaption(tr("No GPU figures: %1").arg(status));
        chart()->hide();
        return;
    }
    QStringList lines;
    for (const auto& gpu : gpus) {
        const double usedGiB = gpu.memoryUsedBytes ? double(*gpu.memoryUsedBytes) / double(1ull << 30) : 0.0;
        const double totalGiB = gpu.memoryTotalBytes ? double(*gpu.memoryTotalBytes) / double(1ull << 30) : 0.0;
        QString line =
            tr("GPU %1 %2: %3% · VRAM %4 / %5 GiB")
                .arg(gpu.index)
                .arg(QString::fromStdString(gpu.name))
                .arg(gpu.utilizationPercent ? QLocale().toString(*gpu.utilizationPercent) : QStringLiteral("—"))
                .arg(QLocale().toString(usedGiB, 'f', 1), QLocale().toString(totalGiB, 'f', 1));
        // This process's share (weights, KV cache, scratch and the CUDA context), when NVML says.
        if (gpu.processMemoryUsedBytes)
            line += tr(", Strata %1 GiB")
                        .arg(QLocale().toString(double(*gpu.processMemoryUsedBytes) / double(1ull << 30), 'f', 1));
        if (gpu.powerWatts)
            line += tr(" · %1 W").arg(QLocale().toString(*gpu.powerWatts, 'f', 0));
        if (gpu.temperatureCelsius)
            line += tr(" · %1 °C").arg(*gpu.temperatureCelsius);
        if (!gpu.error.empty())
            line += QStringLiteral(" (%1)").arg(QString::fromStdString(gpu.error));
        lines << line;
    }
    setCaption(lines.join(QLatin1Char('\n')));
    const auto& first = gpus.front();
    const double vramPercent = first.memoryUsedBytes && first.memoryTotalBytes && *first.memoryTotalBytes
                                   ? 100.0 * double(*first.memoryUsedBytes) / double(*first.memoryTotalBytes)
                                   : 0.0;
    chart()->append({double(first.utilizationPercent.value_or(0)), vramPercent});
    chart()->show();
}

bool GpuPanel::chartShown() const
{
    return !chart()->isHidden();
}

}  // namespace strata::ui
