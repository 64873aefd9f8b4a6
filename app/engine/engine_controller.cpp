#include "app/engine/engine_controller.hpp"

#include <QFileInfo>

namespace strata::app {

EngineController::EngineController(QObject* parent) : QObject(parent)
{
    setObjectName(QStringLiteral("engineController"));
}

void EngineController::requestStop()
{
    m_stop.store(true, std::memory_order_relaxed);
}

// The engine cannot run models yet ([model], issue 6): every load fails, and says why.
void EngineController::loadModel(const QString& path, const ModelLoadOptions& /*options*/)
{
    m_stop.store(false, std::memory_order_relaxed);
    const QFileInfo file(path);
    if (!file.exists()) {
        emit loadFailed(path, tr("The file %1 does not exist.").arg(path));
        return;
    }
    if (!file.isReadable()) {
        emit loadFailed(path, tr("The file %1 cannot be read.").arg(path));
        return;
    }
    emit loadFailed(path, tr("No engine available yet: this build of Strata cannot run models, so %1 "
                             "was not loaded.")
                              .arg(file.fileName()));
}

void EngineController::unloadModel()
{
    emit modelUnloaded();
}

void EngineController::send(const ChatTurnRequest& request)
{
    m_stop.store(false, std::memory_order_relaxed);
    emit error(request.requestId, tr("No model is loaded. Open a GGUF model to chat."));
}

void EngineController::prefill(const ChatTurnRequest& request)
{
    m_stop.store(false, std::memory_order_relaxed);
    emit error(request.requestId, tr("No model is loaded. Open a GGUF model before loading a document."));
}

}  // namespace strata::app
