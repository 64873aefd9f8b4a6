// Per-conversation settings: the system prompt and the sampling settings.
#pragma once

#include "domain/chat/chat_types.hpp"

#include <QDialog>

class QDoubleSpinBox;
class QPlainTextEdit;
class QSpinBox;

namespace strata::ui {

class ConversationSettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ConversationSettingsDialog(const domain::ConversationSettings& settings, QWidget* parent = nullptr);

    domain::ConversationSettings settings() const;

private:
    QPlainTextEdit* m_systemPrompt;
    QDoubleSpinBox* m_temperature;
    QSpinBox* m_topK;
    QDoubleSpinBox* m_topP;
    QDoubleSpinBox* m_minP;
    QDoubleSpinBox* m_repeatPenalty;
    QSpinBox* m_maxTokens;
    QSpinBox* m_seed;
};

}  // namespace strata::ui
