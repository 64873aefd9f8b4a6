// The engine's side of the chat: a QObject that lives on its own thread ("strata-engine", owned by
// EngineHost) and owns the loaded model and its sessions. The GUI reaches it only through queued
// signals and slots, and it never touches a Qt model or widget.
//
// Contract with the engine's session API ([model], issue 6), to be wired in engine_controller.cpp:
//  - loadModel(): open the GGUF with ModelLoadOptions, reporting loadProgress(0..1) from the
//    engine's load callback; then modelLoaded() or loadFailed() with the engine's readable error.
//  - send(): build the prompt from systemPrompt + history with the model's chat template, prefill
//    only the tokens past the prefix already in the session's KV cache, then decode. Each decoded
//    text piece (valid UTF-8) goes through a TokenCoalescer; tokensReady() carries its output. The
//    end is replyFinished() with the metrics, or error() (then no replyFinished()).
//  - prefill(): the same prompt building and prefix reuse without decoding (a loaded document),
//    with prefillProgress() as chunks complete and prefillFinished() at the end.
//  - requestStop() is the one call made directly from the GUI thread: it sets an atomic flag that
//    the engine's cancellation callback polls between tokens and prefill chunks, so Stop takes
//    effect within one token even though this thread is busy and its queued slots cannot run.
#pragma once

#include "app/engine/engine_requests.hpp"

#include <QObject>
#include <atomic>

namespace strata::app {

class EngineController : public QObject {
    Q_OBJECT
public:
    explicit EngineController(QObject* parent = nullptr);

    // Thread-safe; see above.
    void requestStop();
    bool stopRequested() const { return m_stop.load(std::memory_order_relaxed); }

public slots:
    void loadModel(const QString& path, const strata::app::ModelLoadOptions& options);
    void unloadModel();
    void send(const strata::app::ChatTurnRequest& request);
    void prefill(const strata::app::ChatTurnRequest& request);

signals:
    void loadProgress(double fraction);
    void modelLoaded(const QString& path, const QString& description);
    void loadFailed(const QString& path, const QString& message);
    void modelUnloaded();
    void tokensReady(quint64 requestId, const QString& text);
    void replyFinished(quint64 requestId, const strata::app::ReplyMetrics& metrics);
    void prefillProgress(quint64 requestId, qint64 tokensDone, qint64 tokensTotal, double tokensPerSecond);
    void prefillFinished(quint64 requestId, const strata::app::ReplyMetrics& metrics);
    void error(quint64 requestId, const QString& message);

private:
    std::atomic<bool> m_stop{false};
};

}  // namespace strata::app
