// Prefill and decode speed: a rolling chart of the last minute and the current values. With a remote
// model, what its stream tells: the decode rate (the chunks counted as they come) and the last
// reply's rate and time to first token; a prefill rate cannot be known there.
#pragma once

#include "ui/panels/captioned_chart.hpp"

#include <optional>

namespace strata::domain {
struct TelemetryFrame;
}

namespace strata::ui {

class TokenRatePanel : public CaptionedChart {
    Q_OBJECT
public:
    explicit TokenRatePanel(QWidget* parent = nullptr);
    void showFrame(const domain::TelemetryFrame& frame);
    // Until set back to false, the caption shows the remote figures (a new model has no reply yet).
    void setRemoteModel(bool remote);
    // A remote reply's figures, measured from its stream (shown while the model is remote).
    void showRemoteReply(double tokensPerSecond, double timeToFirstTokenMs);

private:
    struct Rates {
        double prefill = 0;
        double decode = 0;
    };
    struct RemoteReply {
        double tokensPerSecond = 0;
        double timeToFirstTokenMs = 0;
    };
    void showCaption();

    std::optional<Rates> m_rates;  // the last frame's; none before the first frame
    bool m_remote = false;
    std::optional<RemoteReply> m_remoteReply;  // the last reply of the remote model chosen now
};

}  // namespace strata::ui
