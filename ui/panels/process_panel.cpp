#include "ui/panels/process_panel.hpp"

#include "ui/panels/rolling_chart.hpp"
#include "ui/panels/telemetry_frame.hpp"

#include <QLabel>
#include <QVBoxLayout>

namespace strata::ui {

ProcessPanel::ProcessPanel(QWidget* parent) : QWidget(parent), m_current(new QLabel), m_chart(new RollingChart)
{
    setObjectName(QStringLiteral("processPanel"));
    m_current->setObjectName(QStringLiteral("processCurrent"));
    m_chart->addSeries(tr("CPU %"), QColor(0xdc, 0x26, 0x26));
    m_chart->setAccessibleName(tr("Process CPU use, last minute"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_current);
    layout->addWidget(m_chart, 1);
}

void ProcessPanel::showFrame(const TelemetryFrame& frame)
{
    const auto& process = frame.system.process;
    const double cpu = process.cpuPercent.value_or(0.0);
    m_chart->append({cpu});
    m_current->setText(tr("CPU %1% (100% = one core) · RAM %2 MiB")
                           .arg(process.cpuPercent ? QString::number(cpu, 'f', 1) : QStringLiteral("—"))
                           .arg(double(process.rssBytes) / double(1 << 20), 0, 'f', 0));
}

QString ProcessPanel::currentText() const
{
    return m_current->text();
}

}  // namespace strata::ui
