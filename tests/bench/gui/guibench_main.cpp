// strata-guibench: how long the chat window's event loop stalls while a reply streams into a
// long conversation. Run it on a display (Xvfb) or offscreen; see docs/BENCHMARKS.md.
//
// It opens the real window (Application: store, engine thread, coordinator, chat view) on a
// temporary database holding one conversation of --messages messages with code blocks, tables
// and reasoning, sends a message through the chat panel, and streams the reply at --rate tokens/s
// through the engine's path (TokenPlayer: TokenCoalescer -> EngineController::tokensReady ->
// ChatCoordinator -> ChatView). A StallProbe measures the event loop's lateness first while idle
// (the probe's own floor) and then while streaming. Exit status 2 when the longest stall while
// streaming is over the --budget.
#include "app/application.hpp"
#include "app/chat_coordinator.hpp"
#include "app/engine/engine_controller.hpp"
#include "domain/chat/think_tag_splitter.hpp"
#include "tests/bench/gui/bench_session.hpp"
#include "tests/bench/gui/sample_conversation.hpp"
#include "tests/bench/gui/stall_probe.hpp"
#include "tests/bench/gui/token_player.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/chat_view.hpp"
#include "ui/chat/message_widget.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QThread>
#include <QWindow>
#include <cstdio>

using namespace strata;

namespace {

void printStats(const char* what, const bench::StallStats& s)
{
    std::printf("%-28s samples %7lld   max %7.2f ms   p99 %6.2f ms   p50 %5.2f ms   >16 ms: %lld\n", what,
                static_cast<long long>(s.samples), s.maxMs, s.p99Ms, s.p50Ms, static_cast<long long>(s.over16Ms));
}

int intOption(const QCommandLineParser& parser, const QString& name)
{
    return parser.value(name).toInt();
}

}  // namespace

