#include "ui/panels/token_rate_panel.hpp"

#include "domain/telemetry/telemetry_frame.hpp"
#include "ui/panels/rolling_chart.hpp"

#include <QLocale>

namespace strata::ui {

TokenRatePanel::TokenRatePanel(QWidget* parent)
    : CaptionedChart(QStringLiteral("tokenRatePanel"), tr("Tokens per second, last minute"), 0, parent)
{
    chart()->addSeries(tr("prefill"), QColor(0x3b, 0x82, 0xf6));
    chart()->addSeries(tr("decode"), QColor(0x16, 0xa3, 0x4a));
    setCaption(tr("Prefill — · Decode —"));
}

void TokenRatePanel::showFrame(const domain::TelemetryFrame& frame)
{
    chart()->append({frame.prefillTokensPerSecond, frame.decodeTokensPerSecond});
    setCaption(tr("Prefill %1 tok/s · Decode %2 tok/s")
                   .arg(QLocale().toString(frame.prefillTokensPerSecond, 'f', 1))
                   .arg(QLocale().toString(frame.decodeTokensPerSecond, 'f', 1)));
}

}  // namespace strata::ui
