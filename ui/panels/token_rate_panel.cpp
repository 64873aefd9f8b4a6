#include "ui/panels/token_rate_panel.hpp"

#include "ui/panels/rolling_chart.hpp"
#include "ui/panels/telemetry_frame.hpp"

#include <QLabel>
#include <QVBoxLayout>

namespace strata::ui {

TokenRatePanel::TokenRatePanel(QWidget* parent)
    : QWidget(parent), m_chart(new RollingChart), m_current(new QLabel)
{
    setObjectName(QStringLiteral("tokenRatePanel"));
    m_chart->addSeries(tr("prefill"), QColor(0x3b, 0x82, 0xf6));
    m_chart->addSeries(tr("decode"), QColor(0x16, 0xa3, 0x4a));
    m_chart->setAccessibleName(tr("Tokens per second, last minute"));
    m_current->setObjectName(QStringLiteral("tokenRateCurrent"));
    m_current->setText(tr("Prefill — · Decode —"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_current);
    layout->addWidget(m_chart, 1);
}

void TokenRatePanel::showFrame(const TelemetryFrame& frame)
{
    m_chart->append({frame.prefillTokensPerSecond, frame.decodeTokensPerSecond});
    m_current->setText(tr("Prefill %1 tok/s · Decode %2 tok/s")
                           .arg(frame.prefillTokensPerSecond, 0, 'f', 1)
                           .arg(frame.decodeTokensPerSecond, 0, 'f', 1));
}

QString TokenRatePanel::currentText() const
{
    return m_current->text();
}

}  // namespace strata::ui
