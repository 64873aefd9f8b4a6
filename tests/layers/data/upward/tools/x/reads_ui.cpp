// Fixture: tools use the engine only.
#include "ui/main_window.hpp"
