#include "ui/ab/ab_config_editor.hpp"

#include "domain/settings/kv_type_text.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QSpinBox>

namespace strata::ui {

AbConfigEditor::AbConfigEditor(const QString& title, const domain::AbConfig& initial, QWidget* parent)
    : QGroupBox(title, parent), m_policy(new QComboBox(this)), m_spinMicros(new QSpinBox(this)),
      m_threads(new QSpinBox(this)), m_kvType(new QComboBox(this))
{
    m_policy->addItem(tr("Adaptive"), int(pool::WaitKind::Adaptive));
    m_policy->addItem(tr("Fixed spin"), int(pool::WaitKind::FixedSpin));
    m_policy->addItem(tr("Park at once"), int(pool::WaitKind::Park));
    m_policy->setAccessibleName(tr("%1: waiting policy").arg(title));
    m_spinMicros->setRange(0, 1'000'000);
    m_spinMicros->setSingleStep(100);
    m_spinMicros->setSuffix(tr(" µs"));
    m_spinMicros->setAccessibleName(tr("%1: spin time in microseconds").arg(title));
    m_threads->setRange(0, 1024);
    m_threads->setSpecialValueText(tr("physical cores"));
    m_threads->setAccessibleName(tr("%1: threads").arg(title));
    for (model::KvType kv : {model::KvType::F16, model::KvType::Q8_0})
        m_kvType->addItem(domain::kvTypeText(kv), domain::kvTypeText(kv));
    m_kvType->setAccessibleName(tr("%1: KV cache type").arg(title));

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Waiting:"), m_policy);
    form->addRow(tr("S&pin time:"), m_spinMicros);
    form->addRow(tr("&Threads:"), m_threads);
    form->addRow(tr("&KV cache:"), m_kvType);
    // The spin time only means something for a fixed spin.
    connect(m_policy, &QComboBox::currentIndexChanged, this,
            [this] { m_spinMicros->setEnabled(m_policy->currentData().toInt() == int(pool::WaitKind::FixedSpin)); });
    setConfig(initial);
}

void AbConfigEditor::setConfig(const domain::AbConfig& c)
{
    m_policy->setCurrentIndex(std::max(0, m_policy->findData(int(c.policy.kind))));
    m_spinMicros->setValue(int(c.policy.spinMicros));
    m_spinMicros->setEnabled(c.policy.kind == pool::WaitKind::FixedSpin);
    m_threads->setValue(c.threads);
    m_kvType->setCurrentIndex(std::max(0, m_kvType->findData(domain::kvTypeText(c.kvCacheType))));
}

domain::AbConfig AbConfigEditor::config() const
{
    domain::AbConfig c;
    c.policy.kind = pool::WaitKind(m_policy->currentData().toInt());
    c.policy.spinMicros = c.policy.kind == pool::WaitKind::FixedSpin ? uint32_t(m_spinMicros->value()) : 0;
    c.threads = m_threads->value();
    c.kvCacheType = domain::kvTypeFromText(m_kvType->currentData().toString()).value_or(model::KvType::F16);
    return c;
}

}  // namespace strata::ui
