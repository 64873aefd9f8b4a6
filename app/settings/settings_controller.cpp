#include "app/settings/settings_controller.hpp"

#include "app/chat_coordinator.hpp"
#include "app/engine/engine_controller.hpp"
#include "app/settings/engine_preferences.hpp"
#include "strata/core/build_info.hpp"
#include "strata/pool/cpu_topology.hpp"
#include "ui/settings/settings_dialog.hpp"

namespace strata::app {

SettingsController::SettingsController(QSettings& settings, ChatCoordinator& coordinator, EngineController* engine,
                                       const QString& expertStateFolder, QObject* parent)
    : QObject(parent), m_store(settings), m_coordinator(coordinator), m_preferences(m_store.load()),
      m_expertStateFolder(expertStateFolder)
{
    // At start nothing changed, so nothing is saved: only applied. "system" leaves the platform's
    // palette untouched (an application-set palette would stop following the platform's changes).
    if (m_preferences.theme != QLatin1String("system"))
        m_theme.apply(m_preferences.theme);
    m_coordinator.setLoadOptions(loadOptions());
    m_coordinator.setNewConversationSettings({QString(), m_preferences.sampling});
    // The coordinator records the options on its own (queued) modelLoaded connection, made
    // before this one, so the dialog reads the new state.
    connect(engine, &EngineController::modelLoaded, this, &SettingsController::updateDialogModelState,
            Qt::QueuedConnection);
    connect(this, &SettingsController::expertWakeAheadChosen, engine, &EngineController::setExpertWakeAhead,
            Qt::QueuedConnection);
    // The same order for a wake-ahead the loaded model switched to.
    connect(engine, &EngineController::expertWakeAheadApplied, this, &SettingsController::updateDialogModelState,
            Qt::QueuedConnection);
}

ui::SettingsDialog* SettingsController::dialog() const
{
    return m_dialog;
}

void SettingsController::openDialog(QWidget* parent)
{
    if (!m_dialog) {
        // hwloc's count, read when the dialog opens (cheap, and the engine uses the same number).
        const int cores = int(pool::detectCpuTopology().physicalCoreCount());
        // The GPUs the engine can use, asked once per dialog: without a driver the runtime says so
        // at once; with one, the driver starts (no context is created).
        m_dialog = new ui::SettingsDialog(m_preferences, cores, probeCudaRuntime().devices, parent);
        m_dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_dialog, &ui::SettingsDialog::applied, this, &SettingsController::apply);
        connect(m_dialog, &ui::SettingsDialog::reloadRequested, &m_coordinator, &ChatCoordinator::reloadModel);
    }
    updateDialogModelState();
    m_dialog->show();
    m_dialog->raise();
    m_dialog->activateWindow();
}

void SettingsController::apply(const domain::Preferences& preferences)
{
    if (preferences.theme != m_preferences.theme)
        m_theme.apply(preferences.theme);
    const bool wakeAheadChanged = preferences.engine.expertWakeAhead != m_preferences.engine.expertWakeAhead;
    m_preferences = preferences;
    m_store.save(m_preferences);
    m_coordinator.setLoadOptions(loadOptions());
    m_coordinator.setNewConversationSettings({QString(), m_preferences.sampling});
    // After the load options: a load requested from now on carries the new mode too.
    if (wakeAheadChanged)
        emit expertWakeAheadChosen(m_preferences.engine.expertWakeAhead);
    updateDialogModelState();
}

ModelLoadOptions SettingsController::loadOptions() const
{
    ModelLoadOptions options = loadOptionsFrom(m_preferences.engine);
    options.expertStateFolder = m_expertStateFolder;
    return options;
}

void SettingsController::updateDialogModelState()
{
    if (!m_dialog)
        return;
    const std::optional<ModelLoadOptions>& loaded = m_coordinator.loadedOptions();
    m_dialog->setLoadedEngine(loaded ? std::optional(enginePreferencesFrom(*loaded)) : std::nullopt);
}

}  // namespace strata::app
