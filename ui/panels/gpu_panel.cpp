#include "ui/panels/gpu_panel.hpp"

#include "ui/panels/rolling_chart.hpp"
#include "ui/panels/telemetry_frame.hpp"

#include <QLabel>
#include <QVBoxLayout>

namespace strata::ui {

GpuPanel::GpuPanel(QWidget* parent) : QWidget(parent), m_status(new QLabel), m_chart(new RollingChart(120, 100))
{
    setObjectName(QStringLiteral("gpuPanel"));
    m_status->setObjectName(QStringLiteral("gpuStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_chart->addSeries(tr("utilisation %"), QColor(0x16, 0xa3, 0x4a));
    m_chart->addSeries(tr("VRAM %"), QColor(0x93, 0x33, 0xea));
    m_chart->setAccessibleName(tr("GPU utilisation and VRAM, last minute"));
    m_chart->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_status);
    layout->addWidget(m_chart, 1);
}

void GpuPanel::showFrame(const TelemetryFrame& frame)
{
    const auto& gpus = frame.system.gpus;
    if (gpus.empty()) {
        // The sampler's own words say why: "no NVIDIA driver (...)", "NVML unusable: ...".
        QString status = QString::fromStdString(frame.system.gpuStatus);
        const QString noDriver = QStringLiteral("no NVIDIA driver");
        if (status.startsWith(noDriver))
            m_status->setText(tr("No NVIDIA driver: GPU figures are not available.") + QLatin1Char('\n') +
                              status.mid(noDriver.size()).trimmed());
        else
            m_status->setText(tr("No GPU figures: %1").arg(status));
        m_chart->hide();
        return;
    }
    QStringList lines;
    for (const auto& gpu : gpus) {
        const double usedGiB = gpu.memoryUsedBytes ? double(*gpu.memoryUsedBytes) / double(1ull << 30) : 0.0;
        const double totalGiB = gpu.memoryTotalBytes ? double(*gpu.memoryTotalBytes) / double(1ull << 30) : 0.0;
        QString line = tr("GPU %1 %2: %3% · VRAM %4 / %5 GiB")
                           .arg(gpu.index)
                           .arg(QString::fromStdString(gpu.name))
                           .arg(gpu.utilizationPercent ? QString::number(*gpu.utilizationPercent) : QStringLiteral("—"))
                           .arg(usedGiB, 0, 'f', 1)
                           .arg(totalGiB, 0, 'f', 1);
        if (gpu.powerWatts)
            line += tr(" · %1 W").arg(*gpu.powerWatts, 0, 'f', 0);
        if (gpu.temperatureCelsius)
            line += tr(" · %1 °C").arg(*gpu.temperatureCelsius);
        if (!gpu.error.empty())
            line += QStringLiteral(" (%1)").arg(QString::fromStdString(gpu.error));
        lines << line;
    }
    m_status->setText(lines.join(QLatin1Char('\n')));
    const auto& first = gpus.front();
    const double vramPercent = first.memoryUsedBytes && first.memoryTotalBytes && *first.memoryTotalBytes
                                   ? 100.0 * double(*first.memoryUsedBytes) / double(*first.memoryTotalBytes)
                                   : 0.0;
    m_chart->append({double(first.utilizationPercent.value_or(0)), vramPercent});
    m_chart->show();
}

QString GpuPanel::statusText() const
{
    return m_status->text();
}

bool GpuPanel::chartShown() const
{
    return !m_chart->isHidden();
}

}  // namespace strata::ui
