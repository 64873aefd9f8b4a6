#include "ui/settings/sampling_settings_form.hpp"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>

#include <algorithm>
#include <climits>

namespace strata::ui {

SamplingSettingsForm::SamplingSettingsForm(QWidget* parent) : QWidget(parent), m_form(new QFormLayout(this))
{
    setObjectName(QStringLiteral("samplingSettingsForm"));
    m_temperature = addRow<QDoubleSpinBox>(tr("&Temperature:"), QStringLiteral("temperatureBox"), 0.0, 5.0, 0.05);
    m_topK = addRow<QSpinBox>(tr("Top-&k:"), QStringLiteral("topKBox"), 0, 1000, 1);
    m_topK->setSpecialValueText(tr("off"));
    m_topP = addRow<QDoubleSpinBox>(tr("Top-&p:"), QStringLiteral("topPBox"), 0.0, 1.0, 0.01);
    m_minP = addRow<QDoubleSpinBox>(tr("&Min-p:"), QStringLiteral("minPBox"), 0.0, 1.0, 0.01);
    m_repeatPenalty =
        addRow<QDoubleSpinBox>(tr("&Repeat penalty:"), QStringLiteral("repeatPenaltyBox"), 0.5, 2.0, 0.01);
    m_maxTokens = addRow<QSpinBox>(tr("Ma&x reply tokens:"), QStringLiteral("maxTokensBox"), 1, 1 << 20, 1);
    m_seed = addRow<QSpinBox>(tr("S&eed:"), QStringLiteral("seedBox"), -1, INT_MAX, 1);
    m_seed->setSpecialValueText(tr("random"));
    m_dropOldestTurns = new QCheckBox(tr("&Leave the oldest messages out when a chat outgrows the context"), this);
    m_dropOldestTurns->setObjectName(QStringLiteral("dropOldestTurnsBox"));
    m_dropOldestTurns->setToolTip(tr("The chat goes on; the model no longer reads its oldest messages (the system "
                                     "prompt stays). Off: a message that does not fit fails."));
    m_form->addRow(tr("Long chats:"), m_dropOldestTurns);
    connect(m_dropOldestTurns, &QCheckBox::toggled, this, &SamplingSettingsForm::changed);
    setValues(domain::SamplingSettings{});
}

template <class Box>
Box* SamplingSettingsForm::addRow(const QString& label, const QString& name, double min, double max, double step)
{
    auto* box = new Box(this);
    box->setObjectName(name);
    using Value = decltype(box->value());
    box->setRange(Value(min), Value(max));
    box->setSingleStep(Value(step));
    box->setAccessibleName(QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':')));
    m_form->addRow(label, box);
    connect(box, &Box::valueChanged, this, &SamplingSettingsForm::changed);
    return box;
}

void SamplingSettingsForm::setValues(const domain::SamplingSettings& v)
{
    m_temperature->setValue(v.temperature);
    m_topK->setValue(v.topK);
    m_topP->setValue(v.topP);
    m_minP->setValue(v.minP);
    m_repeatPenalty->setValue(v.repeatPenalty);
    m_maxTokens->setValue(v.maxTokens);
    m_seed->setValue(int(std::clamp<qint64>(v.seed, -1, INT_MAX)));
    m_dropOldestTurns->setChecked(v.dropOldestTurns);
}

domain::SamplingSettings SamplingSettingsForm::values() const
{
    domain::SamplingSettings v;
    v.temperature = m_temperature->value();
    v.topK = m_topK->value();
    v.topP = m_topP->value();
    v.minP = m_minP->value();
    v.repeatPenalty = m_repeatPenalty->value();
    v.maxTokens = m_maxTokens->value();
    v.seed = m_seed->value();
    v.dropOldestTurns = m_dropOldestTurns->isChecked();
    return v;
}

}  // namespace strata::ui
