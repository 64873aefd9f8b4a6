// Fixture: the API server (plain C++ over the engine) must not use the Qt domain layer.
#include "domain/models/model_entry.hpp"
