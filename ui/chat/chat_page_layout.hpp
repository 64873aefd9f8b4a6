// The chat page's column of messages. While a reply streams its minimum height never goes down:
// a reply can get a line shorter for a moment (a code fence's first characters leave the prose when
// the code block starts), and a page that shrank would move the view at once, before the pending
// paint, which makes Qt repaint everything in view instead of moving the painted pixels (ChatView).
// The line given back stays as space below the reply until the reply grows into it again.
#pragma once

#include <QVBoxLayout>

namespace strata::ui {

class ChatPageLayout : public QVBoxLayout {
public:
    explicit ChatPageLayout(QWidget* page) : QVBoxLayout(page) {}

    // On: the minimum height only grows, from the height it has now. Off: it follows the contents.
    void setNeverShrinks(bool on);

    QSize minimumSize() const override;

private:
    bool m_neverShrinks = false;
    mutable int m_floor = 0;  // the largest minimum height while on
};

}  // namespace strata::ui
