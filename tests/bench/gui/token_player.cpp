#include "tests/bench/gui/token_player.hpp"

#include "app/chat_coordinator.hpp"
#include "app/engine/engine_controller.hpp"
#include "app/engine/token_coalescer.hpp"

#include <chrono>
#include <thread>

namespace strata::bench {

TokenPlayer::TokenPlayer(app::EngineController* engine, QStringList pieces, double tokensPerSecond)
    : m_engine(engine), m_pieces(std::move(pieces)), m_tokensPerSecond(tokensPerSecond)
{}

void TokenPlayer::play(const app::ChatTurnRequest& request)
{
    using Clock = std::chrono::steady_clock;
    const auto period =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / m_tokensPerSecond));
    app::TokenCoalescer coalescer;  // the engine's own batching, default interval
    int updates = 0;
    const Clock::time_point start = Clock::now();
    for (qsizetype i = 0; i < m_pieces.size(); ++i) {
        std::this_thread::sleep_until(start + period * i);  // on schedule: a late piece does not shift the rest
        if (std::optional<QString> text = coalescer.push(m_pieces.at(i))) {
            emit m_engine->tokensReady(request.requestId, *text);
            ++updates;
        }
    }
    if (const QString rest = coalescer.take(); !rest.isEmpty()) {
        emit m_engine->tokensReady(request.requestId, rest);
        ++updates;
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    app::ReplyMetrics metrics;
    metrics.generatedTokens = int(m_pieces.size());
    metrics.decodeTokensPerSecond = seconds > 0 ? double(m_pieces.size()) / seconds : 0;
    metrics.finish = strata::model::FinishReason::EndOfGeneration;
    m_updates.store(updates);
    m_achievedRate.store(metrics.decodeTokensPerSecond);
    emit m_engine->replyFinished(request.requestId, metrics);
}

void routeChatRequests(app::ChatCoordinator& coordinator, app::EngineController* engine, TokenPlayer* player)
{
    QObject::disconnect(&coordinator, &app::ChatCoordinator::sendRequested, engine, &app::EngineController::send);
    QObject::connect(&coordinator, &app::ChatCoordinator::sendRequested, player, &TokenPlayer::play,
                     Qt::QueuedConnection);
}

}  // namespace strata::bench
