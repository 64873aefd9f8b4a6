#include "app/command_line.hpp"

#include "ui/build_features.hpp"

#include <QCoreApplication>
#include <cstring>

namespace strata::app {

void configureCommandLine(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("CommandLine", "Strata: run large language models locally."));
    parser.addHelpOption();
    // Our own --version (not addVersionOption) so it can list the build's features.
    parser.addOption(QCommandLineOption(
        {QStringLiteral("v"), QStringLiteral("version")},
        QCoreApplication::translate("CommandLine", "Print the version and build features, then exit.")));
    parser.addOption(QCommandLineOption(
        QString::fromLatin1(kQuitAfterStart),
        QCoreApplication::translate("CommandLine", "Exit by itself (status 0) once the main window is shown: "
                                                   "checks that the app starts.")));
}

bool wantsTextOnly(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        for (const char* flag : {"-h", "--help", "--help-all", "-v", "--version", "-?"})
            if (std::strcmp(argv[i], flag) == 0)
                return true;
    }
    return false;
}

QString versionText()
{
    return QStringLiteral("Strata %1\nQt %2 (built with %3)\n%4\n")
        .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR),
             ui::buildFeaturesText());
}

}  // namespace strata::app
