#include "app/engine/engine_controller.hpp"

#include "app/engine/chat_messages.hpp"
#include "app/engine/engine_telemetry_link.hpp"
#include "app/engine/engine_values.hpp"
#include "app/engine/token_coalescer.hpp"
#include "strata/chat_template/chat_template.hpp"
#include "strata/core/error.hpp"
#include "strata/model/generation.hpp"
#include "strata/model/model.hpp"
#include "strata/model/session.hpp"

#include <QDir>
#include <QFileInfo>
#include <chrono>
#include <exception>
#include <new>

namespace strata::app {

namespace {

QString messageOf(const std::exception& e)
{
    return QString::fromUtf8(e.what());
}

}  // namespace

EngineController::EngineController(QObject* parent) : QObject(parent), m_link(std::make_shared<EngineTelemetryLink>())
{
    setObjectName(QStringLiteral("engineController"));
}

// The session refers to the model: it goes first. The link lets go of the pool before it dies.
EngineController::~EngineController()
{
    m_link->detach();
    m_session.reset();
    m_model.reset();
}

void EngineController::requestStop(quint64 requestId)
{
    quint64 seen = m_stoppedUpTo.load();
    while (seen < requestId && !m_stoppedUpTo.compare_exchange_weak(seen, requestId)) {}
    // Sequentially consistent with beginRequest(): either this sees the request running and sets
    // the flag after beginRequest() cleared it, or beginRequest() sees m_stoppedUpTo.
    if (m_running.load() == requestId)
        m_stop.store(true);
}

void EngineController::requestStop()
{
    m_stop.store(true);
}

void EngineController::requestShutdown()
{
    m_shutdown.store(true);
    m_stop.store(true);
}

void EngineController::beginRequest(quint64 requestId)
{
    m_stop.store(false);
    m_running.store(requestId);
    // After the store above, so a shutdown racing with this request is never lost either.
    if (m_stoppedUpTo.load() >= requestId || m_shutdown.load())
        m_stop.store(true);
}

void EngineController::endRequest()
{
    m_running.store(0);
}

void EngineController::loadModel(const QString& path, const ModelLoadOptions& options)
{
    emit loadProgress(0.0);
    const QFileInfo file(path);
    if (!file.exists()) {
        emit loadFailed(path, tr("The file %1 does not exist.").arg(path));
        return;
    }
    if (!file.isReadable()) {
        emit loadFailed(path, tr("The file %1 cannot be read.").arg(path));
        return;
    }
    try {
        const model::SessionOptions sessionOptions = sessionOptionsFrom(options);
        emit loadProgress(0.1);
        const model::ModelOptions modelOptions = modelOptionsFrom(options, path);
        // The engine writes the expert cache's state there when the model closes, into an existing folder.
        if (!modelOptions.cudaExperts.stateFile.empty())
            QDir().mkpath(options.expertStateFolder);
        std::unique_ptr<model::Model> loaded = model::Model::open(path.toStdString(), modelOptions);
        emit loadProgress(0.9);
        loaded->requireTokenizer();  // chat needs text: a file without a vocabulary is refused now
        // A template that does not compile is reported with every message, not at load: the model
        // still loads and the user sees why chatting with it fails.
        std::unique_ptr<chat_template::ChatTemplate> tmpl;
        QString templateError;
        try {
            tmpl = std::make_unique<chat_template::ChatTemplate>(model::chatTemplateOf(*loaded));
        } catch (const chat_template::TemplateError& e) {
            templateError = messageOf(e);
        }
        auto session = std::make_unique<model::Session>(*loaded, sessionOptions);
        // Only now the old model goes: a failed load keeps it.
        m_link->detach();
        m_session.reset();
        m_model = std::move(loaded);
        m_session = std::move(session);
        m_link->attach(m_model->pool(), m_model->backend());  // applies the waiting policy the user chose
        m_template = std::move(tmpl);
        m_templateError = templateError;
        m_window.forget();
        setLoadedFacts(LoadedModelFacts{file.completeBaseName().toStdString(), m_session->contextLength()});
        emit loadProgress(1.0);
        emit modelRunsOn(describePlacement(*m_model, options.gpu));
        emit modelLoaded(path, describeModel(*m_model, m_session->contextLength(), options.kvCacheType));
    } catch (const std::bad_alloc&) {
        emit loadFailed(path, tr("Not enough memory to load %1.").arg(file.fileName()));
    } catch (const std::exception& e) {
        emit loadFailed(path, messageOf(e));
    }
}

void EngineController::unloadModel()
{
    setLoadedFacts(std::nullopt);
    m_link->detach();
    m_session.reset();
    m_template.reset();
    m_templateError.clear();
    m_model.reset();
}

void EngineController::setExpertWakeAhead(model::ExpertWakeAhead mode)
{
    if (!m_model)
        return;
    m_model->backend().setExpertWakeAhead(mode);
    emit expertWakeAheadApplied(mode);
}

std::optional<LoadedModelFacts> EngineController::loadedModel() const
{
    std::lock_guard lock(m_factsMutex);
    return m_facts;
}

void EngineController::setLoadedFacts(std::optional<LoadedModelFacts> facts)
{
    std::lock_guard lock(m_factsMutex);
    m_facts = std::move(facts);
}

void EngineController::runOnModel(const std::function<void(const LoadedModelAccess&)>& work)
{
    LoadedModelAccess access;
    if (m_model) {
        access.model = m_model.get();
        access.session = m_session.get();
        access.chatTemplate = m_template.get();
        access.templateError = m_templateError.toStdString();
    }
    work(access);
}

void EngineController::finishCancelled(quint64 requestId, PromptUse use)
{
    ReplyMetrics cancelled;
    cancelled.finish = model::FinishReason::Cancelled;
    if (use == PromptUse::Reply)
        emit replyFinished(requestId, cancelled);
    else
        emit prefillFinished(requestId, cancelled);
}

std::optional<std::vector<int32_t>> EngineController::promptFor(const ChatTurnRequest& request, PromptUse use)
{
    if (!m_model) {
        emit error(request.requestId, tr("No model is loaded. Open a GGUF model to chat."));
        return std::nullopt;
    }
    if (!m_template) {
        emit error(request.requestId, tr("The model's chat template cannot be used: %1").arg(m_templateError));
        return std::nullopt;
    }
    if (chatMessagesFor(request).empty()) {
        emit error(request.requestId, tr("There is nothing to send."));
        return std::nullopt;
    }
    try {
        chat_template::ChatOptions options;
        // A document's prompt has no assistant header: the next send() appends the question to
        // the same user turn, and the document's tokens stay a prefix of that prompt.
        options.addGenerationPrompt = use == PromptUse::Reply;
        chat_template::RenderOptions render;  // the engine's default limits, plus Stop
        render.cancel = &m_stop;
        const auto tokenize = [&](const ChatTurnRequest& r) {
            return model::chatPromptTokens(*m_model, *m_template, chatMessagesFor(r), options, render);
        };
        if (use == PromptUse::Document || !request.sampling.dropOldestTurns)
            return tokenize(request);
        // Room for the reply: what it may take, but at most a quarter of the context, so a long
        // chat keeps three quarters of it.
        const uint32_t context = m_session->contextLength();
        const uint32_t replyRoom = std::min(uint32_t(std::max(1, request.sampling.maxTokens)), context / 4);
        ContextWindow::Prompt prompt = m_window.fit(request, context, replyRoom, tokenize);
        if (prompt.movedNow)
            emit historyShortened(request.requestId, prompt.leftOut);
        return std::move(prompt.tokens);
    } catch (const chat_template::RenderCancelled&) {
        finishCancelled(request.requestId, use);
    } catch (const chat_template::TemplateError& e) {
        emit error(request.requestId, tr("The model's chat template failed: %1").arg(messageOf(e)));
    } catch (const std::exception& e) {
        emit error(request.requestId, tr("The prompt could not be built: %1").arg(messageOf(e)));
    }
    return std::nullopt;
}

void EngineController::send(const ChatTurnRequest& request)
{
    beginRequest(request.requestId);
    run(request);
    endRequest();
}

void EngineController::prefill(const ChatTurnRequest& request)
{
    beginRequest(request.requestId);
    runPrefill(request);
    endRequest();
}

void EngineController::run(const ChatTurnRequest& request)
{
    const std::optional<std::vector<int32_t>> prompt = promptFor(request, PromptUse::Reply);
    if (!prompt)
        return;
    model::GenerationRequest generation;
    generation.sampling = samplingParamsFrom(request.sampling);
    generation.maxTokens = uint32_t(std::max(1, request.sampling.maxTokens));

    TokenCoalescer coalescer;
    model::GenerationCallbacks callbacks;
    // Token counters for the live tok/s panels: when a piece arrives the session holds the prompt
    // and the generated tokens before the newest one; the rest is counted when generate() returns.
    const std::size_t promptSize = prompt->size();
    std::uint64_t decodedReported = 0;
    std::uint32_t prefilledReported = 0;
    callbacks.onText = [&](std::string_view piece) {
        const std::uint64_t decoded = m_session->tokens().size() - promptSize;
        if (decoded > decodedReported) {
            m_link->addDecoded(decoded - decodedReported);
            decodedReported = decoded;
        }
        if (std::optional<QString> text = coalescer.push(QString::fromUtf8(piece.data(), qsizetype(piece.size()))))
            emit tokensReady(request.requestId, *text);
    };
    callbacks.onPrefill = [&](uint32_t done, uint32_t) {
        m_link->addPrefilled(done - prefilledReported);
        prefilledReported = done;
        return !m_stop.load(std::memory_order_relaxed);
    };
    callbacks.cancel = &m_stop;
    try {
        const model::GenerationMetrics metrics = model::generate(*m_model, *m_session, *prompt, generation, callbacks);
        if (metrics.generatedTokens > decodedReported)  // tokens whose text was held back
            m_link->addDecoded(metrics.generatedTokens - decodedReported);
        if (const QString rest = coalescer.take(); !rest.isEmpty())
            emit tokensReady(request.requestId, rest);
        emit replyFinished(request.requestId, replyMetricsFrom(metrics));
    } catch (const std::bad_alloc&) {
        emit error(request.requestId, tr("Not enough memory to generate the reply."));
    } catch (const std::exception& e) {
        // What streamed so far has been shown; the rest of the buffer goes before the error.
        if (const QString rest = coalescer.take(); !rest.isEmpty())
            emit tokensReady(request.requestId, rest);
        emit error(request.requestId, tr("The reply failed: %1").arg(messageOf(e)));
    }
}

void EngineController::runPrefill(const ChatTurnRequest& request)
{
    const std::optional<std::vector<int32_t>> prompt = promptFor(request, PromptUse::Document);
    if (!prompt)
        return;
    const auto start = std::chrono::steady_clock::now();
    std::uint32_t prefilledReported = 0;
    const model::PrefillProgress progress = [&](uint32_t done, uint32_t total) {
        m_link->addPrefilled(done - prefilledReported);
        prefilledReported = done;
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
        const double rate = elapsed.count() > 0 ? done / elapsed.count() : 0.0;
        emit prefillProgress(request.requestId, done, total, rate, elapsed.count());
        return !m_stop.load(std::memory_order_relaxed);
    };
    try {
        const int promptSize = int(prompt->size());
        if (m_stop.load()) {
            ReplyMetrics cancelled;
            cancelled.promptTokens = promptSize;
            cancelled.finish = model::FinishReason::Cancelled;
            emit prefillFinished(request.requestId, cancelled);
            return;
        }
        const model::PrefillResult result = m_session->setPrompt(*prompt, progress);
        ReplyMetrics metrics;
        metrics.promptTokens = promptSize;
        metrics.reusedTokens = int(result.reused);
        metrics.prefilledTokens = int(result.computed);
        metrics.prefillTokensPerSecond = result.tokensPerSecond();
        metrics.finish = result.cancelled ? model::FinishReason::Cancelled : model::FinishReason::EndOfGeneration;
        emit prefillFinished(request.requestId, metrics);
    } catch (const std::bad_alloc&) {
        emit error(request.requestId, tr("Not enough memory to read the document."));
    } catch (const std::exception& e) {
        emit error(request.requestId, tr("The document could not be read: %1").arg(messageOf(e)));
    }
}

}  // namespace strata::app
