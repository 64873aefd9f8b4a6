// strata-chat-screenshot: saves a picture of the main window with a conversation that shows what
// the chat view renders (Markdown, a code block, a table, collapsed reasoning) and a small
// generated model really loaded, and with --panels every performance panel open. The window takes
// the size it takes on first start from the screen, so the picture shows what a new user sees at that
// screen size. tools/dev/chat_screenshots.sh runs it under Xvfb in both themes and at 1280x800 and
// 1920x1080.
//
// The dark theme is the palette a dark desktop gives Qt (here set by hand, since Xvfb has no
// desktop); the window only uses palette roles, so this is what a user with a dark theme sees.
#include "app/application.hpp"
#include "strata/gguf/synthetic_model.hpp"
#include "strata/tokenizer/synthetic_vocabulary.hpp"
#include "tests/bench/gui/bench_session.hpp"
#include "tests/bench/gui/sample_conversation.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/chat_view.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/chat/welcome_view.hpp"
#include "ui/panels/performance_panels.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QPalette>
#include <QPixmap>
#include <QScrollBar>
#include <QStyle>
#include <QStyleFactory>
#include <QWindow>
#include <cstdio>

using namespace strata;

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(42, 46, 50), base(27, 30, 32), text(232, 232, 232), disabled(120, 124, 128);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(38, 42, 46));
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(150, 154, 158));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(49, 54, 59));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 90, 90));
    p.setColor(QPalette::Light, QColor(64, 70, 76));
    p.setColor(QPalette::Midlight, QColor(56, 61, 66));
    p.setColor(QPalette::Mid, QColor(36, 40, 44));
    p.setColor(QPalette::Dark, QColor(20, 22, 24));
    p.setColor(QPalette::Shadow, QColor(10, 10, 10));
    p.setColor(QPalette::Highlight, QColor(61, 174, 233));
    p.setColor(QPalette::HighlightedText, QColor(252, 252, 252));
    p.setColor(QPalette::Link, QColor(41, 128, 185).lighter(140));
    p.setColor(QPalette::LinkVisited, QColor(127, 140, 141));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

}  // namespace

int main(int argc, char** argv)
{
    QApplication qapp(argc, argv);
    QCommandLineParser parser;
    bench::describeTool(parser, QStringLiteral("Saves a screenshot of the chat window."));
    const QCommandLineOption themeOption(QStringLiteral("theme"), QStringLiteral("light or dark."),
                                         QStringLiteral("theme"), QStringLiteral("light"));
    const QCommandLineOption outputOption(QStringLiteral("output"), QStringLiteral("PNG file to write."),
                                          QStringLiteral("file"));
    const QCommandLineOption panelsOption(QStringLiteral("panels"), QStringLiteral("Open every performance panel."));
    parser.addOption(themeOption);
    parser.addOption(outputOption);
    parser.addOption(panelsOption);
    parser.process(qapp);
    const QString theme = parser.value(themeOption);
    const QString output = parser.value(outputOption);
    if (output.isEmpty() || (theme != QLatin1String("light") && theme != QLatin1String("dark"))) {
        std::fprintf(stderr, "usage: strata-chat-screenshot --theme light|dark [--panels] --output FILE.png\n");
        return 1;
    }
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(theme == QLatin1String("dark") ? darkPalette() : QApplication::style()->standardPalette());

    bench::BenchSession session;
    const QList<domain::ChatMessage> older = bench::sampleConversation(4);
    if (!session.isValid()
        || !session.addConversation(QStringLiteral("Merging sorted lists in Python"), older.mid(0, 2))
        || !session.addConversation(QStringLiteral("SQLite WAL mode"), older.mid(2, 2))
        || !session.addConversation(QStringLiteral("Counting words in a file"), bench::showcaseConversation()))
        return 1;

    gguf::ModelSpec spec;
    spec.architecture = "qwen3";
    spec.name = "Strata demo (random weights)";
    spec.weightType = gguf::GgmlType::Q8_0;
    spec.context = 2048;
    const QString model = session.filePath(QStringLiteral("demo-qwen3-Q8_0.gguf"));
    try {
        tokenizer::syntheticModelFile(spec, tokenizer::syntheticByteVocabulary()).write(model.toStdString());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "cannot write the demo model: %s\n", e.what());
        return 1;
    }

    app::Application application(session.databasePath());
    ui::MainWindow& window = application.window();
    window.panels()->setAllOpen(parser.isSet(panelsOption));
    application.show();
    emit window.modelSelector()->loadRequested(model);
    if (!bench::waitFor(
            [&] {
                return window.windowHandle() && window.windowHandle()->isExposed()
                       && !window.chatPanel()->welcomeView()->isVisible();
            },
            30000)) {
        std::fprintf(stderr, "the window did not show the loaded model\n");
        return 1;
    }
    bench::settle(parser.isSet(panelsOption) ? 1500 : 500);  // layout, message heights; the panels' first frames
    // Start at the question: the view follows the bottom, which would cut it off.
    window.chatPanel()->chatView()->verticalScrollBar()->setValue(0);
    bench::settle(100);
    if (!window.grab().save(output)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(output));
        return 1;
    }
    std::printf("%s\n", qPrintable(output));
    return 0;
}
