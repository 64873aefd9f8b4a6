#include "app/translations.hpp"

#include <QCoreApplication>
#include <QLocale>
#include <QTranslator>

namespace strata::app {

void installTranslations(QCoreApplication& app)
{
    // Parented to the application, so it lives exactly as long as the app does.
    auto* translator = new QTranslator(&app);
    if (translator->load(QLocale(), QStringLiteral("strata"), QStringLiteral("_"),
                         QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(translator);
    else
        delete translator;
}

}  // namespace strata::app
