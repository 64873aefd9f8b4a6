// Samples the machine (SystemSampler: /proc, NVML) and the engine's pool (through the
// EngineTelemetryLink) on the "strata-telemetry" thread, a few times per second while the panels
// are open, and sends each result to the GUI as a plain TelemetryFrame through a queued signal.
// Lives on its own thread (TelemetryHost owns it); only its slots touch the sampler.
#pragma once

#include "app/telemetry/telemetry_frame_builder.hpp"

#include <QObject>
#include <memory>

class QTimer;

namespace strata::telemetry {
class SystemSampler;
}

namespace strata::app {

class EngineTelemetryLink;

class TelemetryWorker : public QObject {
    Q_OBJECT
public:
    explicit TelemetryWorker(std::shared_ptr<EngineTelemetryLink> link);
    ~TelemetryWorker() override;

public slots:
    // Starts (or stops) sampling every `intervalMs`. The sampler is created on the first start,
    // on this thread: NVML's initialisation takes hundreds of ms with a driver.
    void start(int intervalMs);
    void stop();
    void sampleNow();

signals:
    void frameReady(const strata::domain::TelemetryFrame& frame);

private:
    std::shared_ptr<EngineTelemetryLink> m_link;
    std::unique_ptr<telemetry::SystemSampler> m_sampler;
    telemetry::SystemSnapshot m_snapshot;  // reused: its vectors keep their capacity
    TelemetryFrameBuilder m_builder;
    QTimer* m_timer = nullptr;  // created on this thread in start()
};

}  // namespace strata::app
