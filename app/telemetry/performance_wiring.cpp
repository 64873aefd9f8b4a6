#include "app/telemetry/performance_wiring.hpp"

#include "app/engine/engine_controller.hpp"
#include "app/engine/engine_telemetry_link.hpp"
#include "app/telemetry/wait_policy_setting.hpp"
#include "ui/main_window.hpp"
#include "ui/panels/performance_panels.hpp"
#include "ui/panels/wait_policy_bar.hpp"

#include <QSettings>

namespace strata::app {

PerformanceWiring::PerformanceWiring(QSettings& settings, EngineController& engine, ui::MainWindow& window)
    : m_link(engine.telemetryLink()), m_telemetry(m_link)
{
    ui::PerformancePanels* panels = window.panels();
    if (const std::optional<pool::WaitPolicy> saved = loadWaitPolicy(settings)) {
        m_link->setPolicy(*saved);  // applied when a model's pool attaches
        panels->policyBar()->setPolicy(*saved);
    }
    connect(panels, &ui::PerformancePanels::policyChosen, this, [this, &settings](const pool::WaitPolicy& policy) {
        m_link->setPolicy(policy);
        saveWaitPolicy(settings, policy);
    });
    connect(&m_telemetry, &TelemetryHost::frameReady, panels, &ui::PerformancePanels::showFrame);
    connect(panels, &ui::PerformancePanels::openChanged, this, [this](bool open) { m_telemetry.setActive(open); });
    m_telemetry.setActive(panels->anyOpen());
}

}  // namespace strata::app
