#pragma once

#include <QString>

class QCoreApplication;

namespace strata::app {

// Installs the translation for `language` ("en", "de") or, for "system" (or anything else), the
// system's language, when Strata has one. English needs none: it is the source language.
void installTranslations(QCoreApplication& app, const QString& language = QStringLiteral("system"));

}  // namespace strata::app
