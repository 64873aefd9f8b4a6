#include "ui/panels/token_rate_panel.hpp"

#include "domain/telemetry/telemetry_frame.hpp"
#include "ui/panels/rolling_chart.hpp"

#include <QLocale>

namespace strata::ui {

namespace {
QString rate(double tokensPerSecond)
{
    return QLocale().toString(tokensPerSecond, 'f', 1);
}
}  // namespace

TokenRatePanel::TokenRatePanel(QWidget* parent)
    : CaptionedChart(QStringLiteral("tokenRatePanel"), tr("Tokens per second, last minute"), 0, parent)
{
    chart()->addSeries(tr("prefill"), QColor(0x3b, 0x82, 0xf6));
    chart()->addSeries(tr("decode"), QColor(0x16, 0xa3, 0x4a));
    showCaption();
}

void TokenRatePanel::showFrame(const domain::TelemetryFrame& frame)
{
    chart()->append({frame.prefillTokensPerSecond, frame.decodeTokensPerSecond});
    m_rates = Rates{frame.prefillTokensPerSecond, frame.decodeTokensPerSecond};
    showCaption();
}

void TokenRatePanel::setRemoteModel(bool remote)
{
    m_remote = remote;
    m_remoteReply.reset();
    showCaption();
}

void TokenRatePanel::showRemoteReply(double tokensPerSecond, double timeToFirstTokenMs)
{
    m_remoteReply = RemoteReply{tokensPerSecond, timeToFirstTokenMs};
    showCaption();
}

void TokenRatePanel::showCaption()
{
    const QString decode = m_rates ? rate(m_rates->decode) : QStringLiteral("—");
    if (!m_remote) {
        setCaption(m_rates ? tr("Prefill %1 tok/s · Decode %2 tok/s").arg(rate(m_rates->prefill), decode)
                           : tr("Prefill — · Decode —"));
        return;
    }
    // A server tells no prefill rate; the time to the first token is what its prompt cost.
    if (!m_remoteReply) {
        setCaption(tr("Remote model · Decode %1 tok/s · first token: after the first reply").arg(decode));
        return;
    }
    setCaption(tr("Remote model · Decode %1 tok/s · last reply %2 tok/s, first token after %3 ms")
                   .arg(decode, rate(m_remoteReply->tokensPerSecond),
                        QLocale().toString(m_remoteReply->timeToFirstTokenMs, 'f', 0)));
}

}  // namespace strata::ui
