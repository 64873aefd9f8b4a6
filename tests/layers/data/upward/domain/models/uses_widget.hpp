// Fixture: the domain layer has no widgets.
#pragma once
#include <QString>
#include <QWidget>
#include "strata/gguf/file.hpp"
