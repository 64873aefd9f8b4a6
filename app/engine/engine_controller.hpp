// The engine's side of the chat: a QObject that lives on its own thread ("strata-engine", owned by
// EngineHost) and owns the loaded model and its session. The GUI reaches it only through queued
// signals and slots, and it never touches a Qt model or widget.
//
//  - loadModel(): opens the GGUF (strata::model::Model::open) on this thread, reporting
//    loadProgress 0 → 0.1 (opening) → 0.9 (template, session) → 1, then modelRunsOn() (where it
//    computes) and modelLoaded() with a short description, or loadFailed() with the engine's
//    readable error. A model that fails to load leaves the one loaded before in place.
//  - send(): builds the prompt from systemPrompt + history with the model's chat template
//    (chat_messages.hpp), prefills only the tokens past the prefix the session's KV cache already
//    holds, then decodes. Each decoded text piece (valid UTF-8) goes through a TokenCoalescer;
//    tokensReady() carries its output. The end is replyFinished() with the metrics, or error()
//    (then no replyFinished()).
//    A chat longer than the context leaves its oldest turns out of the prompt (ContextWindow)
//    and says so once with historyShortened().
//  - prefill(): the same prompt (without the assistant header) and prefix reuse, no decoding (a
//    loaded document), with prefillProgress() per chunk and prefillFinished() at the end (its
//    finish Cancelled, and the tokens read so far kept in the session, after requestStop()).
//  - requestStop() is the one call made directly from the GUI thread: it sets an atomic flag that
//    the engine polls before every token, after every prefill chunk and every few steps of the
//    chat template's render (a hostile template from the GGUF must not outlast Stop), so Stop
//    takes effect within one token even though this thread is busy and its queued slots cannot
//    run. A render ended by Stop finishes the request as Cancelled, like a stopped reply.
//  - requestShutdown() (EngineHost's destructor) stops the running request and every request
//    still queued behind it, so quitting waits for at most one prefill chunk or token.
//  - setExpertWakeAhead(): the user changed "Wake the CPU's workers ahead"; the loaded model's
//    backend takes it at once (Backend::setExpertWakeAhead: a hybrid MoE placement from its next
//    layer, every other backend ignores it), then expertWakeAheadApplied() says so. Queued like
//    every other slot, so during a reply it lands when the reply ends. Without a model it does
//    nothing: the next load takes the mode from its options.
//  - runOnModel() runs the API server's jobs (app/server/engine_job_runner.hpp) on this thread, on
//    the same model and session, in turn with the chat's requests; loadedModel() tells the server's
//    HTTP threads what is loaded.
//  - telemetryLink() is shared with the telemetry thread and the GUI for the same reason: the
//    pool's telemetry and its waiting policy are reached through it while a reply streams
//    (engine_telemetry_link.hpp says how the pool's lifetime is kept safe).
//
// One session, reused by every conversation: a KV cache is the biggest allocation after the
// weights (hundreds of MiB at 4096 tokens for a 7B model), so keeping one per conversation would
// grow without bound. Follow-ups in the same conversation keep the whole previous prompt and
// reply (prefix reuse); switching conversations prefills the other one's prompt once.
#pragma once

#include "app/engine/context_window.hpp"
#include "app/engine/engine_requests.hpp"

#include <QObject>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace strata::model {
class Model;
class Session;
}  // namespace strata::model
namespace strata::chat_template {
class ChatTemplate;
}  // namespace strata::chat_template

namespace strata::app {

class EngineTelemetryLink;

// What is loaded, for the API server's HTTP threads.
struct LoadedModelFacts {
    std::string name;  // the file name without .gguf, as strata-server names its model
    uint32_t contextLength = 0;
};

// The loaded model as work run on the engine thread sees it; every pointer is null while none is.
struct LoadedModelAccess {
    model::Model* model = nullptr;
    model::Session* session = nullptr;
    const chat_template::ChatTemplate* chatTemplate = nullptr;  // null with a model: templateError says why
    std::string templateError;
};

class EngineController : public QObject {
    Q_OBJECT
public:
    explicit EngineController(QObject* parent = nullptr);
    ~EngineController() override;

