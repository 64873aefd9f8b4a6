#include "domain/chat/think_tag_splitter.hpp"

namespace strata::domain {

namespace {
const QString kOpen = QStringLiteral("<think>");
const QString kClose = QStringLiteral("</think>");

// Length of the longest suffix of `text` that is a proper prefix of `tag`.
qsizetype partialTagSuffix(const QString& text, const QString& tag)
{
    const qsizetype longest = std::min(text.size(), tag.size() - 1);
    for (qsizetype n = longest; n > 0; --n)
        if (QStringView(text).right(n) == QStringView(tag).left(n))
            return n;
    return 0;
}
}  // namespace

void ThinkTagSplitter::emitText(Parts& parts, const QString& text) const
{
    (m_inReasoning ? parts.reasoning : parts.answer) += text;
}

ThinkTagSplitter::Parts ThinkTagSplitter::feed(const QString& chunk)
{
    Parts parts;
    QString text = m_pending + chunk;
    m_pending.clear();
    for (;;) {
        const QString& tag = m_inReasoning ? kClose : kOpen;
        const qsizetype at = text.indexOf(tag);
        if (at < 0)
            break;
        emitText(parts, text.left(at));
        text.remove(0, at + tag.size());
        m_inReasoning = !m_inReasoning;
    }
    const qsizetype held = partialTagSuffix(text, m_inReasoning ? kClose : kOpen);
    m_pending = text.right(held);
    text.chop(held);
    emitText(parts, text);
    return parts;
}

ThinkTagSplitter::Parts ThinkTagSplitter::finish()
{
    Parts parts;
    emitText(parts, m_pending);
    m_pending.clear();
    return parts;
}

ThinkTagSplitter::Parts splitThinkTags(const QString& reply)
{
    ThinkTagSplitter splitter;
    ThinkTagSplitter::Parts all = splitter.feed(reply);
    const ThinkTagSplitter::Parts rest = splitter.finish();
    all.reasoning += rest.reasoning;
    all.answer += rest.answer;
    return all;
}

}  // namespace strata::domain
