// Builds the running app and owns its long-lived parts, in dependency order: settings, the chat
// store, the conversation list, the engine thread, the window and what connects them. Nothing is
// global; tests build an Application of their own on a temporary database.
#pragma once

#include "app/engine/engine_host.hpp"
#include "app/recent_models.hpp"
#include "app/remote/remote_host.hpp"
#include "app/remote/remote_keys.hpp"
#include "domain/models/model_services.hpp"
#include "domain/storage/chat_store.hpp"
#include "domain/storage/conversation_list_model.hpp"
#include "ui/main_window.hpp"

#include <QSettings>
#include <memory>

namespace strata::app {

class AbController;
class ChatCoordinator;
class SettingsController;
class PerformanceWiring;
class ServerController;

class Application {
public:
    // The chat database's usual place: chats.sqlite in the data folder (domain::dataFolder()).
    static QString defaultDatabasePath();

    explicit Application(const QString& databasePath = defaultDatabasePath());
    ~Application();

    ui::MainWindow& window() { return m_window; }
    domain::ChatStore& store() { return m_store; }
    ChatCoordinator& coordinator() { return *m_coordinator; }
    SettingsController& settings() { return *m_settingsController; }
    EngineHost& engine() { return m_engine; }
    RemoteKeys& remoteKeys() { return m_remoteKeys; }
    PerformanceWiring& performance() { return *m_performance; }
    domain::models::ModelServices& modelServices() { return m_modelServices; }
    // Shows the window and, when `modelPath` is not empty, loads that model (`strata model.gguf`);
    // a file that cannot be opened is reported in the chat like any other load.
    void show(const QString& modelPath = {});
    ServerController& server() { return *m_server; }

private:
    void wireServer();

    QSettings m_settings;
    domain::ChatStore m_store;
    domain::ConversationListModel m_conversations;
    RecentModels m_recentModels;
    EngineHost m_engine;
    RemoteHost m_remote;      // the chat's engine for a model on a remote server ("strata-remote")
    RemoteKeys m_remoteKeys;  // their API keys: the keychain, or this session only
    domain::models::ModelServices m_modelServices;  // before the window: its model manager dialogs use them
    ui::MainWindow m_window;
    std::unique_ptr<ChatCoordinator> m_coordinator;
    std::unique_ptr<SettingsController> m_settingsController;  // Tools > Settings
    std::unique_ptr<AbController> m_abRuns;                    // Tools > A/B run (its own thread)
    std::unique_ptr<PerformanceWiring> m_performance;          // after the window state: it reads which panels are open
    std::unique_ptr<ServerController> m_server;  // Tools > API server; goes first: its jobs run on the engine thread
};

}  // namespace strata::app
