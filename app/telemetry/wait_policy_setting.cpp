#include "app/telemetry/wait_policy_setting.hpp"

#include "strata/core/error.hpp"

#include <QSettings>

namespace strata::app {

QString waitPolicySettingText(const pool::WaitPolicy& policy)
{
    switch (policy.kind) {
    case pool::WaitKind::FixedSpin: return QStringLiteral("fixed:%1").arg(policy.spinMicros);
    case pool::WaitKind::Park: return QStringLiteral("park");
    case pool::WaitKind::Adaptive: break;
    }
    return QStringLiteral("adaptive");
}

std::optional<pool::WaitPolicy> loadWaitPolicy(const QSettings& settings)
{
    const QString text = settings.value(kWaitPolicySettingsKey).toString();
    if (text.isEmpty())
        return std::nullopt;
    try {
        return pool::parseWaitPolicy(text.toStdString());
    } catch (const Error&) {
        return std::nullopt;
    }
}

void saveWaitPolicy(QSettings& settings, const pool::WaitPolicy& policy)
{
    settings.setValue(kWaitPolicySettingsKey, waitPolicySettingText(policy));
}

}  // namespace strata::app
