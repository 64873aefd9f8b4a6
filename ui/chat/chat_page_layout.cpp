#include "ui/chat/chat_page_layout.hpp"

#include <algorithm>

namespace strata::ui {

void ChatPageLayout::setNeverShrinks(bool on)
{
    m_neverShrinks = on;
    m_floor = 0;
    invalidate();
}

QSize ChatPageLayout::minimumSize() const
{
    QSize size = QVBoxLayout::minimumSize();
    if (m_neverShrinks) {
        m_floor = std::max(m_floor, size.height());
        size.setHeight(m_floor);
    }
    return size;
}

}  // namespace strata::ui
