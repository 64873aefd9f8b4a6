#include "ui/panels/performance_panels.hpp"

#include "domain/telemetry/telemetry_frame.hpp"
#include "ui/panels/cpu_cores_panel.hpp"
#include "ui/panels/expert_map_panel.hpp"
#include "ui/panels/gpu_panel.hpp"
#include "ui/panels/pool_panel.hpp"
#include "ui/panels/process_panel.hpp"
#include "ui/panels/token_rate_panel.hpp"
#include "ui/panels/wait_policy_bar.hpp"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QToolBar>

namespace strata::ui {

namespace {
// The bottom row's first height: its size hint alone left the charts ~50 px tall at 1280x800.
constexpr int kChartsHeight = 170;
}  // namespace

PerformancePanels::PerformancePanels(QMainWindow* window, QMenu* viewMenu)
    : QObject(window), m_tokens(new TokenRatePanel), m_cores(new CpuCoresPanel), m_experts(new ExpertMapPanel),
      m_gpu(new GpuPanel), m_pool(new PoolPanel), m_process(new ProcessPanel), m_policyBar(new WaitPolicyBar)
{
    setObjectName(QStringLiteral("performancePanels"));
    QMenu* menu = viewMenu->addMenu(tr("&Panels"));
    menu->setObjectName(QStringLiteral("panelsMenu"));
    QDockWidget* tokens = addDock(window, menu, m_tokens, tr("Tokens per second"), QStringLiteral("tokenRateDock"),
                                  Qt::BottomDockWidgetArea);
    QDockWidget* process =
        addDock(window, menu, m_process, tr("Process"), QStringLiteral("processDock"), Qt::BottomDockWidgetArea);
    QDockWidget* gpu = addDock(window, menu, m_gpu, tr("GPU"), QStringLiteral("gpuDock"), Qt::BottomDockWidgetArea);
    QDockWidget* cores =
        addDock(window, menu, m_cores, tr("CPU cores"), QStringLiteral("cpuCoresDock"), Qt::RightDockWidgetArea);
    QDockWidget* experts =
        addDock(window, menu, m_experts, tr("Expert cache"), QStringLiteral("expertMapDock"), Qt::RightDockWidgetArea);
    addDock(window, menu, m_pool, tr("Worker pool"), QStringLiteral("poolDock"), Qt::RightDockWidgetArea);
    // First-start layout (a saved one replaces it): the three charts share the bottom, kChartsHeight
    // high, the right column is wide enough for the pool's figures, and the expert map sits beside
    // the cores' heat map.
    window->splitDockWidget(cores, experts, Qt::Horizontal);
    window->resizeDocks({tokens, process, gpu}, {400, 400, 400}, Qt::Horizontal);
    window->resizeDocks({cores}, {400}, Qt::Horizontal);
    window->resizeDocks({tokens}, {kChartsHeight}, Qt::Vertical);
    menu->addSeparator();
    QAction* showAll = menu->addAction(tr("&Show all panels"), this, [this] { setAllOpen(true); });
    showAll->setObjectName(QStringLiteral("showAllPanelsAction"));
    QAction* hideAll = menu->addAction(tr("&Hide all panels"), this, [this] { setAllOpen(false); });
    hideAll->setObjectName(QStringLiteral("hideAllPanelsAction"));

    m_toolBar = window->addToolBar(tr("Waiting policy"));
    m_toolBar->setObjectName(QStringLiteral("waitPolicyToolBar"));
    m_toolBar->addWidget(m_policyBar);
    viewMenu->addAction(m_toolBar->toggleViewAction());
    connect(m_policyBar, &WaitPolicyBar::policyChosen, this, &PerformancePanels::policyChosen);
    m_reportedOpen = anyOpen();
}

QDockWidget* PerformancePanels::addDock(QMainWindow* window, QMenu* menu, QWidget* panel, const QString& title,
                                        const QString& name, Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(name);
    dock->setWidget(panel);
    window->addDockWidget(area, dock);
    menu->addAction(dock->toggleViewAction());
    // toggleViewAction covers the menu and the dock's close button; restoreState() hides docks
    // directly, which visibilityChanged reports.
    connect(dock->toggleViewAction(), &QAction::toggled, this, &PerformancePanels::reportOpen);
    connect(dock, &QDockWidget::visibilityChanged, this, &PerformancePanels::reportOpen);
    m_docks << dock;
    m_titles << title;
    return dock;
}

void PerformancePanels::setRemoteModel(bool remote)
{
    for (qsizetype i = 0; i < m_docks.size(); ++i) {
        QDockWidget* dock = m_docks.at(i);
        const bool local = remote && dock->widget() != m_tokens;
        dock->setWindowTitle(local ? tr("%1 (this computer, not the remote model)").arg(m_titles.at(i))
                                   : m_titles.at(i));
    }
    m_tokens->setRemoteModel(remote);
}

bool PerformancePanels::anyOpen() const
{
    for (const QDockWidget* dock : m_docks)
        if (!dock->isHidden())
            return true;
    return false;
}

void PerformancePanels::setAllOpen(bool open)
{
    for (QDockWidget* dock : m_docks)
        dock->setVisible(open);
    reportOpen();
}

void PerformancePanels::reportOpen()
{
    const bool open = anyOpen();
    if (open == m_reportedOpen)
        return;
    m_reportedOpen = open;
    emit openChanged(open);
}

void PerformancePanels::showFrame(const domain::TelemetryFrame& frame)
{
    m_tokens->showFrame(frame);
    m_cores->showFrame(frame);
    m_experts->showFrame(frame);
    m_gpu->showFrame(frame);
    m_pool->showFrame(frame);
    m_process->showFrame(frame);
}

}  // namespace strata::ui
