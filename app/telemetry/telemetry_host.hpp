// Owns the "strata-telemetry" thread and the TelemetryWorker on it. Created on the GUI thread;
// setActive() starts or stops sampling (queued to the worker), frames arrive as frameReady() on
// the GUI thread. The destructor ends the thread and waits, so the worker (and NVML) is shut down
// on its own thread.
#pragma once

#include "domain/telemetry/telemetry_frame.hpp"
#include "domain/threading/owned_thread.hpp"

#include <QObject>
#include <memory>

namespace strata::app {

class EngineTelemetryLink;
class TelemetryWorker;

class TelemetryHost : public QObject {
    Q_OBJECT
public:
    // 500 ms = 2 Hz: the panels' rate; docs/BENCHMARKS.md has its cost.
    static constexpr int kDefaultIntervalMs = 500;

    explicit TelemetryHost(std::shared_ptr<EngineTelemetryLink> link, QObject* parent = nullptr);
    ~TelemetryHost() override;

    void setActive(bool active, int intervalMs = kDefaultIntervalMs);
    bool isActive() const { return m_active; }
    TelemetryWorker* worker() const { return m_thread.worker(); }

signals:
    void frameReady(const strata::domain::TelemetryFrame& frame);

private:
    domain::OwnedThread<TelemetryWorker> m_thread;
    bool m_active = false;
};

}  // namespace strata::app
