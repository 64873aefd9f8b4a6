#include "ui/chat/conversation_settings_dialog.hpp"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace strata::ui {

namespace {
QDoubleSpinBox* decimalBox(double min, double max, double step, double value, QWidget* parent)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(min, max);
    box->setSingleStep(step);
    box->setDecimals(2);
    box->setValue(value);
    return box;
}
}  // namespace

ConversationSettingsDialog::ConversationSettingsDialog(const domain::ConversationSettings& settings, QWidget* parent)
    : QDialog(parent), m_systemPrompt(new QPlainTextEdit(settings.systemPrompt, this)),
      m_temperature(decimalBox(0.0, 5.0, 0.05, settings.sampling.temperature, this)), m_topK(new QSpinBox(this)),
      m_topP(decimalBox(0.0, 1.0, 0.01, settings.sampling.topP, this)),
      m_minP(decimalBox(0.0, 1.0, 0.01, settings.sampling.minP, this)),
      m_repeatPenalty(decimalBox(0.5, 2.0, 0.01, settings.sampling.repeatPenalty, this)),
      m_maxTokens(new QSpinBox(this)), m_seed(new QSpinBox(this))
{
    setObjectName(QStringLiteral("conversationSettingsDialog"));
    setWindowTitle(tr("Chat settings"));

    m_systemPrompt->setObjectName(QStringLiteral("systemPromptEdit"));
    m_systemPrompt->setTabChangesFocus(true);
    m_systemPrompt->setPlaceholderText(tr("For example: You are a concise assistant."));
    m_topK->setRange(0, 1000);
    m_topK->setValue(settings.sampling.topK);
    m_topK->setSpecialValueText(tr("off"));
    m_maxTokens->setRange(1, 1 << 20);
    m_maxTokens->setValue(settings.sampling.maxTokens);
    m_seed->setRange(-1, INT_MAX);
    m_seed->setValue(static_cast<int>(std::clamp<qint64>(settings.sampling.seed, -1, INT_MAX)));
    m_seed->setSpecialValueText(tr("random"));
    m_temperature->setObjectName(QStringLiteral("temperatureBox"));

    auto* form = new QFormLayout;
    form->addRow(tr("&System prompt:"), m_systemPrompt);
    form->addRow(tr("&Temperature:"), m_temperature);
    form->addRow(tr("Top-&k:"), m_topK);
    form->addRow(tr("Top-&p:"), m_topP);
    form->addRow(tr("&Min-p:"), m_minP);
    form->addRow(tr("&Repeat penalty:"), m_repeatPenalty);
    form->addRow(tr("Ma&x reply tokens:"), m_maxTokens);
    form->addRow(tr("S&eed:"), m_seed);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

domain::ConversationSettings ConversationSettingsDialog::settings() const
{
    domain::ConversationSettings s;
    s.systemPrompt = m_systemPrompt->toPlainText();
    s.sampling.temperature = m_temperature->value();
    s.sampling.topK = m_topK->value();
    s.sampling.topP = m_topP->value();
    s.sampling.minP = m_minP->value();
    s.sampling.repeatPenalty = m_repeatPenalty->value();
    s.sampling.maxTokens = m_maxTokens->value();
    s.sampling.seed = m_seed->value();
    return s;
}

}  // namespace strata::ui
