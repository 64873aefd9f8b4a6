#include "app/command_line.hpp"

#include "ui/build_features.hpp"

#include <QCoreApplication>
#include <QFileInfo>
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
    parser.addPositionalArgument(QStringLiteral("model"),
                                 QCoreApplication::translate("CommandLine", "A GGUF model file to open in the chat."),
                                 QStringLiteral("[model.gguf]"));
}

ModelArgument modelArgument(const QCommandLineParser& parser)
{
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1)
        return {{},
                QCoreApplication::translate("CommandLine", "one model file at a time, not %1: %2")
                    .arg(files.size())
                    .arg(files.join(QStringLiteral(", ")))};
    if (files.isEmpty())
        return {};
    // Absolute, so that the recent models and the library name the file wherever the app started.
    return {QFileInfo(files.first()).absoluteFilePath(), {}};
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
