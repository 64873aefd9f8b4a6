#include "ui/panels/pool_panel.hpp"

#include "domain/telemetry/telemetry_frame.hpp"

#include <QFormLayout>
#include <QLabel>

namespace strata::ui {

namespace {
QString micros(const std::optional<double>& value)
{
    if (!value)
        return QStringLiteral("—");
    return *value >= 1000 ? PoolPanel::tr("%1 ms").arg(*value / 1000, 0, 'f', 2)
                          : PoolPanel::tr("%1 µs").arg(*value, 0, 'f', 1);
}
}  // namespace

PoolPanel::PoolPanel(QWidget* parent)
    : QWidget(parent), m_policy(new QLabel), m_workers(new QLabel), m_spin(new QLabel), m_parks(new QLabel),
      m_wasted(new QLabel), m_wait(new QLabel), m_adaptive(new QLabel), m_gpuWait(new QLabel)
{
    setObjectName(QStringLiteral("poolPanel"));
    m_policy->setObjectName(QStringLiteral("poolPolicy"));
    m_policy->setText(tr("no model loaded"));
    // Values do not size the dock: a figure growing by a digit must not relayout the main window.
    m_gpuWait->setObjectName(QStringLiteral("poolGpuWait"));
    setGpuWait(std::nullopt);
    for (QLabel* label : {m_policy, m_workers, m_spin, m_parks, m_wasted, m_wait, m_adaptive, m_gpuWait})
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
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
}

void PoolPanel::setGpuWait(std::optional<model::CudaHostWait> wait)
{
    if (!wait)
        m_gpuWait->setText(tr("no model on a GPU"));
    else if (*wait == model::CudaHostWait::Spin)
        m_gpuWait->setText(tr("spin"));
    else if (*wait == model::CudaHostWait::Yield)
        m_gpuWait->setText(tr("yield"));
    else
        m_gpuWait->setText(tr("blocking sync"));
}

QString PoolPanel::gpuWaitText() const
{
    return m_gpuWait->text();
}

void PoolPanel::showFrame(const domain::TelemetryFrame& frame)
{
    if (!frame.pool) {
        m_policy->setText(tr("no model loaded"));
        for (QLabel* label : {m_workers, m_spin, m_parks, m_wasted, m_wait, m_adaptive})
            label->clear();
        return;
    }
    const auto& pool = *frame.pool;
    const domain::PoolRates& r = frame.poolRates;
    m_policy->setText(QString::fromStdString(pool::toString(pool.policy)));
    m_workers->setText(tr("%1 + host, %2 batches").arg(pool.workers.size()).arg(r.batches));
    m_spin->setText(tr("%1% / %2%").arg(r.busyPercent, 0, 'f', 1).arg(r.spinPercent, 0, 'f', 1));
    m_parks->setText(tr("%1 /s").arg(r.parksPerSecond, 0, 'f', 0));
    m_wasted->setText(tr("%1% of a core").arg(r.wastedSpinCorePercent, 0, 'f', 1));
    m_wait->setText(
        QStringLiteral("%1 / %2").arg(micros(r.completionWaitP50Micros), micros(r.completionWaitP99Micros)));
    m_adaptive->setText(pool.contended ? tr("contended: no spin")
                                       : tr("spin %1 µs, host %2 µs, wake %3 µs")
                                             .arg(pool.adaptiveSpinMicros)
                                             .arg(pool.adaptiveHostSpinMicros)
                                             .arg(pool.wakeLatencyMicros));
}

QString PoolPanel::policyText() const
{
    return m_policy->text();
}

}  // namespace strata::ui
