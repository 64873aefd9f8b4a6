#include "app/ab/ab_controller.hpp"

#include "app/ab/ab_runner.hpp"
#include "domain/ab/ab_export.hpp"
#include "domain/ab/ab_policy_summary.hpp"
#include "domain/ab/ab_summary.hpp"
#include "strata/core/build_info.hpp"
#include "ui/ab/ab_config_editor.hpp"
#include "ui/ab/ab_dialog.hpp"

#include <QJsonDocument>

namespace strata::app {

AbController::AbController(QObject* parent) : QObject(parent)
{
    AbRunner* runner = m_host.runner();
    connect(this, &AbController::runRequested, runner, &AbRunner::run, Qt::QueuedConnection);
    connect(runner, &AbRunner::rowReady, this, &AbController::onRow, Qt::QueuedConnection);
    connect(
        runner, &AbRunner::progress, this,
        [this](int done, int total, const QString& stage) {
            if (m_dialog)
                m_dialog->setProgress(done, total, stage);
        },
        Qt::QueuedConnection);
    connect(
        runner, &AbRunner::finished, this, [this] { onEnded(tr("Done: %1 measured runs.").arg(m_rows.size())); },
        Qt::QueuedConnection);
    connect(
        runner, &AbRunner::cancelled, this, [this] { onEnded(tr("Cancelled.")); }, Qt::QueuedConnection);
    connect(
        runner, &AbRunner::failed, this, [this](const QString& m) { onEnded(tr("The A/B run failed: %1").arg(m)); },
        Qt::QueuedConnection);
}

AbController::~AbController()
{
    delete m_dialog;  // before the host: the dialog's signals reach this object
}

ui::AbDialog* AbController::dialog() const
{
    return m_dialog;
}

void AbController::openDialog(QWidget* parent, const QString& modelPath)
{
    if (!m_dialog) {
        m_dialog = new ui::AbDialog(parent);
        // The GPUs a side may run on, asked once per dialog (as the settings dialog does).
        const std::vector<CudaDeviceInfo> gpus = probeCudaRuntime().devices;
        m_dialog->editorA()->setGpus(gpus);
        m_dialog->editorB()->setGpus(gpus);
        connect(m_dialog, &ui::AbDialog::startRequested, this, &AbController::start);
        connect(m_dialog, &ui::AbDialog::cancelRequested, this, &AbController::cancel);
        connect(m_dialog, &ui::AbDialog::exportRequested, this, &AbController::exportTo);
    }
    setModelPath(modelPath);
    m_dialog->show();
    m_dialog->raise();
    m_dialog->activateWindow();
}

void AbController::setModelPath(const QString& modelPath)
{
    m_modelPath = modelPath;
    if (m_dialog)
        m_dialog->setModelPath(modelPath);
}

void AbController::start(const domain::AbRequest& request)
{
    if (m_running)
        return;
    m_request = request;
    if (m_request.modelPath.isEmpty())
        m_request.modelPath = m_modelPath;
    m_rows.clear();
    m_running = true;
    if (m_dialog) {
        m_dialog->clearResults();
        m_dialog->setRunning(true);
    }
    emit runRequested(m_request);
}

void AbController::cancel()
{
    m_host.runner()->requestCancel();
}

QString AbController::exportTo(const QString& path, bool json)
{
    const QByteArray contents = json ? QJsonDocument(domain::abRunJson(m_request, m_rows)).toJson()
                                     : domain::abRunCsv(m_rows, m_request.preset);
    const QString error = domain::writeExport(path, contents);
    if (m_dialog)
        m_dialog->showStatus(error.isEmpty() ? tr("Saved %1.").arg(path)
                                             : tr("Could not save %1: %2").arg(path, error));
    return error;
}

void AbController::onRow(const domain::AbRow& row)
{
    m_rows << row;
    if (m_dialog) {
        m_dialog->addRow(row);
        if (m_request.preset == domain::AbPreset::WaitingPolicies)
            m_dialog->setPolicySummary(domain::summarizePolicies(m_rows));
        else
            m_dialog->setSummary(domain::summarize(m_rows));
    }
}

void AbController::onEnded(const QString& status)
{
    m_running = false;
    if (m_dialog) {
        m_dialog->setRunning(false);
        m_dialog->showStatus(status);
    }
}

}  // namespace strata::app
