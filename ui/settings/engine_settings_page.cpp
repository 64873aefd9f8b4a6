#include "ui/settings/engine_settings_page.hpp"

#include "domain/settings/kv_type_text.hpp"
#include "domain/settings/number_list_text.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QSpinBox>

#include <algorithm>

namespace strata::ui {
namespace {

// The device list's entry for a layer split over several GPUs (issue 24); -1 is the CPU, n GPU n.
constexpr int kSplitDevices = -2;

// How the dialog spells a list of GPUs or budgets.
const QString kListSeparator = QStringLiteral(", ");

}  // namespace

EngineSettingsPage::EngineSettingsPage(int physicalCores, const std::vector<CudaDeviceInfo>& gpus, QWidget* parent)
    : QWidget(parent), m_threads(new QSpinBox(this)), m_pin(new QCheckBox(tr("&Pin worker threads to cores"), this)),
      m_context(new QSpinBox(this)), m_kvType(new QComboBox(this)), m_batch(new QSpinBox(this)),
      m_device(new QComboBox(this)), m_gpuBudgets(new QLineEdit(this)), m_vramBudget(new QSpinBox(this)),
      m_gpuWait(new QComboBox(this)), m_experts(new QComboBox(this)), m_expertBudget(new QSpinBox(this)),
      m_cpuExpertLayers(new QSpinBox(this)), m_wakeAhead(new QComboBox(this))
{
    setObjectName(QStringLiteral("engineSettingsPage"));
    m_threads->setObjectName(QStringLiteral("threadsBox"));
    m_threads->setRange(0, 1024);
    m_threads->setSpecialValueText(tr("automatic (physical cores: %1)").arg(physicalCores));
    m_threads->setAccessibleName(tr("Threads"));
    auto* threadsHint =
        new QLabel(tr("Physical cores on this machine: %1. One thread per physical core is usually fastest: the "
                      "matrix work is limited by memory bandwidth and each core's vector units, and a second "
                      "hardware thread on the same core (SMT) shares both, so it adds waiting, not speed.")
                       .arg(physicalCores),
                   this);
    threadsHint->setWordWrap(true);
    threadsHint->setObjectName(QStringLiteral("threadsHint"));

    m_pin->setObjectName(QStringLiteral("pinThreadsBox"));
    m_pin->setToolTip(tr("Pinned workers never migrate between cores. This helps on an otherwise idle "
                         "machine and hurts when other programs need the same cores."));

    m_context->setObjectName(QStringLiteral("contextBox"));
    m_context->setRange(0, 1 << 20);
    m_context->setSingleStep(1024);
    m_context->setSpecialValueText(tr("the model's (up to 4096)"));
    m_context->setSuffix(tr(" tokens"));
    m_context->setAccessibleName(tr("Context length"));

    m_kvType->setObjectName(QStringLiteral("kvTypeBox"));
    m_kvType->addItem(tr("f16 (exact)"), domain::kvTypeText(model::KvType::F16));
    m_kvType->addItem(tr("q8_0 (half the memory)"), domain::kvTypeText(model::KvType::Q8_0));
    m_kvType->setAccessibleName(tr("KV cache type"));

    m_batch->setObjectName(QStringLiteral("batchBox"));
    m_batch->setRange(0, 8192);
    // 0: the engine chooses (8192 tokens for a hybrid MoE on the GPU, whose missed experts are
    // copied once per chunk; 512 otherwise).
    m_batch->setSpecialValueText(tr("Automatic"));
    m_batch->setSingleStep(64);
    m_batch->setSuffix(tr(" tokens"));
    m_batch->setAccessibleName(tr("Prefill batch size"));

    // The item data is EnginePreferences::gpu: -1 for the CPU, the CUDA index for a GPU.
    m_device->setObjectName(QStringLiteral("deviceBox"));
    m_device->setAccessibleName(tr("Device"));
    m_device->addItem(tr("CPU"), -1);
    for (const CudaDeviceInfo& gpu : gpus) {
        m_device->addItem(tr("GPU %1: %2").arg(gpu.index).arg(QString::fromStdString(gpu.name)), gpu.index);
        m_split << gpu.index;
    }
    // A model larger than one GPU: its layers in contiguous ranges over every GPU (issue 24).
    if (gpus.size() > 1)
        m_device->addItem(tr("GPUs %1: layers split").arg(domain::numberListText(m_split, kListSeparator)),
                          kSplitDevices);
    m_gpuBudgets->setObjectName(QStringLiteral("gpuBudgetsBox"));
    m_gpuBudgets->setAccessibleName(tr("Budget per GPU"));
    m_gpuBudgets->setPlaceholderText(tr("all free VRAM on each"));
    m_gpuBudgets->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral(R"(^\s*\d{0,8}(\s*,\s*\d{0,8})*\s*$)")), this));
    m_gpuBudgets->setToolTip(
        tr("For a split over several GPUs: the MiB the model may take on each, in the order of the "
           "list, e.g. \"20000, 0\" (0: all free VRAM). Each GPU gets a share of the layers in "
           "proportion, with their KV cache."));
    auto* deviceHint = new QLabel(
        gpus.empty() ? tr("No GPU the engine can use was found, so models run on the CPU.")
                     : tr("A model that does not fit on the GPU is not loaded, and the one loaded before stays; "
                          "Strata does not move it to the CPU by itself. The error says how much VRAM it needs; "
                          "choose the CPU here to run it there."),
        this);
    deviceHint->setWordWrap(true);
    deviceHint->setObjectName(QStringLiteral("deviceHint"));

    m_vramBudget->setObjectName(QStringLiteral("vramBudgetBox"));
    m_vramBudget->setRange(0, 1 << 24);  // MiB: up to 16 TiB
    m_vramBudget->setSingleStep(1024);
    m_vramBudget->setSpecialValueText(tr("all free VRAM"));
    m_vramBudget->setSuffix(tr(" MiB"));
    m_vramBudget->setAccessibleName(tr("VRAM budget"));
    m_vramBudget->setToolTip(tr("The most the model may take on the GPU: weights, KV cache and scratch."));
    // The item data is model::CudaHostWait as an int.
    m_gpuWait->setObjectName(QStringLiteral("gpuWaitBox"));
    m_gpuWait->setAccessibleName(tr("GPU wait"));
    m_gpuWait->addItem(tr("blocking sync (the host sleeps)"), int(model::CudaHostWait::BlockingSync));
    m_gpuWait->addItem(tr("spin (takes a whole core)"), int(model::CudaHostWait::Spin));
    m_gpuWait->addItem(tr("yield (polls, yielding the core)"), int(model::CudaHostWait::Yield));
    m_gpuWait->addItem(tr("adaptive (sleeps until the GPU is nearly done, then polls)"),
                       int(model::CudaHostWait::Adaptive));
    m_gpuWait->setToolTip(tr("How the engine thread waits for each step on the GPU. Blocking sync leaves the "
                             "core to other work; spinning reacts a little sooner but keeps a core busy; "
                             "adaptive sleeps until a step is nearly done, then polls briefly."));
    // The item data is model::ExpertPlacement as an int.
    m_experts->setObjectName(QStringLiteral("expertsBox"));
    m_experts->setAccessibleName(tr("MoE experts"));
    m_experts->addItem(tr("all in VRAM"), int(model::ExpertPlacement::Gpu));
    m_experts->addItem(tr("hybrid: VRAM cache of the hottest experts"), int(model::ExpertPlacement::Cache));
    m_experts->addItem(tr("first N layers' experts on the CPU"), int(model::ExpertPlacement::CpuLayers));
    m_experts->setToolTip(tr("Where a mixture-of-experts model's experts live when it runs on the GPU. The "
                             "experts not in VRAM run on the CPU's worker pool at the same time as the GPU, so a "
                             "model larger than the VRAM still runs mostly on the GPU. Other models ignore this."));
    m_expertBudget->setObjectName(QStringLiteral("expertBudgetBox"));
    m_expertBudget->setRange(0, 1 << 24);  // MiB
    m_expertBudget->setSingleStep(1024);
    m_expertBudget->setSpecialValueText(tr("none: every expert on the CPU"));
    m_expertBudget->setSuffix(tr(" MiB"));
    m_expertBudget->setAccessibleName(tr("Expert VRAM budget"));
    m_expertBudget->setToolTip(tr("VRAM for the experts the model's routing uses most; it learns which while you "
                                  "chat and remembers them for the next start."));
    m_cpuExpertLayers->setObjectName(QStringLiteral("cpuExpertLayersBox"));
    m_cpuExpertLayers->setRange(0, 4096);
    m_cpuExpertLayers->setSuffix(tr(" layers"));
    m_cpuExpertLayers->setAccessibleName(tr("Layers with experts on the CPU"));
    // The item data is model::ExpertWakeAhead.
    m_wakeAhead->setObjectName(QStringLiteral("expertWakeAheadBox"));
    m_wakeAhead->addItem(tr("Automatic"), int(model::ExpertWakeAhead::Auto));
    m_wakeAhead->addItem(tr("On"), int(model::ExpertWakeAhead::On));
    m_wakeAhead->addItem(tr("Off"), int(model::ExpertWakeAhead::Off));
    m_wakeAhead->setAccessibleName(tr("Wake the CPU's workers ahead"));
    m_wakeAhead->setToolTip(tr("On: the worker threads for a layer's CPU experts are woken when the GPU has its work "
                               "and sleep between layers. Off: they are woken when the routing reaches the CPU. "
                               "Automatic: on while few experts per layer miss the VRAM, where it saves CPU, and off "
                               "while many do, where it costs speed."));
    const auto enableBudget = [this] {
        const int device = m_device->currentData().toInt();
        const bool gpu = device >= 0 || device == kSplitDevices;
        m_gpuBudgets->setEnabled(device == kSplitDevices);
        const auto experts = model::ExpertPlacement(m_experts->currentData().toInt());
        m_vramBudget->setEnabled(gpu);
        m_gpuWait->setEnabled(gpu);
        m_experts->setEnabled(gpu);
        m_expertBudget->setEnabled(gpu && experts == model::ExpertPlacement::Cache);
        m_cpuExpertLayers->setEnabled(gpu && experts == model::ExpertPlacement::CpuLayers);
        m_wakeAhead->setEnabled(gpu && experts != model::ExpertPlacement::Gpu);
    };
    enableBudget();

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Threads:"), m_threads);
    form->addRow(QString(), threadsHint);
    form->addRow(tr("Affinity:"), m_pin);
    form->addRow(tr("&Context length:"), m_context);
    form->addRow(tr("&KV cache type:"), m_kvType);
    form->addRow(tr("Prefill &batch size:"), m_batch);
    form->addRow(tr("&Device:"), m_device);
    form->addRow(QString(), deviceHint);
    form->addRow(tr("Budget per &GPU (MiB):"), m_gpuBudgets);
    form->addRow(tr("&VRAM budget:"), m_vramBudget);
    form->addRow(tr("GPU &wait:"), m_gpuWait);
    form->addRow(tr("MoE &experts:"), m_experts);
    form->addRow(tr("Expert VRAM b&udget:"), m_expertBudget);
    form->addRow(tr("Expert &layers on the CPU:"), m_cpuExpertLayers);
    form->addRow(tr("Wake the CPU's workers a&head:"), m_wakeAhead);

    connect(m_threads, &QSpinBox::valueChanged, this, &EngineSettingsPage::changed);
    connect(m_pin, &QCheckBox::toggled, this, &EngineSettingsPage::changed);
    connect(m_context, &QSpinBox::valueChanged, this, &EngineSettingsPage::changed);
    connect(m_kvType, &QComboBox::currentIndexChanged, this, &EngineSettingsPage::changed);
    connect(m_batch, &QSpinBox::valueChanged, this, &EngineSettingsPage::changed);
    connect(m_device, &QComboBox::currentIndexChanged, this, enableBudget);
    connect(m_device, &QComboBox::currentIndexChanged, this, &EngineSettingsPage::changed);
    connect(m_gpuBudgets, &QLineEdit::textChanged, this, &EngineSettingsPage::changed);
    connect(m_vramBudget, &QSpinBox::valueChanged, this, &EngineSettingsPage::changed);
    connect(m_gpuWait, &QComboBox::currentIndexChanged, this, &EngineSettingsPage::changed);
    connect(m_experts, &QComboBox::currentIndexChanged, this, enableBudget);
    connect(m_experts, &QComboBox::currentIndexChanged, this, &EngineSettingsPage::changed);
    connect(m_expertBudget, &QSpinBox::valueChanged, this, &EngineSettingsPage::changed);
    connect(m_cpuExpertLayers, &QSpinBox::valueChanged, this, &EngineSettingsPage::changed);
    connect(m_wakeAhead, &QComboBox::currentIndexChanged, this, &EngineSettingsPage::changed);
}

