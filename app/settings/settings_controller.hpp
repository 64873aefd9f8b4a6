// Owns the app-wide preferences on the GUI thread: loads them at start, applies them (theme at
// once; load options and sampling defaults to the chat coordinator, used by the next load and the
// next new chat; a changed wake-ahead also to the loaded model at once, queued to the engine
// thread), saves them on Apply, and runs the settings dialog, telling it which engine settings the
// loaded model runs with so it can offer a reload.
#pragma once

#include "app/engine/engine_requests.hpp"
#include "app/settings/theme.hpp"
#include "domain/settings/preferences_store.hpp"

#include <QObject>
#include <QPointer>

class QWidget;

namespace strata::ui {
class SettingsDialog;
}

namespace strata::app {

class ChatCoordinator;
class EngineController;

class SettingsController : public QObject {
    Q_OBJECT
public:
    // expertStateFolder: where a MoE model's expert cache keeps its state per model
    // (ModelLoadOptions::expertStateFolder; empty: not kept).
    SettingsController(QSettings& settings, ChatCoordinator& coordinator, EngineController* engine,
                       const QString& expertStateFolder = {}, QObject* parent = nullptr);

    const domain::Preferences& preferences() const { return m_preferences; }
    ui::SettingsDialog* dialog() const;

public slots:
    void openDialog(QWidget* parent);
    void apply(const strata::domain::Preferences& preferences);

signals:
    // Queued to EngineController::setExpertWakeAhead: the loaded model switches without a reload.
    void expertWakeAheadChosen(strata::model::ExpertWakeAhead mode);

private:
    void updateDialogModelState();
    ModelLoadOptions loadOptions() const;

    domain::PreferencesStore m_store;
    ThemeApplier m_theme;
    ChatCoordinator& m_coordinator;
    domain::Preferences m_preferences;
    const QString m_expertStateFolder;
    QPointer<ui::SettingsDialog> m_dialog;
};

}  // namespace strata::app
