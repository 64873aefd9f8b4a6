// The settings panel's engine part <-> what a model load takes (app/engine/engine_requests.hpp).
#pragma once

#include "app/engine/engine_requests.hpp"
#include "ui/settings/preferences.hpp"

namespace strata::app {

ModelLoadOptions loadOptionsFrom(const ui::EnginePreferences& preferences);
ui::EnginePreferences enginePreferencesFrom(const ModelLoadOptions& options);

}  // namespace strata::app