void EngineSettingsPage::setValues(const domain::EnginePreferences& v)
{
    m_threads->setValue(v.threads);
    m_pin->setChecked(v.pinThreads);
    m_context->setValue(v.contextLength);
    m_kvType->setCurrentIndex(std::max(0, m_kvType->findData(domain::kvTypeText(v.kvCacheType))));
    m_batch->setValue(v.batchSize);
    // A GPU saved on another machine (or one gone since) stays chosen and says so, rather than
    // silently becoming the CPU: the next load then fails with the engine's reason.
    if (!v.splitGpus.isEmpty()) {
        // The saved split, whether or not it is every GPU found here (another machine's stays chosen).
        m_split = QList<int>{v.gpu} + v.splitGpus;
        if (m_device->findData(kSplitDevices) < 0)
            m_device->addItem(QString(), kSplitDevices);
        m_device->setItemText(m_device->findData(kSplitDevices),
                              tr("GPUs %1: layers split").arg(domain::numberListText(m_split, kListSeparator)));
        m_device->setCurrentIndex(m_device->findData(kSplitDevices));
    } else {
        if (m_device->findData(v.gpu) < 0)
            m_device->addItem(tr("GPU %1: not found").arg(v.gpu), v.gpu);
        m_device->setCurrentIndex(m_device->findData(v.gpu));
    }
    m_gpuBudgets->setText(domain::numberListText(v.gpuBudgetsMiB, kListSeparator));
    m_vramBudget->setValue(v.vramBudgetMiB);
    m_gpuWait->setCurrentIndex(std::max(0, m_gpuWait->findData(int(v.gpuWait))));
    m_experts->setCurrentIndex(std::max(0, m_experts->findData(int(v.experts))));
    m_expertBudget->setValue(v.expertBudgetMiB);
    m_cpuExpertLayers->setValue(v.cpuExpertLayers);
    m_wakeAhead->setCurrentIndex(std::max(0, m_wakeAhead->findData(int(v.expertWakeAhead))));
}

domain::EnginePreferences EngineSettingsPage::values() const
{
    domain::EnginePreferences v;
    v.threads = m_threads->value();
    v.pinThreads = m_pin->isChecked();
    v.contextLength = m_context->value();
    v.kvCacheType = domain::kvTypeFromText(m_kvType->currentData().toString()).value_or(model::KvType::F16);
    v.batchSize = m_batch->value();
    v.gpu = m_device->currentData().toInt();
    if (v.gpu == kSplitDevices) {
        v.gpu = m_split.value(0, 0);
        v.splitGpus = m_split.mid(1);
        for (const QString& item : m_gpuBudgets->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
            v.gpuBudgetsMiB << std::max(0, item.trimmed().toInt());
    }
    v.vramBudgetMiB = m_vramBudget->value();
    v.gpuWait = model::CudaHostWait(m_gpuWait->currentData().toInt());
    v.experts = model::ExpertPlacement(m_experts->currentData().toInt());
    v.expertBudgetMiB = m_expertBudget->value();
    v.cpuExpertLayers = m_cpuExpertLayers->value();
    v.expertWakeAhead = model::ExpertWakeAhead(m_wakeAhead->currentData().toInt());
    return v;
}

}  // namespace strata::ui
