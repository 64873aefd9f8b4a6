#include "app/chat_coordinator.hpp"

#include "app/engine/engine_controller.hpp"
#include "app/recent_models.hpp"
#include "app/remote/remote_chat_client.hpp"
#include "app/remote/remote_keys.hpp"
#include "domain/chat/think_tag_splitter.hpp"
#include "domain/remote/remote_endpoint.hpp"
#include "domain/storage/chat_store.hpp"
#include "domain/storage/conversation_list_model.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/chat_view.hpp"
#include "ui/chat/conversation_sidebar.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/main_window.hpp"

#include <QDateTime>
#include <QLocale>

namespace strata::app {

namespace {
// A new chat is named after the start of its first message. An empty title is the state "not
// named yet": the list shows it as "New chat" in the current language, and the first message names it.
QString titleFrom(const QString& text)
{
    QString title = text.simplified();
    if (title.size() > 48)
        title = title.left(47) + QChar(0x2026);
    return title;
}
}  // namespace

ChatCoordinator::ChatCoordinator(domain::ChatStore& store, domain::ConversationListModel& conversations,
                                 EngineController* engine, RemoteChatClient* remote, RemoteKeys& remoteKeys,
                                 RecentModels& recentModels, ui::MainWindow& window, QObject* parent)
    : QObject(parent), m_store(store), m_conversations(conversations), m_engine(engine), m_remoteKeys(remoteKeys),
      m_recentModels(recentModels), m_window(window), m_chatPanel(*window.chatPanel()),
      m_chatView(*window.chatPanel()->chatView()), m_sidebar(*window.sidebar()),
      m_modelSelector(*window.modelSelector())
{
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(kSaveIntervalMs);
    connect(&m_saveTimer, &QTimer::timeout, this, [this] { saveReply({}); });
    connect(&m_recentDescriptions, &RecentModelDescriptions::described, &m_modelSelector,
            &ui::ModelSelector::setModelDescription);
    connectWindow();
    connectEngine(engine);
    connectRemote(remote);
    showRecentModels();
    m_window.setModelLoaded(false);
    m_sidebar.setModel(&m_conversations);
    connect(&m_conversations, &domain::ConversationListModel::storeError, this, &ChatCoordinator::showStoreError);
    if (m_conversations.rowCount() > 0)
        showConversation(m_conversations.index(0).data(domain::ConversationListModel::IdRole).toLongLong());
}

void ChatCoordinator::showConversation(qint64 id)
{
    m_sidebar.selectConversation(id);  // the sidebar does not report selections made in code
    selectConversation(id);
}

void ChatCoordinator::connectWindow()
{
    ui::ConversationSidebar* sidebar = &m_sidebar;
    connect(sidebar, &ui::ConversationSidebar::newConversationRequested, this, &ChatCoordinator::newConversation);
    connect(sidebar, &ui::ConversationSidebar::conversationSelected, this, &ChatCoordinator::selectConversation);
    connect(sidebar, &ui::ConversationSidebar::deleteRequested, this, &ChatCoordinator::deleteConversation);
    connect(sidebar, &ui::ConversationSidebar::searchChanged, &m_conversations,
            &domain::ConversationListModel::setFilter);

    ui::ChatPanel* panel = &m_chatPanel;
    connect(panel, &ui::ChatPanel::sendRequested, this, &ChatCoordinator::send);
    connect(panel, &ui::ChatPanel::editAndResendRequested, this, &ChatCoordinator::editAndResend);
    connect(panel, &ui::ChatPanel::regenerateRequested, this, &ChatCoordinator::regenerate);
    connect(panel, &ui::ChatPanel::stopRequested, this, &ChatCoordinator::stop);

    connect(&m_modelSelector, &ui::ModelSelector::loadRequested, this, &ChatCoordinator::loadModel);
    connect(&m_window, &ui::MainWindow::documentLoadRequested, this, &ChatCoordinator::loadDocument);
    connect(&m_window, &ui::MainWindow::conversationSettingsRequested, this, &ChatCoordinator::editSettings);
    connect(&m_window, &ui::MainWindow::conversationSettingsChanged, this, &ChatCoordinator::saveSettings);
}

void ChatCoordinator::connectEngine(EngineController* engine)
{
    // Requests cross to the engine thread as queued calls; replies come back queued to this thread.
    connect(this, &ChatCoordinator::loadRequested, engine, &EngineController::loadModel, Qt::QueuedConnection);
    connect(this, &ChatCoordinator::sendRequested, engine, &EngineController::send, Qt::QueuedConnection);
    connect(this, &ChatCoordinator::prefillRequested, engine, &EngineController::prefill, Qt::QueuedConnection);
    connectReplies(engine);
    connect(
        engine, &EngineController::prefillProgress, this,
        [this](quint64 requestId, qint64 done, qint64 total, double, double elapsedSeconds) {
            onPrefillProgress(requestId, done, total, elapsedSeconds);
        },
        Qt::QueuedConnection);
    connect(engine, &EngineController::prefillFinished, this, &ChatCoordinator::onPrefillFinished,
            Qt::QueuedConnection);
    connect(engine, &EngineController::historyShortened, this, &ChatCoordinator::onHistoryShortened,
            Qt::QueuedConnection);
    // A wake-ahead switched without a reload: the loaded model runs with it now.
    connect(
        engine, &EngineController::expertWakeAheadApplied, this,
        [this](model::ExpertWakeAhead mode) {
            if (m_loadedOptions)
                m_loadedOptions->expertWakeAhead = mode;
        },
        Qt::QueuedConnection);
}

// The signals both engines have, with the same meaning.
template <class Engine>
void ChatCoordinator::connectReplies(Engine* engine)
{
    connect(engine, &Engine::tokensReady, this, &ChatCoordinator::onTokens, Qt::QueuedConnection);
    connect(engine, &Engine::replyFinished, this, &ChatCoordinator::onReplyFinished, Qt::QueuedConnection);
    connect(engine, &Engine::error, this, &ChatCoordinator::onError, Qt::QueuedConnection);
    connect(engine, &Engine::loadProgress, &m_modelSelector, &ui::ModelSelector::setLoadProgress, Qt::QueuedConnection);
    // Queued from the same thread as modelLoaded and emitted before it, so it arrives first.
    connect(
        engine, &Engine::modelRunsOn, this, [this](const QString& where) { m_modelRunsOn = where; },
        Qt::QueuedConnection);
    connect(engine, &Engine::modelLoaded, this, &ChatCoordinator::onModelLoaded, Qt::QueuedConnection);
    connect(engine, &Engine::loadFailed, this, &ChatCoordinator::onLoadFailed, Qt::QueuedConnection);
}

void ChatCoordinator::connectRemote(RemoteChatClient* remote)
{
    connect(this, &ChatCoordinator::remoteLoadRequested, remote, &RemoteChatClient::loadModel, Qt::QueuedConnection);
    connect(this, &ChatCoordinator::remoteSendRequested, remote, &RemoteChatClient::send, Qt::QueuedConnection);
    // Queued too: the remote thread never blocks, so Stop runs there within one event-loop turn.
    connect(this, &ChatCoordinator::remoteStopRequested, remote, &RemoteChatClient::stop, Qt::QueuedConnection);
    connectReplies(remote);
    connect(&m_modelSelector, &ui::ModelSelector::remoteModelChosen, this, &ChatCoordinator::loadRemoteModel);
    connect(this, &ChatCoordinator::remoteModelsRequested, remote, &RemoteChatClient::listModels, Qt::QueuedConnection);
    connect(remote, &RemoteChatClient::modelsListed, &m_modelSelector, &ui::ModelSelector::showRemoteModels,
            Qt::QueuedConnection);
    // No key typed: the one kept for that server, if any.
    connect(&m_modelSelector, &ui::ModelSelector::remoteModelsWanted, this,
            [this](const QString& baseUrl, const QString& apiKey) {
                if (!apiKey.isEmpty()) {
                    emit remoteModelsRequested(baseUrl, apiKey);
                    return;
                }
                m_remoteKeys.fetch(baseUrl,
                                   [this, baseUrl](const QString& key) { emit remoteModelsRequested(baseUrl, key); });
            });
    // The model selector's menu: an edited entry keeps its place in the recent models and is chosen;
    // a forgotten key is gone from the keychain, this session and the remote client.
    connect(&m_modelSelector, &ui::ModelSelector::remoteModelEdited, this,
            [this](const QString& oldPath, const QString& newPath, const QString& apiKey) {
                m_recentModels.replace(oldPath, newPath);
                showRecentModels();
                loadRemoteModel(newPath, apiKey);
            });
    connect(this, &ChatCoordinator::remoteKeyForgotten, remote, &RemoteChatClient::forgetKey, Qt::QueuedConnection);
    connect(&m_modelSelector, &ui::ModelSelector::remoteKeyForgetRequested, this, [this](const QString& baseUrl) {
        m_remoteKeys.forget(baseUrl);
        emit remoteKeyForgotten(baseUrl);
        m_chatView.showNotice(tr("The API key for %1 is forgotten: requests to it go without a key until you enter "
                                 "one with \"Remote server...\".")
                                  .arg(QUrl(baseUrl).authority()),
                              false);
    });
    connect(&m_modelSelector, &ui::ModelSelector::recentModelRemoveRequested, this, [this](const QString& path) {
        m_recentModels.remove(path);
        showRecentModels();
    });
    m_modelSelector.setKeyStorageNote(m_remoteKeys.storageNote());
    connect(&m_remoteKeys, &RemoteKeys::keptForSessionOnly, this, [this](const QString& note) {
        m_modelSelector.setKeyStorageNote(note);
        m_chatView.showNotice(note, false);
    });
}

void ChatCoordinator::stopActive()
{
    if (!m_active)
        return;
    if (m_active->remote)
        emit remoteStopRequested(m_active->requestId);
    else  // direct, thread-safe: the engine thread is busy decoding and polls this flag per token
        m_engine->requestStop(m_active->requestId);
}

void ChatCoordinator::newConversation()
{
    if (const std::optional<qint64> id = m_conversations.create(QString(), m_newConversationSettings)) {
        m_sidebar.resetSearch();
        showConversation(*id);
        m_window.focusInput();
    }
}

void ChatCoordinator::selectConversation(qint64 id)
{
    if (id == m_conversationId)
        return;
    m_conversationId = id;
    loadConversation();
}

void ChatCoordinator::deleteConversation(qint64 id)
{
    if (m_active && m_active->conversationId == id) {
        stopActive();
        m_saveTimer.stop();
        if (m_active->prefillOnly)
            m_chatPanel.prefillFinished();
        m_active.reset();
        m_window.setGenerating(false);
    }
    if (!m_conversations.remove(id))
        return;
    if (id == m_conversationId) {
        m_conversationId = 0;
        m_history.reset(0, {});
        ++m_viewGeneration;
        m_chatView.clearMessages();
        if (m_conversations.rowCount() > 0)
            showConversation(m_conversations.index(0).data(domain::ConversationListModel::IdRole).toLongLong());
    }
}

void ChatCoordinator::loadConversation()
{
    m_history.reset(m_conversationId, m_store.messages(m_conversationId));
    showHistory();
}

void ChatCoordinator::showHistory()
{
    ++m_viewGeneration;
    // A reply still streaming into this conversation is shown from its raw stream below the rest,
    // not as its stored (partial) message.
    const bool streaming = m_active && isShown(*m_active) && !m_active->prefillOnly && m_active->messageId != 0;
    QList<domain::ChatMessage> messages = m_history.messages();
    if (streaming)
        messages.removeIf([this](const domain::ChatMessage& m) { return m.id == m_active->messageId; });
    m_chatView.setMessages(messages);
    if (streaming) {
        m_chatView.beginReply();
        m_chatView.appendReply(m_active->raw);
    }
}

bool ChatCoordinator::ensureConversation(const QString& firstText)
{
    if (m_conversationId == 0) {
        const std::optional<qint64> id = m_conversations.create(titleFrom(firstText), m_newConversationSettings);
        if (!id)
            return false;
        m_conversationId = *id;
        m_history.reset(*id, {});
        m_sidebar.selectConversation(*id);
        return true;
    }
    // A chat made with "New chat" (no title yet) takes its name from its first message.
    if (!m_history.messages().isEmpty())
        return true;
    const std::optional<domain::Conversation> current = m_store.conversation(m_conversationId);
    if (current && current->summary.title.isEmpty())
        m_conversations.rename(m_conversationId, titleFrom(firstText));
    return true;
}

std::optional<domain::ChatMessage> ChatCoordinator::addMessage(qint64 conversationId, domain::ChatRole role,
                                                               const QString& content, const QJsonObject& metrics,
                                                               bool touch)
{
    domain::ChatMessage message;
    message.role = role;
    message.content = content;
    message.metrics = metrics;
    message.createdMs = QDateTime::currentMSecsSinceEpoch();  // set here so the history holds what the store does
    if (role == domain::ChatRole::Assistant)
        message.model = m_modelPath;
    const std::optional<qint64> id = m_store.addMessage(conversationId, message);
    if (!id) {
        showStoreError(m_store.lastError());
        return std::nullopt;
    }
    message.id = *id;
    m_history.append(conversationId, message);
    if (touch)
        m_conversations.touched(conversationId);
    return message;
}

// The send is split over two event-loop turns so that neither holds the loop for long while the
// engine thread starts beside it (docs/BENCHMARKS.md, "Chat window responsiveness", session 4):
// the first stores the message and hands the request (history from memory) to the engine; the
// second shows the message and moves the conversation to the top of the sidebar. The second is
// posted BEFORE the request leaves: the engine's first answer (tokens or an error) is then queued
// after it and appears below the message. (Posted after, a fast first token overtook it.)
void ChatCoordinator::send(const QString& text)
{
    if (m_active || !ensureConversation(text))
        return;
    const std::optional<domain::ChatMessage> message =
        addMessage(m_conversationId, domain::ChatRole::User, text, {}, /*touch=*/false);
    if (!message)
        return;
    const qint64 conversationId = m_conversationId;
    QMetaObject::invokeMethod(
        this,
        [this, conversationId, generation = m_viewGeneration, shown = *message] {
            m_conversations.touched(conversationId);
            // A view rebuilt since (another conversation shown) already holds it, or must not.
            if (generation == m_viewGeneration && conversationId == m_conversationId)
                m_chatView.addMessage(shown);
        },
        Qt::QueuedConnection);
    startRequest(false);
}

void ChatCoordinator::editAndResend(qint64 messageId, const QString& text)
{
    if (m_active || m_conversationId == 0)
        return;
    if (!m_store.deleteMessagesFrom(m_conversationId, messageId)) {
        showStoreError(m_store.lastError());
        return;
    }
    m_history.removeFrom(m_conversationId, messageId);
    const bool added = addMessage(m_conversationId, domain::ChatRole::User, text).has_value();
    showHistory();
    if (added)
        startRequest(false);
}

void ChatCoordinator::regenerate()
{
    if (m_active || m_conversationId == 0)
        return;
    const QList<domain::ChatMessage>& messages = m_history.messages();
    qsizetype lastUser = messages.size() - 1;
    while (lastUser >= 0 && messages.at(lastUser).role != domain::ChatRole::User)
        --lastUser;
    if (lastUser < 0)
        return;
    if (lastUser + 1 < messages.size()) {
        const qint64 firstReply = messages.at(lastUser + 1).id;
        if (!m_store.deleteMessagesFrom(m_conversationId, firstReply)) {
            showStoreError(m_store.lastError());
            return;
        }
        m_history.removeFrom(m_conversationId, firstReply);
    }
    showHistory();
    startRequest(false);
}

void ChatCoordinator::stop()
{
    stopActive();
}

void ChatCoordinator::startRequest(bool prefillOnly)
{
    const std::optional<domain::Conversation> conversation = m_store.conversation(m_conversationId);
    ChatTurnRequest request;
    request.requestId = m_nextRequestId++;
    request.conversationId = m_conversationId;
    if (conversation) {
        request.systemPrompt = conversation->settings.systemPrompt;
        request.sampling = conversation->settings.sampling;
    }
    request.history = m_history.messages();  // in memory: never a read of the whole conversation here
    m_active = ActiveRequest{request.requestId, m_conversationId, prefillOnly, m_remoteModel, 0, {}};
    if (m_remoteModel && prefillOnly) {
        // A remote server keeps no prompt between requests: the document goes with the next message.
        endRequest();
        m_chatView.showNotice(tr("Document added: the remote server reads it with your next message."), false);
    } else if (m_remoteModel) {
        m_window.setGenerating(true);
        emit remoteSendRequested(request);
    } else if (prefillOnly) {
        // Stop (the button, Esc) and the row's Cancel end the reading as they end a reply.
        m_window.setGenerating(true);
        m_prefillEstimate.reset();
        m_chatPanel.showPrefillProgress(domain::PrefillFigures{});
        emit prefillRequested(request);
    } else {
        m_window.setGenerating(true);
        emit sendRequested(request);
    }
}

void ChatCoordinator::onTokens(quint64 requestId, const QString& text)
{
    if (!m_active || m_active->requestId != requestId || m_active->prefillOnly)
        return;
    if (m_active->messageId == 0) {
        const std::optional<domain::ChatMessage> stored =
            addMessage(m_active->conversationId, domain::ChatRole::Assistant, QString());
        m_active->messageId = stored ? stored->id : 0;
        if (isShown(*m_active))
            m_chatView.beginReply();
    }
    m_active->raw += text;
    if (isShown(*m_active))
        m_chatView.appendReply(text);
    if (!m_saveTimer.isActive())
        m_saveTimer.start();
}

void ChatCoordinator::saveReply(const QJsonObject& metrics)
{
    if (!m_active || m_active->messageId == 0)
        return;
    const domain::ThinkTagSplitter::Parts parts = domain::splitThinkTags(m_active->raw);
    if (m_store.updateMessage(m_active->messageId, parts.answer, parts.reasoning, metrics))
        m_history.update(m_active->messageId, parts.answer, parts.reasoning, metrics);  // a no-op unless shown
    else
        showStoreError(m_store.lastError());
}

void ChatCoordinator::endRequest()
{
    m_saveTimer.stop();
    // The reading row goes also when another chat is shown now: it belongs to the chat panel, not to a chat.
    if (m_active && m_active->prefillOnly)
        m_chatPanel.prefillFinished();
    else if (m_active && isShown(*m_active))
        m_chatView.finishReply(m_active->messageId);
    m_active.reset();
    m_window.setGenerating(false);
}

void ChatCoordinator::onReplyFinished(quint64 requestId, const ReplyMetrics& metrics)
{
    if (!m_active || m_active->requestId != requestId)
        return;
    if (m_active->remote)
        m_window.showRemoteReplyFigures(metrics.decodeTokensPerSecond, metrics.timeToFirstTokenMs);
    saveReply(metrics.toJson());
    endRequest();
}

void ChatCoordinator::onPrefillProgress(quint64 requestId, qint64 done, qint64 total, double elapsedSeconds)
{
    if (!m_active || m_active->requestId != requestId)
        return;
    const domain::PrefillFigures figures = m_prefillEstimate.add(done, total, elapsedSeconds);
    if (isShown(*m_active))
        m_chatPanel.showPrefillProgress(figures);
}

void ChatCoordinator::onPrefillFinished(quint64 requestId, const ReplyMetrics& metrics)
{
    if (!m_active || m_active->requestId != requestId)
        return;
    const bool shown = isShown(*m_active);
    endRequest();
    if (!shown)
        return;
    // Cancelled: the document stays in the chat and the engine keeps what it read, so the next
    // message reads only the rest (prefix reuse).
    if (metrics.finish == model::FinishReason::Cancelled)
        m_chatView.showNotice(tr("Reading stopped after %1 of %2 tokens. The document stays in this chat; the rest "
                                 "is read with your next message.")
                                  .arg(QLocale().toString(metrics.prefilledTokens),
                                       QLocale().toString(metrics.promptTokens - metrics.reusedTokens)),
                              false);
    else
        m_chatView.showNotice(tr("Document read: %1 tokens at %2 tok/s. Ask about it.")
                                  .arg(QLocale().toString(metrics.prefilledTokens),
                                       QLocale().toString(metrics.prefillTokensPerSecond, 'f', 1)),
                              false);
}

void ChatCoordinator::onError(quint64 requestId, const QString& message)
{
    const bool current = m_active && m_active->requestId == requestId;
    if (current) {
        ReplyMetrics metrics;
        metrics.failed = true;
        saveReply(metrics.toJson());
    }
    if (!current || isShown(*m_active))
        m_chatView.showNotice(message, true);
    if (current)
        endRequest();
}

void ChatCoordinator::onHistoryShortened(quint64 requestId, int leftOut)
{
    if (m_active && m_active->requestId == requestId && isShown(*m_active))
        m_chatView.showNotice(tr("This chat is longer than the model's context: its %n oldest message(s) are left "
                                 "out of what the model reads.",
                                 nullptr, leftOut),
                              false);
}

void ChatCoordinator::loadModel(const QString& path)
{
    if (const std::optional<domain::RemoteEndpoint> remote = domain::remoteEndpointFromPath(path)) {
        m_modelSelector.setLoading(path);
        m_remoteKeys.fetch(remote->baseUrl, [this, path](const QString& key) { emit remoteLoadRequested(path, key); });
        return;
    }
    m_modelSelector.setLoading(path);
    m_requestedOptions = m_loadOptions;
    emit loadRequested(path, m_loadOptions);
}

void ChatCoordinator::loadRemoteModel(const QString& path, const QString& apiKey)
{
    // No key typed keeps the one kept for that server (if any): loadModel() fetches it.
    if (const std::optional<domain::RemoteEndpoint> remote = domain::remoteEndpointFromPath(path);
        remote && !apiKey.isEmpty())
        m_remoteKeys.store(remote->baseUrl, apiKey);
    loadModel(path);
}

void ChatCoordinator::reloadModel()
{
    if (!m_modelPath.isEmpty() && !m_active && !m_remoteModel)  // load options mean nothing to a server
        loadModel(m_modelPath);
}

void ChatCoordinator::showRecentModels()
{
    const QStringList paths = m_recentModels.paths();
    m_modelSelector.setRecentModels(paths);
    m_recentDescriptions.request(paths);
}

void ChatCoordinator::onModelLoaded(const QString& path, const QString& description)
{
    m_modelPath = path;
    m_remoteModel = domain::isRemoteModelPath(path);
    m_recentModels.add(path);
    showRecentModels();
    m_modelSelector.setLoaded(path, description);
    if (m_remoteModel) {
        m_window.setRemoteModelLoaded(domain::remoteDisplayName(*domain::remoteEndpointFromPath(path)));
        if (m_conversationId != 0)
            m_store.setConversationModel(m_conversationId, path);
        return;
    }
    m_localModelPath = path;
    m_loadedOptions = m_requestedOptions;
    // No fall-back to the CPU (modelOptionsFrom): a model loaded with a GPU runs on it.
    m_window.setModelLoaded(true, m_modelRunsOn,
                            m_loadedOptions->gpu >= 0 ? std::optional(m_loadedOptions->gpuWait) : std::nullopt);
    if (m_conversationId != 0)
        m_store.setConversationModel(m_conversationId, path);
}

void ChatCoordinator::onLoadFailed(const QString& path, const QString& message)
{
    m_modelSelector.setLoadFailed(path, message);
    m_chatView.showNotice(tr("Could not load the model %1.\n%2").arg(ui::ModelSelector::shownName(path), message),
                          true);
}

void ChatCoordinator::loadDocument(const QString& name, const QString& text)
{
    if (m_active || !ensureConversation(name))
        return;
    QJsonObject metrics{{QStringLiteral("document"), name}};
    if (!addMessage(m_conversationId, domain::ChatRole::User, text, metrics))
        return;
    showHistory();
    startRequest(true);
}

void ChatCoordinator::editSettings()
{
    if (m_conversationId == 0 && !ensureConversation(QString()))
        return;
    const std::optional<domain::Conversation> conversation = m_store.conversation(m_conversationId);
    m_window.openConversationSettings(conversation ? conversation->settings : domain::ConversationSettings{});
}

void ChatCoordinator::saveSettings(const domain::ConversationSettings& settings)
{
    if (m_conversationId != 0 && !m_store.setConversationSettings(m_conversationId, settings))
        showStoreError(m_store.lastError());
}

void ChatCoordinator::showStoreError(const QString& message)
{
    m_chatView.showNotice(tr("Chats could not be saved: %1").arg(message), true);
}

}  // namespace strata::app
