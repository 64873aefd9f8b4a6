// The command line of `strata`: --help, --version and the options later features add.
#pragma once

#include <QCommandLineParser>

namespace strata::app {

// `--quit-after-start`: exit once the main window is shown (app/quit_after_start.hpp).
inline constexpr char kQuitAfterStart[] = "quit-after-start";

// Adds Strata's options (and --help/--version) to an empty parser.
void configureCommandLine(QCommandLineParser& parser);

// The GGUF file named on the command line (`strata path/to/model.gguf`, as llama.cpp's tools and
// LM Studio's CLI take it), made absolute; empty when none. More than one: `error` says so.
struct ModelArgument {
    QString path;
    QString error;
};
ModelArgument modelArgument(const QCommandLineParser& parser);

// True when the arguments only ask for --help or --version, which need no window system.
bool wantsTextOnly(int argc, char** argv);

// The text `strata --version` prints: the version and the build's features.
QString versionText();

}  // namespace strata::app
