// The live performance panels as dock widgets of the main window (each can be moved, floated,
// tabbed or closed; View → Panels lists them), plus the waiting-policy tool bar. It only displays
// TelemetryFrames and forwards the user's policy choice: the sampling thread lives in app/.
#pragma once

#include "strata/pool/wait_policy.hpp"

#include <QList>
#include <QObject>

class QDockWidget;
class QMainWindow;
class QMenu;
class QToolBar;

namespace strata::domain {
struct TelemetryFrame;
}

namespace strata::ui {

class CpuCoresPanel;
class ExpertMapPanel;
class GpuPanel;
class PoolPanel;
class ProcessPanel;
class TokenRatePanel;
class WaitPolicyBar;
class PerformancePanels : public QObject {
    Q_OBJECT
public:
    // Adds the docks, the tool bar and a "Panels" menu to `window` (which owns them).
    explicit PerformancePanels(QMainWindow* window, QMenu* viewMenu);

    TokenRatePanel* tokenRates() const { return m_tokens; }
    CpuCoresPanel* cpuCores() const { return m_cores; }
    ExpertMapPanel* expertMap() const { return m_experts; }
    GpuPanel* gpu() const { return m_gpu; }
    PoolPanel* pool() const { return m_pool; }
    ProcessPanel* process() const { return m_process; }
    WaitPolicyBar* policyBar() const { return m_policyBar; }
    const QList<QDockWidget*>& docks() const { return m_docks; }

    // True while at least one panel is open: sampling is only worth its cost then.
    bool anyOpen() const;
    void setAllOpen(bool open);
    // With a remote model the panels of this computer (CPU cores, GPU, process, pool, experts) say so
    // in their titles: their figures do not describe the server the replies come from. The
    // token-rate panel counts the remote stream's tokens, keeps its title and shows, instead of a
    // prefill rate, each reply's time to first token (TokenRatePanel::showRemoteReply).
    void setRemoteModel(bool remote);

public slots:
    void showFrame(const strata::domain::TelemetryFrame& frame);

signals:
    void openChanged(bool anyOpen);
    void policyChosen(const strata::pool::WaitPolicy& policy);

private:
    QDockWidget* addDock(QMainWindow* window, QMenu* menu, QWidget* panel, const QString& title, const QString& name,
                         Qt::DockWidgetArea area);
    void reportOpen();

    TokenRatePanel* m_tokens;
    CpuCoresPanel* m_cores;
    ExpertMapPanel* m_experts;
    GpuPanel* m_gpu;
    PoolPanel* m_pool;
    ProcessPanel* m_process;
    WaitPolicyBar* m_policyBar;
    QToolBar* m_toolBar = nullptr;
    QList<QDockWidget*> m_docks;
    QList<QString> m_titles;  // each dock's own title, in m_docks's order
    bool m_reportedOpen = false;
};

}  // namespace strata::ui