int main(int argc, char** argv)
{
    QApplication qapp(argc, argv);
    QCommandLineParser parser;
    bench::describeTool(parser, QStringLiteral("Event-loop stalls of the chat window while a reply streams."));
    parser.addOptions({
        {QStringLiteral("messages"), QStringLiteral("Messages already in the conversation."), QStringLiteral("n"),
         QStringLiteral("240")},
        {QStringLiteral("tokens"), QStringLiteral("Tokens in the streamed reply."), QStringLiteral("n"),
         QStringLiteral("3000")},
        {QStringLiteral("rate"), QStringLiteral("Tokens per second."), QStringLiteral("n"), QStringLiteral("200")},
        {QStringLiteral("budget"), QStringLiteral("Longest acceptable stall in ms."), QStringLiteral("ms"),
         QStringLiteral("16")},
        {QStringLiteral("busiest"),
         QStringLiteral("List the n streaming intervals with the most GUI CPU and the n latest, stamped with "
                        "CLOCK_MONOTONIC (as `perf record -k mono`)."),
         QStringLiteral("n"), QStringLiteral("0")},
    });
    parser.process(qapp);
    const int messageCount = intOption(parser, QStringLiteral("messages"));
    const int tokenCount = intOption(parser, QStringLiteral("tokens"));
    const int rate = intOption(parser, QStringLiteral("rate"));
    const double budgetMs = parser.value(QStringLiteral("budget")).toDouble();
    const int busiestCount = intOption(parser, QStringLiteral("busiest"));
    if (messageCount < 0 || tokenCount <= 0 || rate <= 0) {
        std::fprintf(stderr, "--messages, --tokens and --rate must be positive\n");
        return 1;
    }

    bench::BenchSession session;
    if (!session.isValid()
        || !session.addConversation(QStringLiteral("Long conversation"), bench::sampleConversation(messageCount)))
        return 1;

    // The app starts with the conversation open: it builds the newest messages before the first
    // frame and the older ones in idle-time batches afterwards (ChatView).
    QElapsedTimer opening;
    opening.start();
    const qint64 openingCpuStart = bench::StallProbe::threadCpuNs();
    app::Application application(session.databasePath());
    ui::MainWindow& window = application.window();
    window.resize(1100, 720);
    application.show();
    if (!bench::waitFor([&] { return window.windowHandle() && window.windowHandle()->isExposed(); }, 10000)) {
        std::fprintf(stderr, "the window was never shown\n");
        return 1;
    }
    ui::ChatView* view = window.chatPanel()->chatView();
    if (view->messageCount() != messageCount) {
        std::fprintf(stderr, "the view holds %d messages, expected %d\n", view->messageCount(), messageCount);
        return 1;
    }
    const double openMs = double(opening.nsecsElapsed()) / 1e6;
    const double openCpuMs = double(bench::StallProbe::threadCpuNs() - openingCpuStart) / 1e6;
    const int builtAtOpen = int(view->messageWidgets().size());

    // The older messages build while the window is already usable: how long, and what it costs the
    // event loop meanwhile.
    bench::StallProbe backfillProbe;
    backfillProbe.start();
    if (!bench::waitFor([&] { return view->pendingCount() == 0; }, 60000)) {
        std::fprintf(stderr, "the older messages were never built\n");
        return 1;
    }
    backfillProbe.stop();
    const double backfillMs = double(opening.nsecsElapsed()) / 1e6;
    const double backfillCpuMs = double(bench::StallProbe::threadCpuNs() - openingCpuStart) / 1e6;
    if (view->messageWidgets().size() != messageCount) {
        std::fprintf(stderr, "the view shows %lld messages, expected %d\n",
                     static_cast<long long>(view->messageWidgets().size()), messageCount);
        return 1;
    }
    bench::settle(500);

    // The reply comes from the player instead of a model; everything after tokensReady is the app's.
    const QString reply = bench::sampleStreamedReply(tokenCount);
    const QStringList pieces = bench::splitIntoTokens(reply);
    app::EngineController* engine = application.engine().controller();
    QThread playerThread;
    playerThread.setObjectName(QStringLiteral("token-player"));
    bench::TokenPlayer player(engine, pieces, rate);
    player.moveToThread(&playerThread);
    playerThread.start();
    bench::routeChatRequests(application.coordinator(), engine, &player);

    bench::StallProbe probe;
    probe.start();
    bench::settle(2000);
    probe.stop();
    const bench::StallStats idle = probe.stats();
    const bench::StallStats idleBusy = probe.busyStats();

    const double streamStartS = bench::StallProbe::monotonicS();
    probe.start();
    QElapsedTimer streaming;
    streaming.start();
    emit window.chatPanel()->sendRequested(QStringLiteral("Tell me more, with code and a table."));
    const double timeoutMs = 1000.0 * pieces.size() / rate * 3 + 10000;
    const bool finished = bench::waitFor([&] { return !application.coordinator().isReplying(); }, int(timeoutMs));
    bench::settle(200);  // what the last update set off (layout, paint) belongs to the stream
    probe.stop();
    const double streamSeconds = double(streaming.nsecsElapsed()) / 1e9;
    playerThread.quit();
    playerThread.wait();
    if (!finished) {
        std::fprintf(stderr, "the reply did not finish\n");
        return 1;
    }

    // The view must show exactly the reply that was streamed, or the figures mean nothing.
    const QList<ui::MessageWidget*> widgets = view->messageWidgets();
    const domain::ThinkTagSplitter::Parts expected = domain::splitThinkTags(reply);
    if (widgets.size() != messageCount + 2 || widgets.back()->content() != expected.answer) {
        std::fprintf(stderr, "the streamed reply was not shown intact (%lld widgets)\n",
                     static_cast<long long>(widgets.size()));
        return 1;
    }

    const bench::StallStats stats = probe.stats();
    std::printf("platform %s, %d messages in view, reply of %lld tokens (%lld chars) at %d tok/s "
                "(achieved %.1f tok/s, %d GUI updates, %.1f s)\n",
                qPrintable(QGuiApplication::platformName()), messageCount, static_cast<long long>(pieces.size()),
                static_cast<long long>(reply.size()), rate, player.achievedTokensPerSecond(), player.updatesSent(),
                streamSeconds);
    std::printf("starting with the conversation open (%d messages, %d built up front) until shown: %.1f ms "
                "(GUI thread CPU %.1f ms)\n",
                messageCount, builtAtOpen, openMs, openCpuMs);
    std::printf("all %d messages built (in idle-time batches) after: %.1f ms (GUI thread CPU %.1f ms)\n", messageCount,
                backfillMs, backfillCpuMs);
    printStats("building older: lateness", backfillProbe.stats());
    printStats("building older: GUI CPU/int.", backfillProbe.busyStats());
    printStats("idle: lateness (floor)", idle);
    printStats("idle: GUI CPU per interval", idleBusy);
    printStats("streaming: lateness", stats);
    printStats("streaming: GUI CPU/interval", probe.busyStats());
    if (busiestCount > 0) {
        const auto print = [&](const bench::ProbeInterval& interval) {
            std::printf(
                "  ended %.6f s (+%.3f s)   GUI CPU %6.2f ms   lateness %6.2f ms   waiting for a core %6.2f ms\n",
                interval.endMonotonicS, interval.endMonotonicS - streamStartS, interval.cpuMs, interval.latenessMs,
                interval.waitMs);
        };
        std::printf("streaming started at CLOCK_MONOTONIC %.6f s; busiest intervals:\n", streamStartS);
        for (const bench::ProbeInterval& interval : probe.busiest(busiestCount))
            print(interval);
        std::printf("latest intervals (waiting for a core: -1 = not known here):\n");
        for (const bench::ProbeInterval& interval : probe.latest(busiestCount))
            print(interval);
    }
    const bool withinBudget = stats.maxMs < budgetMs;
    std::printf("longest stall while streaming: %.2f ms = %.2f of the %.1f ms budget: %s\n", stats.maxMs,
                stats.maxMs / budgetMs, budgetMs, withinBudget ? "PASS" : "FAIL");
    return withinBudget ? 0 : 2;
}