    // Thread-safe. requestStop(id) stops that request, also when it is still queued (a Stop
    // pressed before this thread picked the request up is not lost); requestStop() stops
    // whatever runs now.
    void requestStop(quint64 requestId);
    void requestStop();
    // Thread-safe. Stops what runs now and every request that starts after it.
    void requestShutdown();
    bool stopRequested() const { return m_stop.load(); }
    // Set in the constructor and never replaced: safe to copy from any thread.
    std::shared_ptr<EngineTelemetryLink> telemetryLink() const { return m_link; }
    // Thread-safe: the loaded model's name and context, nothing while none is loaded.
    std::optional<LoadedModelFacts> loadedModel() const;
    // Engine thread only (queued there with QMetaObject::invokeMethod on this object): runs `work`
    // on the loaded model and session between the chat's requests, so the two never overlap.
    void runOnModel(const std::function<void(const LoadedModelAccess&)>& work);

public slots:
    void loadModel(const QString& path, const strata::app::ModelLoadOptions& options);
    void unloadModel();
    void setExpertWakeAhead(strata::model::ExpertWakeAhead mode);
    void send(const strata::app::ChatTurnRequest& request);
    void prefill(const strata::app::ChatTurnRequest& request);

signals:
    void loadProgress(double fraction);
    // Just before modelLoaded(): "CPU, 8 threads" or "GPU 0: NVIDIA H200" (describePlacement).
    void modelRunsOn(const QString& where);
    void modelLoaded(const QString& path, const QString& description);
    void loadFailed(const QString& path, const QString& message);
    // The loaded model runs with this wake-ahead now (after setExpertWakeAhead(); not without a model).
    void expertWakeAheadApplied(strata::model::ExpertWakeAhead mode);
    void tokensReady(quint64 requestId, const QString& text);
    void replyFinished(quint64 requestId, const strata::app::ReplyMetrics& metrics);
    // After every chunk: `tokensPerSecond` on average since the prefill began, `elapsedSeconds` since then.
    void prefillProgress(quint64 requestId, qint64 tokensDone, qint64 tokensTotal, double tokensPerSecond,
                         double elapsedSeconds);
    void prefillFinished(quint64 requestId, const strata::app::ReplyMetrics& metrics);
    void error(quint64 requestId, const QString& message);
    // The prompt of this request leaves out the conversation's `leftOut` oldest history entries
    // (more than before): the chat shows a quiet notice.
    void historyShortened(quint64 requestId, int leftOut);

private:
    // Clears the stop flag for a new request, unless the GUI already stopped this one.
    void beginRequest(quint64 requestId);
    void endRequest();
    enum class PromptUse { Reply, Document };
    // The prompt tokens for `request`, or nullopt after emitting error() (or, when Stop ended
    // the template's render, the finished signal of `use` with FinishReason::Cancelled).
    std::optional<std::vector<int32_t>> promptFor(const ChatTurnRequest& request, PromptUse use);
    void finishCancelled(quint64 requestId, PromptUse use);
    void setLoadedFacts(std::optional<LoadedModelFacts> facts);
    void run(const ChatTurnRequest& request);
    void runPrefill(const ChatTurnRequest& request);

    const std::shared_ptr<EngineTelemetryLink> m_link;  // before the model: it outlives the attach
    std::unique_ptr<model::Model> m_model;
    std::unique_ptr<model::Session> m_session;
    std::unique_ptr<chat_template::ChatTemplate> m_template;
    QString m_templateError;  // why the model's template cannot be used (empty: it can)
    ContextWindow m_window;
    mutable std::mutex m_factsMutex;  // guards m_facts, read by the API server's threads
    std::optional<LoadedModelFacts> m_facts;

    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_shutdown{false};    // sticky: beginRequest() keeps m_stop set
    std::atomic<quint64> m_running{0};      // the request this thread works on (0: none)
    std::atomic<quint64> m_stoppedUpTo{0};  // every request id up to this one was stopped
};

}  // namespace strata::app
