// Fixture: the app may use every layer below it.
#include "ui/main_window.hpp"
#include "domain/chat/chat_types.hpp"
#include "strata/core/error.hpp"
