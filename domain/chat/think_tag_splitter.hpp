// Separates a streamed reply into reasoning (between <think> and </think>) and the answer.
// Tags may arrive split over several chunks ("<thi" + "nk>"), so a possible tag start at the end
// of a chunk is held back until the next chunk decides it.
#pragma once

#include <QString>

namespace strata::domain {

class ThinkTagSplitter {
public:
    struct Parts {
        QString reasoning;  // new reasoning text in this chunk
        QString answer;     // new answer text in this chunk
    };

    Parts feed(const QString& chunk);
    Parts finish();  // releases held-back text (an unfinished tag is just text)

private:
    void emitText(Parts& parts, const QString& text) const;

    QString m_pending;  // a held-back possible tag prefix
    bool m_inReasoning = false;
};

// Splits a complete stored reply the same way (used when showing a stored message).
ThinkTagSplitter::Parts splitThinkTags(const QString& reply);

}  // namespace strata::domain
