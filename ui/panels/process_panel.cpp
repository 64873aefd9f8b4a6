#include "ui/panels/process_panel.hpp"

#include "domain/telemetry/telemetry_frame.hpp"
#include "ui/panels/rolling_chart.hpp"

#include <QLocale>

namespace strata::ui {

ProcessPanel::ProcessPanel(QWidget* parent)
    : CaptionedChart(QStringLiteral("processPanel"), tr("Process CPU use, last minute"), 0, parent)
{
    chart()->addSeries(tr("CPU %"), QColor(0xdc, 0x26, 0x26));
}

void ProcessPanel::showFrame(const domain::TelemetryFrame& frame)
{
    const auto& process = frame.system.process;
    const double cpu = process.cpuPercent.value_or(0.0);
    chart()->append({cpu});
    setCaption(tr("CPU %1% (100% = one core) · RAM %2 MiB")
                   .arg(process.cpuPercent ? QLocale().toString(cpu, 'f', 1) : QStringLiteral("—"))
                   .arg(QLocale().toString(double(process.rssBytes) / double(1 << 20), 'f', 0)));
}

}  // namespace strata::ui
