// Fixture: widgets must not use the app.
#include "domain/chat/chat_types.hpp"
#include "app/application.hpp"
