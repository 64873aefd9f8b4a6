// The panel widgets on hand-made frames: every core of a big machine fits and stays readable, the
// pool's workers land on their cores with their state, the expert stagers are marked on theirs with
// a line of their threads and CPU, the pool panel shows a streamed long prompt's timings per chunk
// (or a plain note when nothing streamed), the GPU panel says when there is no
// driver, figures follow the locale, the policy bar emits only the user's choices, and the expert-cache map paints each
// expert's state in its colour (or says that no hybrid model is loaded).
#include "domain/telemetry/telemetry_frame.hpp"
#include "ui/panels/cpu_cores_panel.hpp"
#include "ui/panels/expert_map_panel.hpp"
#include "ui/panels/gpu_panel.hpp"
#include "ui/panels/pool_panel.hpp"
#include "ui/panels/prefill_timings_view.hpp"
#include "ui/panels/rolling_chart.hpp"
#include "ui/panels/token_rate_panel.hpp"
#include "ui/panels/wait_policy_bar.hpp"

#include <QComboBox>
#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QPalette>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

using namespace strata;
using domain::TelemetryFrame;
using ui::CpuCoresPanel;

namespace {
TelemetryFrame frameWithCores(int cores)
{
    TelemetryFrame f;
    for (int i = 0; i < cores; ++i)
        f.system.cores.push_back({i, true, float(i % 101)});
    return f;
}
// Two layers of four experts: layer 0 holds experts 0 and 1 in VRAM, layer 1 none.
TelemetryFrame frameWithExperts()
{
    using Use = model::ExpertTelemetry::Use;
    TelemetryFrame f;
    f.experts.emplace();
    f.experts->layers.resize(2);
    f.experts->experts = 4;
    f.experts->resident = {1, 1, 0, 0, 0, 0, 0, 0};
    f.experts->lastPass = {Use::Hit,    Use::Unused, Use::Missed, Use::Unused,
                           Use::Missed, Use::Unused, Use::Unused, Use::Unused};
    f.expertRates.hitPercent = 62.5;
    f.expertRates.layerHitPercent = {75.0, 0.0};
    f.expertRates.cpuExpertMillisPerToken = 1.25;
    f.expertRates.completionWaitP50Micros = 40;
    f.expertRates.completionWaitP99Micros = 1500;
    f.expertRates.pcieMiBPerToken = 3.5;
    return f;
}

QColor pixelAtCentre(const QImage& image, const QRect& cell)
{
    return image.pixelColor(cell.center());
}
}  // namespace

class TestPanelWidgets : public QObject {
    Q_OBJECT
private slots:
    void everyCoreFitsAndStaysReadable_data()
    {
        QTest::addColumn<int>("cores");
        QTest::addColumn<QSize>("area");
        QTest::addColumn<int>("minCell");
        QTest::newRow("8 cores, small dock") << 8 << QSize(200, 80) << 20;
        QTest::newRow("64 cores") << 64 << QSize(260, 120) << 10;
        QTest::newRow("128 cores") << 128 << QSize(300, 150) << 10;
        QTest::newRow("256 cores") << 256 << QSize(400, 200) << 10;
    }
    void everyCoreFitsAndStaysReadable()
    {
        QFETCH(int, cores);
        QFETCH(QSize, area);
        QFETCH(int, minCell);
        const CpuCoresPanel::Grid grid = CpuCoresPanel::gridFor(cores, area);
        QVERIFY(grid.columns * grid.rows >= cores);
        QVERIFY(grid.columns * (grid.cell + 2) - 2 <= area.width());
        QVERIFY(grid.rows * (grid.cell + 2) - 2 <= area.height());
        QVERIFY2(grid.cell >= minCell, qPrintable(QString::number(grid.cell)));
    }

