// Streams a fixed reply into the chat window exactly as the engine does, at a fixed token rate:
// on a thread of its own, each piece goes through the engine's TokenCoalescer and leaves as
// EngineController::tokensReady (queued to the GUI thread, into ChatCoordinator and the view),
// and the end is EngineController::replyFinished. Only the model is missing, so the GUI sees
// the same events at the same rate it would see from a real model decoding that fast.
#pragma once

#include "app/engine/engine_requests.hpp"

#include <QObject>
#include <QStringList>
#include <atomic>

namespace strata::app {
class ChatCoordinator;
class EngineController;
}  // namespace strata::app

namespace strata::bench {

class TokenPlayer : public QObject {
    Q_OBJECT
public:
    TokenPlayer(app::EngineController* engine, QStringList pieces, double tokensPerSecond);

    int updatesSent() const { return m_updates.load(); }
    double achievedTokensPerSecond() const { return m_achievedRate.load(); }

public slots:
    // Runs on the player's thread until every piece has been sent (connect it queued).
    void play(const strata::app::ChatTurnRequest& request);

private:
    app::EngineController* m_engine;
    QStringList m_pieces;
    double m_tokensPerSecond;
    std::atomic<int> m_updates{0};
    std::atomic<double> m_achievedRate{0};
};

// Sends the coordinator's chat requests to `player` (on its thread) instead of the engine's model.
void routeChatRequests(app::ChatCoordinator& coordinator, app::EngineController* engine, TokenPlayer* player);

}  // namespace strata::bench
