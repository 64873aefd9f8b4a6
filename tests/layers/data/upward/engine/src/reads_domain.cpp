// Fixture: the engine must not use the domain layer.
#include "domain/models/model_entry.hpp"
