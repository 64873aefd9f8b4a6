#include "app/translations.hpp"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace strata::app {
namespace {

// Installs one catalogue, parented to the application so it lives exactly as long as the app does.
bool installCatalogue(QCoreApplication& app, const QLocale& locale, const QString& name, const QString& folder)
{
    auto* translator = new QTranslator(&app);
    if (translator->load(locale, name, QStringLiteral("_"), folder))
        return QCoreApplication::installTranslator(translator);
    delete translator;
    return false;
}

}  // namespace

QLocale translationLocale(const QString& language)
{
    if (language == QLatin1String("de") || language == QLatin1String("zh_CN"))
        return QLocale(language);
    return QLocale::system();  // "system" or anything unknown: the system's language
}

bool installTranslations(QCoreApplication& app, const QString& language)
{
    if (language == QLatin1String("en"))
        return false;
    const QLocale locale = translationLocale(language);
    // Strata's own catalogues are compiled in (ui/CMakeLists.txt, qt_add_translations), so the build
    // folder and the installed package load them the same way.
    if (!installCatalogue(app, locale, QStringLiteral("strata"), QStringLiteral(":/i18n")))
        return false;
    // Numbers, sizes and dates (QLocale() wherever they are shown) follow the chosen language, so a
    // German window on an English system writes "12,5 tok/s" rather than mixing the two.
    QLocale::setDefault(locale);
    // Qt's own strings (standard buttons, file dialogs) come from the system's Qt translations
    // (Debian: qt6-translations-l10n, which the package recommends); without them they stay English.
    installCatalogue(app, locale, QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    return true;
}

}  // namespace strata::app
