// Connects the main window's performance panels to the engine: the telemetry thread samples while
// a panel is open and its frames go to the panels; the policy chosen in the tool bar goes straight
// to the running pool through the engine's EngineTelemetryLink (a direct, thread-safe call: the
// engine thread is busy during a reply) and is saved, so the next model loads with it.
#pragma once

#include "app/telemetry/telemetry_host.hpp"

#include <QObject>
#include <memory>

class QSettings;

namespace strata::ui {
class MainWindow;
}

namespace strata::app {

class EngineController;
class EngineTelemetryLink;

// A QObject (no signals of its own) so that its connections end with it.
class PerformanceWiring : public QObject {
public:
    PerformanceWiring(QSettings& settings, EngineController& engine, ui::MainWindow& window);

    TelemetryHost& telemetry() { return m_telemetry; }
    EngineTelemetryLink& link() { return *m_link; }

private:
    std::shared_ptr<EngineTelemetryLink> m_link;
    TelemetryHost m_telemetry;
};

}  // namespace strata::app
