#include "app/translations.hpp"

#include <QCoreApplication>
#include <QLocale>
#include <QTranslator>

namespace strata::app {

void installTranslations(QCoreApplication& app, const QString& language)
{
    if (language == QLatin1String("en"))
        return;
    const QLocale locale = language == QLatin1String("de") ? QLocale(QLocale::German) : QLocale();
    // Parented to the application, so it lives exactly as long as the app does.
    auto* translator = new QTranslator(&app);
    if (translator->load(locale, QStringLiteral("strata"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(translator);
    else
        delete translator;
}

}  // namespace strata::app
