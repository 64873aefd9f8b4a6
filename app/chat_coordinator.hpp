// Connects one main window to the chat store and the engine thread (GUI thread only).
// It turns the window's intent (send, stop, regenerate, edit, load a model or a document) into
// store changes and queued engine requests, and the engine's replies into the chat view and the
// store: a streamed reply is saved every 0.5 s while it grows and once more when it ends.
// A model is either the engine thread's (a GGUF file) or a remote server's (RemoteChatClient): both
// take the same queued requests and answer with the same signals, so only where a request goes
// depends on which one is chosen.
// The shown conversation's messages are also kept in memory (ConversationHistory), in step with
// every change made to the store, so that a send never reads the database on the GUI thread.
#pragma once

#include "app/engine/engine_requests.hpp"
#include "app/recent_model_descriptions.hpp"
#include "domain/chat/conversation_history.hpp"
#include "domain/chat/prefill_estimate.hpp"

#include <QObject>
#include <QTimer>
#include <optional>

namespace strata::ui {
class ChatPanel;
class ChatView;
class ConversationSidebar;
class MainWindow;
class ModelSelector;
}  // namespace strata::ui

namespace strata::domain {
class ChatStore;
class ConversationListModel;
}  // namespace strata::domain

namespace strata::app {

class EngineController;
class RecentModels;
class RemoteChatClient;
class RemoteKeys;

class ChatCoordinator : public QObject {
    Q_OBJECT
public:
    // How often a reply being generated is written to the store (a kill loses at most this much).
    static constexpr int kSaveIntervalMs = 500;

    ChatCoordinator(domain::ChatStore& store, domain::ConversationListModel& conversations, EngineController* engine,
                    RemoteChatClient* remote, RemoteKeys& remoteKeys, RecentModels& recentModels,
                    ui::MainWindow& window, QObject* parent = nullptr);

    qint64 currentConversation() const { return m_conversationId; }
    // The shown conversation's messages as stored (what the next request's history is built from).
    const QList<domain::ChatMessage>& history() const { return m_history.messages(); }
    bool isReplying() const { return m_active.has_value(); }
    const QString& modelPath() const { return m_modelPath; }
    bool isRemoteModel() const { return m_remoteModel; }
    // The model file the engine holds (empty: none yet). It stays loaded while a remote model is
    // chosen, and it is what the A/B runs compare the waiting policies on: a server has no pool.
    const QString& localModelPath() const { return m_localModelPath; }
    // What the loaded model runs with (nullopt: none loaded yet): its load options, with the
    // wake-ahead the engine switched it to since (EngineController::expertWakeAheadApplied).
    const std::optional<ModelLoadOptions>& loadedOptions() const { return m_loadedOptions; }
    // The settings panel's part: what the next load uses, what a new conversation starts with.
    void setLoadOptions(const ModelLoadOptions& options) { m_loadOptions = options; }
    void setNewConversationSettings(const domain::ConversationSettings& settings)
    {
        m_newConversationSettings = settings;
    }

public slots:
    void newConversation();
    void selectConversation(qint64 id);
    void deleteConversation(qint64 id);
    void send(const QString& text);
    void editAndResend(qint64 messageId, const QString& text);
    void regenerate();
    void stop();
    void loadModel(const QString& path);
    void loadRemoteModel(const QString& path, const QString& apiKey);  // a key typed in "Remote server..."
    void reloadModel();  // the loaded model again, with the current load options (not while replying)
    void loadDocument(const QString& name, const QString& text);
    void editSettings();
    void saveSettings(const strata::domain::ConversationSettings& settings);
    void showStoreError(const QString& message);

signals:
    // Queued to the EngineController.
    void loadRequested(const QString& path, const strata::app::ModelLoadOptions& options);
    void sendRequested(const strata::app::ChatTurnRequest& request);
    void prefillRequested(const strata::app::ChatTurnRequest& request);
    // Queued to the RemoteChatClient.
    void remoteLoadRequested(const QString& path, const QString& apiKey);
    void remoteSendRequested(const strata::app::ChatTurnRequest& request);
    void remoteStopRequested(quint64 requestId);
    void remoteModelsRequested(const QString& baseUrl, const QString& apiKey);
    void remoteKeyForgotten(const QString& baseUrl);

private:
    struct ActiveRequest {
        quint64 requestId = 0;
        qint64 conversationId = 0;
        bool prefillOnly = false;
        bool remote = false;   // sent to the remote server
        qint64 messageId = 0;  // the stored reply, created with its first text
        QString raw;           // the reply as the model wrote it, <think> tags included
    };

    void connectWindow();
    void showConversation(qint64 id);
    void connectEngine(EngineController* engine);
    void connectRemote(RemoteChatClient* remote);
    template <class Engine>
    void connectReplies(Engine* engine);
    void stopActive();
    bool ensureConversation(const QString& firstText);
    // Stores a new message (and adds it to the history when that conversation is shown); the message
    // as stored, id included, or nullopt after showing the store's error. `touch`: move the
    // conversation to the top of the sidebar now (false: the caller does it later).
    std::optional<domain::ChatMessage> addMessage(qint64 conversationId, domain::ChatRole role, const QString& content,
                                                  const QJsonObject& metrics = {}, bool touch = true);
    void loadConversation();  // reads the shown conversation from the store, then shows it
    void showHistory();       // rebuilds the view from the history in memory
    void startRequest(bool prefillOnly);
    void saveReply(const QJsonObject& metrics);
    void endRequest();
    bool isShown(const ActiveRequest& request) const { return request.conversationId == m_conversationId; }

    void onTokens(quint64 requestId, const QString& text);
    void onReplyFinished(quint64 requestId, const ReplyMetrics& metrics);
    void onPrefillProgress(quint64 requestId, qint64 done, qint64 total, double elapsedSeconds);
    void onPrefillFinished(quint64 requestId, const ReplyMetrics& metrics);
    void onError(quint64 requestId, const QString& message);
    void onHistoryShortened(quint64 requestId, int leftOut);
    void onModelLoaded(const QString& path, const QString& description);
    void showRecentModels();
    void onLoadFailed(const QString& path, const QString& message);

    domain::ChatStore& m_store;
    domain::ConversationListModel& m_conversations;
    EngineController* m_engine;
    RemoteKeys& m_remoteKeys;
    RecentModels& m_recentModels;
    // The views it drives, each through its own methods; taken from the window once.
    ui::MainWindow& m_window;
    ui::ChatPanel& m_chatPanel;
    ui::ChatView& m_chatView;
    ui::ConversationSidebar& m_sidebar;
    ui::ModelSelector& m_modelSelector;
    qint64 m_conversationId = 0;
    QString m_modelPath;
    bool m_remoteModel = false;  // m_modelPath names a remote server's model
    QString m_localModelPath;
    QString m_modelRunsOn;  // the status line's "CPU, 8 threads" / "GPU 0: ..." of the loaded model
    ModelLoadOptions m_loadOptions;
    ModelLoadOptions m_requestedOptions;  // of the load in flight
    std::optional<ModelLoadOptions> m_loadedOptions;
    domain::ConversationSettings m_newConversationSettings;
    quint64 m_nextRequestId = 1;
    std::optional<ActiveRequest> m_active;
    domain::ConversationHistory m_history;      // of m_conversationId
    domain::PrefillEstimate m_prefillEstimate;  // of the document being read
    quint64 m_viewGeneration = 0;  // counts showHistory(): a deferred view change made before it is dropped
    QTimer m_saveTimer;
    RecentModelDescriptions m_recentDescriptions;
};

}  // namespace strata::app
