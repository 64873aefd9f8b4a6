// What the live panels cost, GUI included: the whole app (an Application on a temporary database,
// window shown) idles for N seconds with the panels open and sampling at 2 Hz, then N seconds with
// every panel closed (sampling stops); the process CPU time of each phase (getrusage) is printed,
// and the difference is the monitor's cost in % of one core. With --model, a model is loaded first
// so the pool's telemetry is read too. Run by tools/dev/measure_panels_cost.sh.
//
//   bench_panels_cost [--seconds N] [--model file.gguf] [--count-paints]
#include "app/application.hpp"
#include "app/engine/engine_controller.hpp"
#include "app/engine/engine_telemetry_link.hpp"
#include "app/telemetry/performance_wiring.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/panels/performance_panels.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QMap>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>
#include <sys/resource.h>

namespace {
// Counts paint events per widget class: shows what a frame makes Qt repaint.
struct PaintCounter : QObject {
    QMap<QString, int> counts;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint)
            ++counts[QString::fromLatin1(watched->metaObject()->className())];
        return false;
    }
};

double processCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
           + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// Idles in the event loop for `seconds`; returns the process's CPU use in % of one core.
double idlePercent(double seconds)
{
    QElapsedTimer wall;
    const double cpu0 = processCpuSeconds();
    wall.start();
    QTest::qWait(int(seconds * 1000));
    return 100.0 * (processCpuSeconds() - cpu0) / (double(wall.nsecsElapsed()) / 1e9);
}
}  // namespace

int main(int argc, char** argv)
{
    QApplication qapp(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption(
        {QStringLiteral("seconds"), QStringLiteral("Seconds per phase."), QStringLiteral("n"), QStringLiteral("60")});
    parser.addOption(
        {QStringLiteral("count-paints"), QStringLiteral("List the widgets repainted while the panels show.")});
    parser.addOption({QStringLiteral("model"), QStringLiteral("Load this GGUF first."), QStringLiteral("file")});
    parser.process(qapp);
    const double seconds = parser.value(QStringLiteral("seconds")).toDouble();

    QTemporaryDir dir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.filePath(QStringLiteral("config")));
    QCoreApplication::setOrganizationName(QStringLiteral("StrataBench"));
    QCoreApplication::setApplicationName(QStringLiteral("StrataBench"));
    strata::app::Application app(dir.filePath(QStringLiteral("bench.sqlite")));
    app.show();
    if (!QTest::qWaitForWindowExposed(&app.window()))
        return 2;
    if (parser.isSet(QStringLiteral("model"))) {
        emit app.window().modelSelector()->loadRequested(parser.value(QStringLiteral("model")));
        QElapsedTimer t;
        t.start();
        while (!app.performance().link().poolTelemetry() && t.elapsed() < 60000)
            QTest::qWait(50);
        if (!app.performance().link().poolTelemetry()) {
            std::fprintf(stderr, "the model did not load\n");
            return 2;
        }
    }
    auto* panels = app.window().panels();
    panels->setAllOpen(true);
    QTest::qWait(1500);  // NVML and the first paints are set-up costs, not the steady state
    PaintCounter paints;
    if (parser.isSet(QStringLiteral("count-paints")))
        qapp.installEventFilter(&paints);
    const double shown = idlePercent(seconds);
    qapp.removeEventFilter(&paints);
    for (auto it = paints.counts.cbegin(); it != paints.counts.cend(); ++it)
        std::printf("  %6d paints  %s\n", it.value(), qPrintable(it.key()));
    // The same sampling without the panels' painting: what the telemetry thread alone costs.
    QObject::disconnect(&app.performance().telemetry(), nullptr, panels, nullptr);
    QTest::qWait(1500);
    const double samplingOnly = idlePercent(seconds);
    panels->setAllOpen(false);
    QTest::qWait(1500);
    const double hidden = idlePercent(seconds);
    std::printf("panels shown (sampling at 2 Hz): %.3f%% of one core\n", shown);
    std::printf("sampling, frames not shown:       %.3f%% of one core\n", samplingOnly);
    std::printf("panels hidden (no sampling):      %.3f%% of one core\n", hidden);
    std::printf("monitor cost, GUI included:        %.3f%% of one core (%s, %.0f s per phase)\n", shown - hidden,
                parser.isSet(QStringLiteral("model")) ? "model loaded" : "no model", seconds);
    return 0;
}