    void workersAreMarkedOnTheirCores()
    {
        TelemetryFrame f = frameWithCores(16);
        f.pool.emplace();
        f.pool->workers.resize(3);
        f.pool->workers[0].state = pool::ThreadState::Busy;
        f.pool->workers[1].state = pool::ThreadState::Parked;
        f.pool->workers[2].state = pool::ThreadState::Spinning;
        f.workerCores = {3, 7, -1};  // worker 2 not seen yet
        CpuCoresPanel panel;
        panel.resize(300, 150);
        panel.showFrame(f);
        QCOMPARE(panel.coreCount(), 16);
        QCOMPARE(panel.workerOnCore(3), 0);
        QVERIFY(panel.stateOnCore(3) == pool::ThreadState::Busy);
        QCOMPARE(panel.workerOnCore(7), 1);
        QVERIFY(panel.stateOnCore(7) == pool::ThreadState::Parked);
        QCOMPARE(panel.workerOnCore(0), -1);
        QVERIFY(!panel.grab().isNull());  // paints without a window
    }

    // The expert stagers' cores are marked (a pool worker's mark wins on a shared core) and a legend
    // line sums their threads and CPU, in the locale's format; the legend still wraps, never cut.
    void stagersAreMarkedWithTheirCpuInTheLegend()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German));
        TelemetryFrame f = frameWithCores(8);
        f.pool.emplace();
        f.pool->workers.resize(1);
        f.workerCores = {2};
        f.stagers = domain::ThreadGroupUsage{3, 150.0, {2, 4, 6}};
        CpuCoresPanel panel;
        panel.resize(300, 150);
        panel.showFrame(f);
        const QString line = panel.stagerLine();
        QLocale::setDefault(before);
        QVERIFY2(line.contains(QStringLiteral("3")) && line.contains(QStringLiteral("1,5")), qPrintable(line));
        QVERIFY(panel.stagerOnCore(4) && panel.stagerOnCore(6) && !panel.stagerOnCore(5));
        QCOMPARE(panel.workerOnCore(2), 0);  // the pool worker keeps its mark
        QCOMPARE(panel.legendLines() > 0, true);
        panel.resize(panel.minimumSizeHint().width(), 150);
        QVERIFY(panel.legendBounds().right() < panel.width());
        QVERIFY(!panel.grab().isNull());

        f.stagers.reset();
        panel.showFrame(f);
        QVERIFY(panel.stagerLine().isEmpty());
        QVERIFY(!panel.stagerOnCore(4));
    }

    // The legend wraps in a narrow dock rather than being cut, and stays on one line in a wide one.
    void coresLegendWrapsInsteadOfBeingCut()
    {
        CpuCoresPanel panel;
        panel.showFrame(frameWithCores(8));
        panel.resize(500, 150);
        QCOMPARE(panel.legendLines(), 1);
        QVERIFY(panel.legendBounds().right() < panel.width());
        panel.resize(panel.minimumSizeHint().width(), 150);
        QVERIFY(panel.legendLines() >= 2);
        QVERIFY2(
            panel.legendBounds().right() < panel.width(),
            qPrintable(QStringLiteral("legend to x=%1 in %2 px").arg(panel.legendBounds().right()).arg(panel.width())));
        QVERIFY(panel.legendBounds().bottom() < panel.height());
        QVERIFY(!panel.grab().isNull());
    }

    void expertMapPaintsEachState()
    {
        using Cell = ui::ExpertMapPanel::Cell;
        ui::ExpertMapPanel panel;
        panel.resize(400, 300);
        panel.showFrame(frameWithExperts());
        QVERIFY(panel.hasMap());
        QCOMPARE(panel.layerCount(), 2);
        QCOMPARE(panel.expertCount(), 4);
        const std::vector<std::pair<QPoint, Cell>> expected = {
            {{0, 0}, Cell::ResidentHit}, {{0, 1}, Cell::ResidentUnused}, {{0, 2}, Cell::Missed},
            {{0, 3}, Cell::CpuUnused},   {{1, 0}, Cell::Missed},         {{1, 1}, Cell::CpuUnused}};
        const QImage image = panel.grab().toImage();
        for (const auto& [at, cell] : expected) {
            QVERIFY(panel.cellAt(at.x(), at.y()) == cell);
            const QRect r = panel.cellRect(at.x(), at.y());
            QVERIFY2(r.width() >= 10 && r.height() >= 10, "cells fill the panel");
            QCOMPARE(pixelAtCentre(image, r), ui::ExpertMapPanel::cellColor(cell));
        }
        // Four distinct colours: no two states look alike.
        QSet<QRgb> colours;
        for (Cell c : {Cell::ResidentHit, Cell::ResidentUnused, Cell::Missed, Cell::CpuUnused})
            colours.insert(ui::ExpertMapPanel::cellColor(c).rgb());
        QCOMPARE(colours.size(), 4);
        QVERIFY2(panel.summaryText().contains(QStringLiteral("62.5%")), qPrintable(panel.summaryText()));
        QVERIFY(panel.summaryText().contains(QStringLiteral("1.25 ms/token")));
        QVERIFY(panel.summaryText().contains(QStringLiteral("40 µs / 1.50 ms")));
        QVERIFY(panel.summaryText().contains(QStringLiteral("3.50 MiB/token")));
    }

    // The learnt cache's heat: within a layer, a cold expert is painted paler than a hot one of the same state.
    void expertMapShowsHeatAsBrightness()
    {
        TelemetryFrame f = frameWithExperts();
        f.experts->heat = {8, 8, 8, 8, 8, 8, 8, 0.5f};  // layer 1: experts 1 and 3 unused on the CPU, 3 cold
        ui::ExpertMapPanel panel;
        panel.resize(400, 300);
        panel.showFrame(f);
        const QImage image = panel.grab().toImage();
        const QColor hot = pixelAtCentre(image, panel.cellRect(1, 1));
        const QColor cold = pixelAtCentre(image, panel.cellRect(1, 3));
        QCOMPARE(hot, ui::ExpertMapPanel::cellColor(ui::ExpertMapPanel::Cell::CpuUnused));
        const QColor base = panel.palette().base().color();
        const auto distance = [&base](const QColor& c) {
            return std::abs(c.red() - base.red()) + std::abs(c.green() - base.green())
                   + std::abs(c.blue() - base.blue());
        };
        QVERIFY2(distance(cold) < distance(hot) / 2, qPrintable(cold.name() + QLatin1Char(' ') + hot.name()));
        QVERIFY(panel.summaryText().contains(QStringLiteral("learnt cache")));
    }

    // No hybrid placement (a CPU model, all experts in VRAM, no model, a malformed map): the empty state.
    void expertMapSaysWhenNoHybridModelIsLoaded()
    {
        ui::ExpertMapPanel panel;
        panel.resize(400, 300);
        QVERIFY(!panel.hasMap());
        QCOMPARE(panel.summaryText(), QStringLiteral("No hybrid model loaded"));
        panel.showFrame(frameWithExperts());
        QVERIFY(panel.hasMap());
        panel.showFrame(TelemetryFrame{});
        QVERIFY(!panel.hasMap());
        QCOMPARE(panel.summaryText(), QStringLiteral("No hybrid model loaded"));
        QVERIFY(panel.cellRect(0, 0).isNull());
        const QImage image = panel.grab().toImage();
        const QRgb hit = ui::ExpertMapPanel::cellColor(ui::ExpertMapPanel::Cell::ResidentHit).rgb();
        for (int y = 0; y < image.height(); y += 3)
            for (int x = 0; x < image.width(); x += 3)
                QVERIFY(image.pixel(x, y) != hit);  // no map is painted
        TelemetryFrame truncated = frameWithExperts();
        truncated.experts->lastPass.pop_back();  // sizes that disagree are not drawn from
        panel.showFrame(truncated);
        QVERIFY(!panel.hasMap());
    }

    void gpuPanelSaysWhenThereIsNoDriver()
    {
        TelemetryFrame f = frameWithCores(2);
        f.system.gpuStatus = "no NVIDIA driver (libnvidia-ml.so.1: cannot open shared object file)";
        ui::GpuPanel panel;
        panel.showFrame(f);
        QVERIFY(panel.statusText().startsWith(QStringLiteral("No NVIDIA driver")));
        QVERIFY(panel.statusText().contains(QStringLiteral("libnvidia-ml.so.1")));
        QVERIFY(!panel.chartShown());

        telemetry::GpuSample gpu;
        gpu.name = "NVIDIA H200";
        gpu.utilizationPercent = 42;
        gpu.memoryUsedBytes = std::uint64_t{12} << 30;
        gpu.memoryTotalBytes = std::uint64_t{141} << 30;
        f.system.gpus = {gpu};
        f.system.gpuStatus = "NVML: 1 GPU";
        panel.showFrame(f);
        QVERIFY(panel.chartShown());
        QVERIFY2(panel.statusText().contains(QStringLiteral("NVIDIA H200: 42%")), qPrintable(panel.statusText()));
        QVERIFY(panel.statusText().contains(QStringLiteral("12.0 / 141.0 GiB")));
        QVERIFY(!panel.statusText().contains(QStringLiteral("Strata")));  // NVML did not say

        f.system.gpus[0].processMemoryUsedBytes = std::uint64_t{3} << 29;
        panel.showFrame(f);
        QVERIFY2(panel.statusText().contains(QStringLiteral("VRAM 12.0 / 141.0 GiB, Strata 1.5 GiB")),
                 qPrintable(panel.statusText()));
    }

    void poolPanelShowsPolicyAndRates()
    {
        TelemetryFrame f = frameWithCores(4);
        ui::PoolPanel panel;
        panel.showFrame(f);
        QCOMPARE(panel.policyText(), poolPanelNoModel());
        f.pool.emplace();
        f.pool->policy = pool::WaitPolicy::fixedSpin(250);
        f.poolRates.completionWaitP50Micros = 12.5;
        panel.showFrame(f);
        QCOMPARE(panel.policyText(), QStringLiteral("fixed-spin 250us"));
    }

    // A streamed long prompt's chunks: where their time went, per chunk, in the locale's format;
    // before any streamed, one plain note instead of empty figures.
    void poolPanelShowsPrefillTimingsPerChunk()
    {
        using Figure = ui::PrefillTimingsView::Figure;
        TelemetryFrame f = frameWithCores(4);
        f.pool.emplace();
        ui::PoolPanel panel;
        panel.showFrame(f);
        const ui::PrefillTimingsView& view = *panel.prefillTimings();
        QVERIFY(!view.showsTimings());
        QVERIFY(view.noteText().contains(QStringLiteral("nothing streamed")));

        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German));
        f.prefillStream = domain::PrefillStreamRates{3, 24576, 12.26, 1.5, 310.0, 42.76, 1234.5};
        panel.showFrame(f);
        const QStringList shown = {view.figureText(Figure::Chunks),   view.figureText(Figure::RoutingWait),
                                   view.figureText(Figure::Grouping), view.figureText(Figure::Copies),
                                   view.figureText(Figure::CopyWait), view.figureText(Figure::Gpu)};
        QLocale::setDefault(before);
        QVERIFY(view.showsTimings());
        QVERIFY(view.noteText().isEmpty());
        QVERIFY2(shown[0].contains(QStringLiteral("3")) && shown[0].contains(QStringLiteral("24.576")),
                 qPrintable(shown[0]));
        QCOMPARE(shown.mid(1),
                 (QStringList{QStringLiteral("12,3 ms"), QStringLiteral("1,5 ms"), QStringLiteral("310,0 ms"),
                              QStringLiteral("42,8 ms"), QStringLiteral("1.234,5 ms")}));
        // A model without a pool (unloaded) and no stream: the note again.
        panel.showFrame(frameWithCores(4));
        QVERIFY(!view.showsTimings());
        QVERIFY(!view.noteText().isEmpty());
    }

    void tokenChartKeepsTheLastMinute()
    {
        ui::TokenRatePanel panel;
        TelemetryFrame f;
        for (int i = 0; i < 200; ++i) {
            f.decodeTokensPerSecond = i;
            panel.showFrame(f);
        }
        QCOMPARE(panel.chart()->sampleCount(), 120);
        QCOMPARE(panel.chart()->lastValue(1), 199.0);
        QVERIFY(panel.caption().contains(QStringLiteral("199.0")));
    }

    // With a remote model the caption shows what the stream tells: the live decode rate and the last
    // reply's rate and time to first token, no prefill rate; a local model brings the local caption back.
    void tokenPanelShowsARemoteReplysFirstTokenTime()
    {
        ui::TokenRatePanel panel;
        TelemetryFrame f;
        f.prefillTokensPerSecond = 812.0;
        f.decodeTokensPerSecond = 37.5;
        panel.showFrame(f);
        QCOMPARE(panel.caption(), QStringLiteral("Prefill 812.0 tok/s · Decode 37.5 tok/s"));
        panel.setRemoteModel(true);
        QCOMPARE(panel.caption(),
                 QStringLiteral("Remote model · Decode 37.5 tok/s · first token: after the first reply"));
        panel.showRemoteReply(41.25, 183.4);
        QCOMPARE(panel.caption(),
                 QStringLiteral("Remote model · Decode 37.5 tok/s · last reply 41.3 tok/s, first token after 183 ms"));
        f.decodeTokensPerSecond = 0;  // the reply ended: the live rate falls, the last reply's figures stay
        panel.showFrame(f);
        QCOMPARE(panel.caption(),
                 QStringLiteral("Remote model · Decode 0.0 tok/s · last reply 41.3 tok/s, first token after 183 ms"));
        panel.setRemoteModel(true);  // another remote model: no reply of its own yet
        QVERIFY2(panel.caption().endsWith(QStringLiteral("after the first reply")), qPrintable(panel.caption()));
        panel.showRemoteReply(20, 90);
        panel.setRemoteModel(false);
        QCOMPARE(panel.caption(), QStringLiteral("Prefill 812.0 tok/s · Decode 0.0 tok/s"));
    }

    // Figures follow the default locale (the app sets it from the chosen language): a German user
    // reads decimal commas.
    void panelsWriteNumbersInTheLocalesFormat()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German));
        TelemetryFrame f = frameWithCores(2);
        telemetry::GpuSample gpu;
        gpu.name = "NVIDIA H200";
        gpu.memoryUsedBytes = std::uint64_t{12} << 30;
        gpu.memoryTotalBytes = std::uint64_t{141} << 30;
        gpu.processMemoryUsedBytes = std::uint64_t{3} << 29;
        f.system.gpus = {gpu};
        f.decodeTokensPerSecond = 1234.5;
        ui::GpuPanel gpuPanel;
        gpuPanel.showFrame(f);
        ui::TokenRatePanel ratePanel;
        ratePanel.showFrame(f);
        QLocale::setDefault(before);
        QVERIFY2(gpuPanel.statusText().contains(QStringLiteral("VRAM 12,0 / 141,0 GiB, Strata 1,5 GiB")),
                 qPrintable(gpuPanel.statusText()));
        QVERIFY2(ratePanel.caption().contains(QStringLiteral("Decode 1.234,5 tok/s")), qPrintable(ratePanel.caption()));
    }

    // The grid is drawn in one opaque colour (Qt would split a translucent line's blend across its
    // thread pool); it must look exactly like the translucent line over the base it replaces.
    void chartGridLooksLikeTheTranslucentLine_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("small") << QSize(160, 90);
        QTest::newRow("tall") << QSize(301, 277);
        QTest::newRow("wide") << QSize(523, 150);
    }
    void chartGridLooksLikeTheTranslucentLine()
    {
        QFETCH(QSize, size);
        for (const QColor& base : {QColor(Qt::white), QColor(0x20, 0x24, 0x2a)}) {
            ui::RollingChart chart(120, 100);  // no series, no samples: background, grid and scale
            QPalette palette = chart.palette();
            palette.setColor(QPalette::Base, base);
            palette.setColor(QPalette::Text,
                             base.lightness() > 128 ? QColor(0x10, 0x30, 0x60) : QColor(0xe0, 0xd0, 0xc0));
            chart.setPalette(palette);
            chart.resize(size);
            const QImage shown = chart.grab().toImage();

            QImage expected(shown.size(), shown.format());
            expected.setDevicePixelRatio(shown.devicePixelRatio());
            QPainter p(&expected);
            p.fillRect(QRect(QPoint(), size), palette.window());
            const QRectF area = QRectF(QRect(QPoint(), size)).adjusted(1, 1, -1, -1);
            p.fillRect(area, palette.base());
            QColor grid = palette.text().color();
            grid.setAlphaF(0.15);
            p.setPen(grid);
            for (int i = 1; i < 4; ++i) {
                const double y = area.top() + area.height() * i / 4.0;
                p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
            }
            p.end();
            // Below the scale's label (top right) the two must be equal pixel for pixel.
            const int firstRow = chart.fontMetrics().height() + 4;
            QVERIFY(firstRow < int(area.top() + area.height() / 4.0));
            int differing = 0;
            for (int y = firstRow; y < shown.height(); ++y)
                for (int x = 0; x < shown.width(); ++x)
                    differing += shown.pixel(x, y) != expected.pixel(x, y);
            QCOMPARE(differing, 0);
            // And the grid is really there (not the base everywhere).
            const int gridRow = int(area.top() + area.height() / 2.0);
            bool seen = false;
            for (int y = gridRow - 1; y <= gridRow + 1; ++y)
                seen = seen || shown.pixel(size.width() / 2, y) != base.rgb();
            QVERIFY(seen);
        }
    }

    void policyBarEmitsOnlyChoices()
    {
        ui::WaitPolicyBar bar;
        QSignalSpy chosen(&bar, &ui::WaitPolicyBar::policyChosen);
        bar.setPolicy(pool::WaitPolicy::fixedSpin(500));  // showing a policy is not a choice
        QCOMPARE(chosen.count(), 0);
        QVERIFY(bar.policy() == pool::WaitPolicy::fixedSpin(500));
        QVERIFY(bar.microsBox()->isEnabled());
        bar.kindBox()->setCurrentIndex(bar.kindBox()->findData(int(pool::WaitKind::Park)));
        QCOMPARE(chosen.count(), 1);
        QVERIFY(chosen.last().at(0).value<pool::WaitPolicy>() == pool::WaitPolicy::park());
        QVERIFY(!bar.microsBox()->isEnabled());
        bar.choose(pool::WaitPolicy::fixedSpin(20000));
        QCOMPARE(chosen.count(), 2);
        QVERIFY(chosen.last().at(0).value<pool::WaitPolicy>() == pool::WaitPolicy::fixedSpin(20000));
        bar.microsBox()->setValue(300);  // a new µs value under fixed spin is a choice too
        QCOMPARE(chosen.count(), 3);
        QVERIFY(chosen.last().at(0).value<pool::WaitPolicy>() == pool::WaitPolicy::fixedSpin(300));
    }

private:
    static QString poolPanelNoModel() { return ui::PoolPanel::tr("no model loaded"); }
};

QTEST_MAIN(TestPanelWidgets)
#include "test_panel_widgets.moc"
