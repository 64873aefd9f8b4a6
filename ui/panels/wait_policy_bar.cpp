#include "ui/panels/wait_policy_bar.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

namespace strata::ui {

namespace {
// What "Fixed spin" starts with: the order of one gap between batches on a small model.
constexpr int kDefaultSpinMicros = 100;
}  // namespace

WaitPolicyBar::WaitPolicyBar(QWidget* parent) : QWidget(parent), m_kind(new QComboBox), m_micros(new QSpinBox)
{
    setObjectName(QStringLiteral("waitPolicyBar"));
    m_kind->setObjectName(QStringLiteral("waitPolicyKind"));
    m_kind->addItem(tr("Adaptive"), int(pool::WaitKind::Adaptive));
    m_kind->addItem(tr("Fixed spin"), int(pool::WaitKind::FixedSpin));
    m_kind->addItem(tr("Park"), int(pool::WaitKind::Park));
    m_kind->setAccessibleName(tr("Worker waiting policy"));
    m_kind->setToolTip(tr("How the engine's idle worker threads wait for the next batch. Applied at once, "
                          "also while a reply is being generated."));
    m_micros->setObjectName(QStringLiteral("waitPolicyMicros"));
    m_micros->setRange(1, 60'000'000);  // the pool accepts up to 60 s
    m_micros->setValue(kDefaultSpinMicros);
    m_micros->setSuffix(tr(" µs"));
    m_micros->setAccessibleName(tr("Spin time in microseconds"));
    m_micros->setKeyboardTracking(false);  // one change per committed value, not per keystroke
    m_micros->setEnabled(false);

    auto* label = new QLabel(tr("&Waiting:"));
    label->setBuddy(m_kind);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(label);
    layout->addWidget(m_kind);
    layout->addWidget(m_micros);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        m_micros->setEnabled(policy().kind == pool::WaitKind::FixedSpin);
        emitChoice();
    });
    connect(m_micros, &QSpinBox::valueChanged, this, [this] {
        if (policy().kind == pool::WaitKind::FixedSpin)
            emitChoice();
    });
}

void WaitPolicyBar::setPolicy(const pool::WaitPolicy& policy)
{
    const QSignalBlocker blockKind(m_kind);
    const QSignalBlocker blockMicros(m_micros);
    m_kind->setCurrentIndex(m_kind->findData(int(policy.kind)));
    if (policy.kind == pool::WaitKind::FixedSpin)
        m_micros->setValue(int(policy.spinMicros));
    m_micros->setEnabled(policy.kind == pool::WaitKind::FixedSpin);
}

pool::WaitPolicy WaitPolicyBar::policy() const
{
    switch (pool::WaitKind(m_kind->currentData().toInt())) {
    case pool::WaitKind::FixedSpin: return pool::WaitPolicy::fixedSpin(std::uint32_t(m_micros->value()));
    case pool::WaitKind::Park: return pool::WaitPolicy::park();
    case pool::WaitKind::Adaptive: break;
    }
    return pool::WaitPolicy::adaptive();
}

void WaitPolicyBar::choose(const pool::WaitPolicy& policy)
{
    setPolicy(policy);
    emitChoice();
}

void WaitPolicyBar::emitChoice()
{
    emit policyChosen(policy());
}

}  // namespace strata::ui
