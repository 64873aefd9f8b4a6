// The app's API server on the GUI thread: starts and stops it from the Server panel, keeps its
// settings (domain/settings/server_preferences.hpp), and passes what it does back to the panel.
//
// Threads: the ApiServer (the same code as strata-server) accepts on "strata-server" (ServerWorker,
// an OwnedThread) and serves each connection on httplib's threads; its jobs run on the engine thread
// through EngineJobRunner, in turn with the chat. The request log and the token rate come from those
// threads as queued signals (requestLogged, tokenRate); nothing here is touched from them.
//
// Stopping is asynchronous: stop() cancels the jobs, closes the listening socket and returns;
// stopped() comes when the accept loop and its connections have ended. The destructor waits for it.
#pragma once

#include "domain/settings/server_preferences.hpp"
#include "domain/threading/owned_thread.hpp"

#include <QObject>
#include <memory>

namespace strata::server {
class ApiServer;
struct RequestRecord;
}  // namespace strata::server

namespace strata::app {

class EngineController;
class EngineJobRunner;
class ServerWorker;

class ServerController : public QObject {
    Q_OBJECT
public:
    ServerController(QSettings& settings, EngineController* engine, QObject* parent = nullptr);
    ~ServerController() override;

    const domain::ServerPreferences& preferences() const { return m_preferences; }
    bool isRunning() const { return m_api != nullptr; }
    // The port it listens on (the chosen one when the settings say 0); 0 while stopped.
    quint16 port() const { return m_port; }

    // A one-line text for the request log (the panel's format).
    static QString logLine(const server::RequestRecord& record);

public slots:
    // Saves `preferences` (enabled) and starts serving; on refusal (another address than loopback
    // without a key, the port taken) emits failed() with the reason and stays stopped.
    void start(const strata::domain::ServerPreferences& preferences);
    // Saves "disabled" and stops; stopped() follows.
    void stop();
    // Starts when the saved settings say the server was on (the app's start).
    void startIfEnabled();

signals:
    void started(const QString& url);
    void stopped();
    void failed(const QString& message);
    void requestLogged(const QString& line);
    void tokenRate(double tokensPerSecond);

private:
    void onWorkerFinished(bool acceptFailed);
    void save(bool enabled);

    domain::ServerPreferencesStore m_store;
    domain::ServerPreferences m_preferences;
    EngineController* m_engine;
    domain::OwnedThread<ServerWorker> m_thread;
    // Both live from start() until the worker reports the accept loop ended; the runner outlives
    // the server that uses it.
    std::unique_ptr<EngineJobRunner> m_runner;
    std::unique_ptr<server::ApiServer> m_api;
    quint16 m_port = 0;
    bool m_stopping = false;
};

}  // namespace strata::app
