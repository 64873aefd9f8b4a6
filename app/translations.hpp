#pragma once

class QCoreApplication;

namespace strata::app {

// Installs the translation for the system's language, when Strata has one.
void installTranslations(QCoreApplication& app);

}  // namespace strata::app
