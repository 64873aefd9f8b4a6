#include "ui/chat/reasoning_view.hpp"

#include <QPlainTextEdit>
#include <QTextCursor>
#include <QToolButton>
#include <QVBoxLayout>

namespace strata::ui {

ReasoningView::ReasoningView(QWidget* parent)
    : QWidget(parent), m_toggle(new QToolButton(this)), m_body(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("reasoningView"));
    m_toggle->setObjectName(QStringLiteral("reasoningToggle"));
    m_toggle->setText(tr("Reasoning"));
    m_toggle->setAccessibleName(tr("Show or hide the model's reasoning"));
    m_toggle->setCheckable(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setArrowType(Qt::RightArrow);
    m_toggle->setAutoRaise(true);
    connect(m_toggle, &QToolButton::toggled, this, &ReasoningView::setExpanded);

    m_body->setObjectName(QStringLiteral("reasoningText"));
    m_body->setReadOnly(true);
    m_body->setForegroundRole(QPalette::PlaceholderText);
    m_body->setMaximumHeight(240);
    m_body->setAccessibleName(tr("Reasoning"));
    m_body->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_toggle, 0, Qt::AlignLeft);
    layout->addWidget(m_body);
}

void ReasoningView::appendText(const QString& text)
{
    m_text += text;
    QTextCursor cursor(m_body->document());
    cursor.movePosition(QTextCursor::End);
    cursor.insertText(text);
}

bool ReasoningView::isExpanded() const
{
    return m_toggle->isChecked();
}

void ReasoningView::setExpanded(bool expanded)
{
    if (m_toggle->isChecked() != expanded)
        m_toggle->setChecked(expanded);  // re-enters through toggled()
    m_toggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_body->setVisible(expanded);
}

}  // namespace strata::ui
