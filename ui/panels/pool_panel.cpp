#include "ui/panels/pool_panel.hpp"

#include "domain/telemetry/telemetry_frame.hpp"
#include "ui/panels/prefill_timings_view.hpp"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QStringList>
#include <algorithm>

namespace strata::ui {

namespace {
QString micros(const std::optional<double>& value)
{
    if (!value)
        return QStringLiteral("—");
    return *value >= 1000 ? PoolPanel::tr("%1 ms").arg(QLocale().toString(*value / 1000, 'f', 2))
                          : PoolPanel::tr("%1 µs").arg(QLocale().toString(*value, 'f', 1));
}

QString workersText(std::size_t workers, std::uint64_t batches)
{
    return PoolPanel::tr("%1 + host, %2 batches")
        .arg(QLocale().toString(qulonglong(workers)), QLocale().toString(qulonglong(batches)));
}

QString shareText(double busy, double spin)
{
    return PoolPanel::tr("%1% / %2%").arg(QLocale().toString(busy, 'f', 1), QLocale().toString(spin, 'f', 1));
}

QString parksText(double perSecond)
{
    return PoolPanel::tr("%1 /s").arg(QLocale().toString(perSecond, 'f', 0));
}

QString wastedText(double corePercent)
{
    return PoolPanel::tr("%1% of a core").arg(QLocale().toString(corePercent, 'f', 1));
}

QString waitText(const std::optional<double>& p50, const std::optional<double>& p99)
{
    return QStringLiteral("%1 / %2").arg(micros(p50), micros(p99));
}

QString adaptiveText(std::uint32_t spin, std::uint32_t hostSpin, std::uint32_t wake)
{
    return PoolPanel::tr("spin %1 µs, host %2 µs, wake %3 µs").arg(spin).arg(hostSpin).arg(wake);
}

// Values do not size the dock (a figure growing by a digit must not relayout the main window), yet
// none may be cut: each label is as wide as the widest of its texts, with every figure at its
// largest usual width (192 workers, 5 digits of batches, 4 of microseconds).
void reserveWidth(QLabel* label, const QStringList& widest)
{
    int width = 0;
    for (const QString& text : widest)
        width = std::max(width, label->fontMetrics().horizontalAdvance(text));
    label->setMinimumWidth(width + 2 * label->margin() + 2);
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}
}  // namespace

PoolPanel::PoolPanel(QWidget* parent)
    : QWidget(parent), m_policy(new QLabel), m_workers(new QLabel), m_spin(new QLabel), m_parks(new QLabel),
      m_wasted(new QLabel), m_wait(new QLabel), m_adaptive(new QLabel), m_gpuWait(new QLabel),
      m_prefillTimings(new PrefillTimingsView)
{
    setObjectName(QStringLiteral("poolPanel"));
    m_policy->setObjectName(QStringLiteral("poolPolicy"));
    m_policy->setText(tr("no model loaded"));
    m_gpuWait->setObjectName(QStringLiteral("poolGpuWait"));
    setGpuWait(std::nullopt);
    reserveWidth(m_policy, {tr("no model loaded"), QStringLiteral("fixed-spin 99999us")});
    reserveWidth(m_workers, {workersText(192, 99999)});
    reserveWidth(m_spin, {shareText(100, 100)});
    reserveWidth(m_parks, {parksText(999999)});
    reserveWidth(m_wasted, {wastedText(1000)});
    reserveWidth(m_wait, {waitText(999.9, 99999.0)});
    reserveWidth(m_adaptive, {adaptiveText(9999, 9999, 9999), tr("contended: no spin")});
    reserveWidth(m_gpuWait, {tr("no model on a GPU"), tr("blocking sync")});
    auto* form = new QFormLayout(this);
    form->setContentsMargins(4, 4, 4, 4);
    form->addRow(tr("Policy in force:"), m_policy);
    form->addRow(tr("Workers:"), m_workers);
    form->addRow(tr("Busy / spinning:"), m_spin);  // shares of the workers' time
    form->addRow(tr("Parks:"), m_parks);
    form->addRow(tr("Wasted spin:"), m_wasted);
    form->addRow(tr("Completion wait p50 / p99:"), m_wait);
    form->addRow(tr("Adaptive:"), m_adaptive);
    form->addRow(tr("GPU wait:"), m_gpuWait);
    form->addRow(m_prefillTimings);
}

void PoolPanel::setGpuWait(std::optional<model::CudaHostWait> wait)
{
    if (!wait)
        m_gpuWait->setText(tr("no model on a GPU"));
    else if (*wait == model::CudaHostWait::Spin)
        m_gpuWait->setText(tr("spin"));
    else if (*wait == model::CudaHostWait::Yield)
        m_gpuWait->setText(tr("yield"));
    else if (*wait == model::CudaHostWait::Adaptive)
        m_gpuWait->setText(tr("adaptive"));
    else
        m_gpuWait->setText(tr("blocking sync"));
}

QString PoolPanel::gpuWaitText() const
{
    return m_gpuWait->text();
}

void PoolPanel::showFrame(const domain::TelemetryFrame& frame)
{
    m_prefillTimings->showFrame(frame);
    if (!frame.pool) {
        m_policy->setText(tr("no model loaded"));
        for (QLabel* label : {m_workers, m_spin, m_parks, m_wasted, m_wait, m_adaptive})
            label->clear();
        return;
    }
    const auto& pool = *frame.pool;
    const domain::PoolRates& r = frame.poolRates;
    m_policy->setText(QString::fromStdString(pool::toString(pool.policy)));
    m_workers->setText(workersText(pool.workers.size(), r.batches));
    m_spin->setText(shareText(r.busyPercent, r.spinPercent));
    m_parks->setText(parksText(r.parksPerSecond));
    m_wasted->setText(wastedText(r.wastedSpinCorePercent));
    m_wait->setText(waitText(r.completionWaitP50Micros, r.completionWaitP99Micros));
    m_adaptive->setText(
        pool.contended ? tr("contended: no spin")
                       : adaptiveText(pool.adaptiveSpinMicros, pool.adaptiveHostSpinMicros, pool.wakeLatencyMicros));
}

QString PoolPanel::policyText() const
{
    return m_policy->text();
}

}  // namespace strata::ui
