// strata: the desktop application's entry point.
#include "app/application.hpp"
#include "app/command_line.hpp"
#include "app/quit_after_start.hpp"
#include "app/translations.hpp"
#include "domain/settings/preferences_store.hpp"
#include "domain/storage/data_folder.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <cstdio>

namespace {

void describeApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("Strata"));
    QCoreApplication::setOrganizationName(QStringLiteral("Strata"));
    QCoreApplication::setApplicationVersion(QStringLiteral(STRATA_VERSION));
}

// --help and --version must work without a display (in a terminal over SSH, in CI).
int runTextOnly(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    describeApplication();
    strata::app::installTranslations(app);
    QCommandLineParser parser;
    strata::app::configureCommandLine(parser);
    parser.process(app);  // prints --help and exits
    if (parser.isSet(QStringLiteral("version"))) {
        std::fputs(qPrintable(strata::app::versionText()), stdout);
        return 0;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    if (strata::app::wantsTextOnly(argc, argv))
        return runTextOnly(argc, argv);

    QApplication app(argc, argv);
    describeApplication();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/strata.svg")));
    // Ties the windows to the installed launcher (Wayland's app id), so the dock shows its icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.strata.Strata"));
    {
        QSettings settings;
        // Before any part opens a file in it: the chats of older versions move to the new folder.
        const strata::domain::DataFolderMove move = strata::domain::moveLegacyDataFolder(settings);
        if (!move.error.isEmpty())
            qWarning("strata: %s; using the old folder", qPrintable(move.error));
    }
    {
        // The language is read once, before any widget exists (the settings panel says so).
        QSettings settings;
        strata::app::installTranslations(app, strata::domain::PreferencesStore(settings).load().language);
    }

    QCommandLineParser parser;
    strata::app::configureCommandLine(parser);
    parser.process(app);

    const strata::app::ModelArgument model = strata::app::modelArgument(parser);
    if (!model.error.isEmpty()) {
        std::fprintf(stderr, "strata: %s\n", qPrintable(model.error));
        return 2;
    }

    strata::app::Application application;  // store, engine thread, window and their wiring
    application.show(model.path);
    if (parser.isSet(QString::fromLatin1(strata::app::kQuitAfterStart)))
        strata::app::quitOnceShown(application.window(), std::chrono::seconds(60));
    return app.exec();
}
