#include "app/server/server_controller.hpp"

#include "app/server/engine_job_runner.hpp"
#include "app/server/server_worker.hpp"
#include "server/api_server.hpp"

#include <QTime>

namespace strata::app {

ServerController::ServerController(QSettings& settings, EngineController* engine, QObject* parent)
    : QObject(parent), m_store(settings), m_preferences(m_store.load()), m_engine(engine),
      m_thread(QStringLiteral("strata-server"), std::make_unique<ServerWorker>())
{
    connect(m_thread.worker(), &ServerWorker::finished, this, &ServerController::onWorkerFinished,
            Qt::QueuedConnection);
}

ServerController::~ServerController()
{
    if (m_api) {
        m_runner->cancelAll();
        m_api->stop();
    }
    // Waits for the accept loop and its connections (each bounded by the server's read, write and
    // keep-alive timeouts); the worker's finished() is dropped with this object.
    m_thread.stop();
    if (m_runner)
        m_runner->setRateObserver({});
    m_api.reset();
    m_runner.reset();
}

QString ServerController::logLine(const server::RequestRecord& r)
{
    QString line =
        QStringLiteral("%1  %2  %3 %4  %5  %6 ms")
            .arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")), QString::fromStdString(r.remoteAddress),
                 QString::fromStdString(r.method), QString::fromStdString(r.path))
            .arg(r.status)
            .arg(r.duration.count());
    if (r.metrics)
        line += tr("  ·  %1 prompt tokens (%2 reused), %3 generated, %4 tok/s")
                    .arg(r.metrics->promptTokens)
                    .arg(r.metrics->reusedTokens)
                    .arg(r.metrics->generatedTokens)
                    .arg(r.metrics->decodeTokensPerSecond, 0, 'f', 1);
    return line;
}

void ServerController::save(bool enabled)
{
    m_preferences.enabled = enabled;
    m_store.save(m_preferences);
}

void ServerController::startIfEnabled()
{
    if (m_preferences.enabled)
        start(m_preferences);
}

void ServerController::start(const domain::ServerPreferences& preferences)
{
    if (m_api) {
        emit failed(m_stopping ? tr("The server is still stopping; start it again in a moment.")
                               : tr("The server is already running."));
        return;
    }
    m_preferences = preferences;
    m_preferences.host = preferences.host.trimmed();
    m_preferences.apiKey = preferences.apiKey.trimmed();
    if (const std::optional<QString> why = domain::whyServerCannotStart(m_preferences)) {
        save(false);
        emit failed(*why);
        return;
    }
    server::ServerConfig config;
    config.host = m_preferences.host.toStdString();
    config.port = quint16(m_preferences.port);
    config.apiKey = m_preferences.apiKey.toStdString();
    config.headerTimeout = std::chrono::seconds(m_preferences.headerTimeoutSeconds);
    config.modelId = "strata";  // not used: the runner names the loaded model
    auto runner = std::make_unique<EngineJobRunner>(m_engine);
    std::unique_ptr<server::ApiServer> api;
    try {
        api = std::make_unique<server::ApiServer>(*runner, config);
        m_port = api->bind();
    } catch (const std::exception& e) {
        save(false);
        emit failed(tr("The server cannot start: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    // Both are called on other threads (the engine's, httplib's): the signals are queued to the panel.
    runner->setRateObserver([this](double rate) { emit tokenRate(rate); });
    api->setRequestObserver([this](const server::RequestRecord& record) { emit requestLogged(logLine(record)); });
    m_runner = std::move(runner);
    m_api = std::move(api);
    save(true);
    ServerWorker* worker = m_thread.worker();
    QMetaObject::invokeMethod(
        worker, [worker, api = m_api.get()] { worker->serve(*api); }, Qt::QueuedConnection);
    const QString host = m_preferences.host.contains(u':') ? u'[' + m_preferences.host + u']' : m_preferences.host;
    emit started(QStringLiteral("http://%1:%2/v1").arg(host).arg(m_port));
}

void ServerController::stop()
{
    if (!m_api) {
        save(false);
        return;
    }
    if (m_stopping)
        return;
    m_stopping = true;
    save(false);
    m_runner->cancelAll();
    m_api->stop();  // thread-safe; the worker's finished() follows when its connections have closed
}

void ServerController::onWorkerFinished(bool acceptFailed)
{
    const bool unexpected = !m_stopping;
    m_runner->setRateObserver({});
    m_api.reset();
    m_runner.reset();
    m_port = 0;
    m_stopping = false;
    emit stopped();
    if (unexpected && acceptFailed)
        emit failed(tr("The server stopped: it could not accept connections."));
}

}  // namespace strata::app
