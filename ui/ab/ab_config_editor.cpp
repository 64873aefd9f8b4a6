#include "ui/ab/ab_config_editor.hpp"

#include "domain/settings/kv_type_text.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QSpinBox>

namespace strata::ui {

AbConfigEditor::AbConfigEditor(const QString& title, const domain::AbConfig& initial, QWidget* parent)
    : QGroupBox(title, parent), m_policy(new QComboBox(this)), m_spinMicros(new QSpinBox(this)),
      m_threads(new QSpinBox(this)), m_kvType(new QComboBox(this)), m_device(new QComboBox(this)),
      m_experts(new QComboBox(this)), m_expertBudget(new QSpinBox(this)), m_cpuExpertLayers(new QSpinBox(this))
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
    m_device->setObjectName(QStringLiteral("abDeviceBox"));
    m_device->setAccessibleName(tr("%1: device").arg(title));
    setGpus({});
    // The item data is model::ExpertPlacement as an int (as on the settings' engine page).
    m_experts->setObjectName(QStringLiteral("abExpertsBox"));
    m_experts->setAccessibleName(tr("%1: MoE experts").arg(title));
    m_experts->addItem(tr("all in VRAM"), int(model::ExpertPlacement::Gpu));
    m_experts->addItem(tr("hybrid: VRAM cache"), int(model::ExpertPlacement::Cache));
    m_experts->addItem(tr("first N layers on the CPU"), int(model::ExpertPlacement::CpuLayers));
    m_expertBudget->setObjectName(QStringLiteral("abExpertBudgetBox"));
    m_expertBudget->setRange(0, 1 << 24);
    m_expertBudget->setSingleStep(1024);
    m_expertBudget->setSuffix(tr(" MiB"));
    m_expertBudget->setAccessibleName(tr("%1: expert VRAM budget").arg(title));
    m_cpuExpertLayers->setObjectName(QStringLiteral("abCpuExpertLayersBox"));
    m_cpuExpertLayers->setRange(0, 4096);
    m_cpuExpertLayers->setSuffix(tr(" layers"));
    m_cpuExpertLayers->setAccessibleName(tr("%1: layers with experts on the CPU").arg(title));

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Waiting:"), m_policy);
    form->addRow(tr("S&pin time:"), m_spinMicros);
    form->addRow(tr("&Threads:"), m_threads);
    form->addRow(tr("&KV cache:"), m_kvType);
    form->addRow(tr("&Device:"), m_device);
    form->addRow(tr("&Experts:"), m_experts);
    form->addRow(tr("Expert &budget:"), m_expertBudget);
    form->addRow(tr("CPU expert &layers:"), m_cpuExpertLayers);
    // The spin time only means something for a fixed spin.
    connect(m_policy, &QComboBox::currentIndexChanged, this,
            [this] { m_spinMicros->setEnabled(m_policy->currentData().toInt() == int(pool::WaitKind::FixedSpin)); });
    // The expert values only for a GPU, each for its placement.
    const auto enableExperts = [this] {
        const bool gpu = m_device->currentData().toInt() >= 0;
        const auto experts = model::ExpertPlacement(m_experts->currentData().toInt());
        m_experts->setEnabled(gpu);
        m_expertBudget->setEnabled(gpu && experts == model::ExpertPlacement::Cache);
        m_cpuExpertLayers->setEnabled(gpu && experts == model::ExpertPlacement::CpuLayers);
    };
    connect(m_device, &QComboBox::currentIndexChanged, this, enableExperts);
    connect(m_experts, &QComboBox::currentIndexChanged, this, enableExperts);
    setConfig(initial);
    enableExperts();
}

void AbConfigEditor::setGpus(const std::vector<CudaDeviceInfo>& gpus)
{
    const int chosen = m_device->count() > 0 ? m_device->currentData().toInt() : -1;
    m_device->clear();
    m_device->addItem(tr("CPU"), -1);
    for (const CudaDeviceInfo& gpu : gpus)
        m_device->addItem(tr("GPU %1: %2").arg(gpu.index).arg(QString::fromStdString(gpu.name)), gpu.index);
    m_device->setCurrentIndex(std::max(0, m_device->findData(chosen)));
}

void AbConfigEditor::setConfig(const domain::AbConfig& c)
{
    m_policy->setCurrentIndex(std::max(0, m_policy->findData(int(c.policy.kind))));
    m_spinMicros->setValue(int(c.policy.spinMicros));
    m_spinMicros->setEnabled(c.policy.kind == pool::WaitKind::FixedSpin);
    m_threads->setValue(c.threads);
    m_kvType->setCurrentIndex(std::max(0, m_kvType->findData(domain::kvTypeText(c.kvCacheType))));
    if (m_device->findData(c.gpu) < 0)  // as in the settings: a GPU not found stays chosen and says so
        m_device->addItem(tr("GPU %1: not found").arg(c.gpu), c.gpu);
    m_device->setCurrentIndex(m_device->findData(c.gpu));
    m_experts->setCurrentIndex(std::max(0, m_experts->findData(int(c.experts))));
    m_expertBudget->setValue(c.expertBudgetMiB);
    m_cpuExpertLayers->setValue(c.cpuExpertLayers);
}

domain::AbConfig AbConfigEditor::config() const
{
    domain::AbConfig c;
    c.policy.kind = pool::WaitKind(m_policy->currentData().toInt());
    c.policy.spinMicros = c.policy.kind == pool::WaitKind::FixedSpin ? uint32_t(m_spinMicros->value()) : 0;
    c.threads = m_threads->value();
    c.kvCacheType = domain::kvTypeFromText(m_kvType->currentData().toString()).value_or(model::KvType::F16);
    c.gpu = m_device->currentData().toInt();
    c.experts = model::ExpertPlacement(m_experts->currentData().toInt());
    c.expertBudgetMiB = m_expertBudget->value();
    c.cpuExpertLayers = m_cpuExpertLayers->value();
    return c;
}

}  // namespace strata::ui
