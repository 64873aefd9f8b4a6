// Where a long prompt's time goes on a hybrid GPU model whose missed experts are streamed to the
// GPU (issue 21), per chunk of the most recent streamed chunks: the host waiting for the routing,
// grouping the routes by expert, the stagers' copies in flight, the host waiting for the copies,
// and the GPU running the streamed experts. One plain line instead while nothing was streamed (a
// CPU model, all experts in VRAM, or only short prompts). Part of the worker pool panel.
#pragma once

#include <QWidget>

class QLabel;

namespace strata::domain {
struct TelemetryFrame;
}

namespace strata::ui {

class PrefillTimingsView : public QWidget {
    Q_OBJECT
public:
    enum class Figure { Chunks, RoutingWait, Grouping, Copies, CopyWait, Gpu };

    explicit PrefillTimingsView(QWidget* parent = nullptr);

    void showFrame(const domain::TelemetryFrame& frame);

    bool showsTimings() const { return m_showsTimings; }
    QString figureText(Figure figure) const;
    QString noteText() const;

private:
    QLabel* m_note;
    QWidget* m_timings;
    QLabel* m_chunks;
    QLabel* m_routingWait;
    QLabel* m_grouping;
    QLabel* m_copies;
    QLabel* m_copyWait;
    QLabel* m_gpu;
    bool m_showsTimings = false;
};

}  // namespace strata::ui
