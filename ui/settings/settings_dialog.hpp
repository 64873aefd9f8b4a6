// The settings dialog: engine tuning, sampling defaults for new chats, theme and language.
// It only shows and forwards: applied() carries the edited preferences to app/ (which saves and
// applies them), and app/ tells it which engine settings the loaded model runs with, so the dialog
// can say when a reload is needed and offer one.
#pragma once

#include "domain/settings/preferences.hpp"
#include "strata/core/build_info.hpp"

#include <QDialog>
#include <optional>
#include <vector>

class QLabel;
class QPushButton;
class QTabWidget;
class QFrame;

namespace strata::ui {

class AppearancePage;
class EngineSettingsPage;
class SamplingSettingsForm;

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    // physicalCores and gpus: what the engine page offers (see EngineSettingsPage).
    SettingsDialog(const domain::Preferences& preferences, int physicalCores, const std::vector<CudaDeviceInfo>& gpus,
                   QWidget* parent = nullptr);

    domain::Preferences preferences() const;
    // True while the engine settings shown differ from those of the loaded model.
    bool reloadNeeded() const;

public slots:
    // nullopt: no model loaded (engine settings take effect with the next load).
    void setLoadedEngine(const std::optional<strata::domain::EnginePreferences>& loadedWith);
    void apply();

signals:
    void applied(const strata::domain::Preferences& preferences);
    void reloadRequested();

private:
    void updateReloadNotice();

    QTabWidget* m_tabs;
    EngineSettingsPage* m_engine;
    SamplingSettingsForm* m_sampling;
    AppearancePage* m_appearance;
    QFrame* m_reloadNotice;
    QLabel* m_reloadText;
    QPushButton* m_reloadButton;
    std::optional<domain::EnginePreferences> m_loadedWith;
};

}  // namespace strata::ui
