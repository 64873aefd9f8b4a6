#include "ui/settings/sampling_defaults_page.hpp"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include <algorithm>
#include <climits>

namespace strata::ui {

SamplingDefaultsPage::SamplingDefaultsPage(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("samplingDefaultsPage"));
    auto* form = new QFormLayout(this);
    auto* note = new QLabel(tr("New chats start with these values; change one chat's own in Chat settings."), this);
    note->setWordWrap(true);
    form->addRow(note);
    m_temperature = addDecimal(tr("&Temperature:"), QStringLiteral("defaultTemperatureBox"), 0.0, 5.0, 0.05);
    m_topK = addInteger(tr("Top-&k:"), QStringLiteral("defaultTopKBox"), 0, 1000, tr("off"));
    m_topP = addDecimal(tr("Top-&p:"), QStringLiteral("defaultTopPBox"), 0.0, 1.0, 0.01);
    m_minP = addDecimal(tr("&Min-p:"), QStringLiteral("defaultMinPBox"), 0.0, 1.0, 0.01);
    m_repeatPenalty = addDecimal(tr("&Repeat penalty:"), QStringLiteral("defaultRepeatPenaltyBox"), 0.5, 2.0, 0.01);
    m_maxTokens = addInteger(tr("Ma&x reply tokens:"), QStringLiteral("defaultMaxTokensBox"), 1, 1 << 20, {});
    m_seed = addInteger(tr("S&eed:"), QStringLiteral("defaultSeedBox"), -1, INT_MAX, tr("random"));
    setValues(SamplingSettings{});
}

QDoubleSpinBox* SamplingDefaultsPage::addDecimal(const QString& label, const QString& name, double min, double max,
                                                 double step)
{
    auto* box = new QDoubleSpinBox(this);
    box->setObjectName(name);
    box->setRange(min, max);
    box->setSingleStep(step);
    box->setAccessibleName(QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':')));
    static_cast<QFormLayout*>(layout())->addRow(label, box);
    connect(box, &QDoubleSpinBox::valueChanged, this, &SamplingDefaultsPage::changed);
    return box;
}

QSpinBox* SamplingDefaultsPage::addInteger(const QString& label, const QString& name, int min, int max,
                                           const QString& specialText)
{
    auto* box = new QSpinBox(this);
    box->setObjectName(name);
    box->setRange(min, max);
    box->setSpecialValueText(specialText);
    box->setAccessibleName(QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':')));
    static_cast<QFormLayout*>(layout())->addRow(label, box);
    connect(box, &QSpinBox::valueChanged, this, &SamplingDefaultsPage::changed);
    return box;
}

void SamplingDefaultsPage::setValues(const SamplingSettings& v)
{
    m_temperature->setValue(v.temperature);
    m_topK->setValue(v.topK);
    m_topP->setValue(v.topP);
    m_minP->setValue(v.minP);
    m_repeatPenalty->setValue(v.repeatPenalty);
    m_maxTokens->setValue(v.maxTokens);
    m_seed->setValue(int(std::clamp<qint64>(v.seed, -1, INT_MAX)));
}

SamplingSettings SamplingDefaultsPage::values() const
{
    SamplingSettings v;
    v.temperature = m_temperature->value();
    v.topK = m_topK->value();
    v.topP = m_topP->value();
    v.minP = m_minP->value();
    v.repeatPenalty = m_repeatPenalty->value();
    v.maxTokens = m_maxTokens->value();
    v.seed = m_seed->value();
    return v;
}

}  // namespace strata::ui
