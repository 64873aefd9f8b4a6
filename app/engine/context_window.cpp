#include "app/engine/context_window.hpp"

#include <algorithm>

namespace strata::app {

namespace {

// The history indices where a turn starts: a user entry after a non-user one (joined user
// entries, like a document and its question, are one turn). Index 0 is always a start.
std::vector<int> turnStarts(const QList<domain::ChatMessage>& history)
{
    std::vector<int> starts;
    bool previousWasUser = false;
    for (int i = 0; i < history.size(); ++i) {
        const bool user = history[i].role == domain::ChatRole::User;
        if (i == 0 || (user && !previousWasUser))
            starts.push_back(i);
        if (history[i].role != domain::ChatRole::System)
            previousWasUser = user;
    }
    return starts;
}

}  // namespace

ChatTurnRequest ContextWindow::withoutOldest(const ChatTurnRequest& request, int count)
{
    ChatTurnRequest shorter = request;
    shorter.history.clear();
    for (int i = 0; i < request.history.size(); ++i) {
        if (i >= count || request.history[i].role == domain::ChatRole::System)
            shorter.history.append(request.history[i]);
    }
    return shorter;
}

ContextWindow::Prompt ContextWindow::fit(const ChatTurnRequest& request, uint32_t contextLength, uint32_t replyRoom,
                                         const Tokenize& tokenize)
{
    const std::vector<int> starts = turnStarts(request.history);
    int kept = m_leftOut.value(request.conversationId, 0);
    // An edited or shortened history may have moved the turn boundaries: snap to one.
    const auto atOrBefore = std::upper_bound(starts.begin(), starts.end(), kept);
    kept = atOrBefore == starts.begin() ? 0 : *(atOrBefore - 1);

    const uint32_t limit = contextLength > replyRoom ? contextLength - replyRoom : 0;
    Prompt prompt;
    prompt.leftOut = kept;
    prompt.tokens = tokenize(withoutOldest(request, kept));
    if (prompt.tokens.size() <= limit) {
        m_leftOut.insert(request.conversationId, kept);
        return prompt;
    }
    // The fewest turns left out that bring the prompt to half the context (fewer tokens the more
    // are left out: a binary search over the turn starts after the cut), or the last turn alone.
    const uint32_t target = contextLength / 2;
    const std::vector<int> candidates(std::upper_bound(starts.begin(), starts.end(), kept), starts.end());
    if (candidates.empty())
        return prompt;  // the last turn alone is already too long: the session says so
    std::vector<int32_t> best;
    int bestLeftOut = -1;
    std::size_t low = 0, high = candidates.size();  // the answer is in [low, high)
    while (low < high) {
        const std::size_t middle = low + (high - low) / 2;
        std::vector<int32_t> tokens = tokenize(withoutOldest(request, candidates[middle]));
        if (tokens.size() <= target) {
            best = std::move(tokens);
            bestLeftOut = candidates[middle];
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    if (bestLeftOut < 0) {
        bestLeftOut = candidates.back();
        best = tokenize(withoutOldest(request, bestLeftOut));
    }
    prompt.tokens = std::move(best);
    prompt.leftOut = bestLeftOut;
    prompt.movedNow = bestLeftOut != kept;
    m_leftOut.insert(request.conversationId, bestLeftOut);
    return prompt;
}

}  // namespace strata::app
