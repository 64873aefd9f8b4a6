#include "app/application.hpp"

#include "app/ab/ab_controller.hpp"
#include "app/chat_coordinator.hpp"
#include "app/engine/engine_controller.hpp"
#include "app/server/server_controller.hpp"
#include "app/settings/settings_controller.hpp"
#include "app/telemetry/performance_wiring.hpp"
#include "domain/storage/data_folder.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/chat_view.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/server/server_panel.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace strata::app {

QString Application::defaultDatabasePath()
{
    return domain::dataFolder() + QStringLiteral("/chats.sqlite");
}

namespace {
// Opens the store before anything reads it; the path's folder is created on first start.
domain::ChatStore& openStore(domain::ChatStore& store, const QString& path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    store.open(path);
    return store;
}
}  // namespace

Application::Application(const QString& databasePath)
    : m_conversations(openStore(m_store, databasePath)), m_recentModels(m_settings),
      m_remote(m_engine.controller()->telemetryLink()),  // remote tokens count in the token-rate panel too
      // "remote/useKeychain" false: keys only for the session (tests, and users who want no keychain)
      m_remoteKeys(m_settings.value(QStringLiteral("remote/useKeychain"), true).toBool()
                       ? RemoteKeys::Storage::Keychain
                       : RemoteKeys::Storage::SessionOnly),
      m_modelServices(m_settings)
{
    m_coordinator = std::make_unique<ChatCoordinator>(m_store, m_conversations, m_engine.controller(),
                                                      m_remote.client(), m_remoteKeys, m_recentModels, m_window);
    if (!m_store.isOpen())
        m_window.chatPanel()->chatView()->showNotice(
            QCoreApplication::translate("Application", "Chats cannot be saved in this session: %1")
                .arg(m_store.lastError()),
            true);
    // "Load in chat" from the model manager goes through the model selector like any other load.
    m_window.setModelServices(&m_modelServices);
    QObject::connect(&m_modelServices, &domain::models::ModelServices::loadInChatRequested, m_window.modelSelector(),
                     &ui::ModelSelector::loadRequested);
    // A model opened from outside the library's folders is listed there, added by hand, from now on.
    QObject::connect(
        m_engine.controller(), &EngineController::modelLoaded, &m_window,
        [this](const QString& path) { m_modelServices.library().addOpenedFile(path); }, Qt::QueuedConnection);
    // Beside the chats' database (the app's data folder): one learnt expert cache state per MoE model.
    m_settingsController = std::make_unique<SettingsController>(
        m_settings, *m_coordinator, m_engine.controller(),
        QFileInfo(databasePath).absoluteDir().filePath(QStringLiteral("expert-cache")));
    QObject::connect(&m_window, &ui::MainWindow::settingsRequested, &m_window,
                     [this] { m_settingsController->openDialog(&m_window); });
    m_abRuns = std::make_unique<AbController>();
    QObject::connect(&m_window, &ui::MainWindow::abRunRequested, &m_window,
                     [this] { m_abRuns->openDialog(&m_window, m_coordinator->localModelPath()); });
    QObject::connect(m_engine.controller(), &EngineController::modelLoaded, m_abRuns.get(), &AbController::setModelPath,
                     Qt::QueuedConnection);
    m_window.restoreWindowState(m_settings);
    m_performance = std::make_unique<PerformanceWiring>(m_settings, *m_engine.controller(), m_window);
    QObject::connect(&m_window, &ui::MainWindow::closing, &m_window, [this] { m_window.saveWindowState(m_settings); });
    wireServer();
}

void Application::wireServer()
{
    m_server = std::make_unique<ServerController>(m_settings, m_engine.controller());
    ui::ServerPanel* panel = m_window.serverPanel();
    panel->setPreferences(m_server->preferences());
    QObject::connect(panel, &ui::ServerPanel::startRequested, m_server.get(), &ServerController::start);
    QObject::connect(panel, &ui::ServerPanel::stopRequested, m_server.get(), &ServerController::stop);
    QObject::connect(m_server.get(), &ServerController::started, panel, &ui::ServerPanel::showStarted);
    QObject::connect(m_server.get(), &ServerController::stopped, panel, &ui::ServerPanel::showStopped);
    QObject::connect(m_server.get(), &ServerController::failed, panel, &ui::ServerPanel::showError);
    // Emitted on httplib's and the engine's threads: queued to the panel on the GUI thread.
    QObject::connect(m_server.get(), &ServerController::requestLogged, panel, &ui::ServerPanel::appendLog,
                     Qt::QueuedConnection);
    QObject::connect(m_server.get(), &ServerController::tokenRate, panel, &ui::ServerPanel::showTokensPerSecond,
                     Qt::QueuedConnection);
    m_server->startIfEnabled();  // on when the user left it on
}

// The server goes before the engine thread it queues jobs to (the members after it would go first).
Application::~Application()
{
    m_server.reset();
}

void Application::show(const QString& modelPath)
{
    m_window.show();
    if (!modelPath.isEmpty())
        m_coordinator->loadModel(modelPath);
}

}  // namespace strata::app
