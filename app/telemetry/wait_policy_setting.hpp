// The waiting policy the user chose in the main window, kept in QSettings under
// "pool/waitPolicy" as "adaptive", "park" or "fixed:<µs>" (the text pool::parseWaitPolicy reads).
// It is applied to every model's pool when the model is loaded.
#pragma once

#include "strata/pool/wait_policy.hpp"

#include <QString>
#include <optional>

class QSettings;

namespace strata::app {

inline const QString kWaitPolicySettingsKey = QStringLiteral("pool/waitPolicy");

QString waitPolicySettingText(const pool::WaitPolicy& policy);
// Nothing when the key is absent or its text is not a policy (a hand-edited file).
std::optional<pool::WaitPolicy> loadWaitPolicy(const QSettings& settings);
void saveWaitPolicy(QSettings& settings, const pool::WaitPolicy& policy);

}  // namespace strata::app
