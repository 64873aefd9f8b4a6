// The settings panel's engine part <-> what a model load takes (app/engine/engine_requests.hpp).
#pragma once

#include "app/engine/engine_requests.hpp"
#include "domain/settings/preferences.hpp"

namespace strata::app {

ModelLoadOptions loadOptionsFrom(const domain::EnginePreferences& preferences);
domain::EnginePreferences enginePreferencesFrom(const ModelLoadOptions& options);

}  // namespace strata::app
