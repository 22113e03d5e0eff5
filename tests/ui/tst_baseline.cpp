// A pinned baseline, offscreen: pin, swap and unpin as undo steps; every chart draws the
// baseline's series as core computes them; the ledger shows its column, the change and why;
// a file keeps it with the view; a second window starts from a copy.
#include "../test_points.h"
#include "chart_factory.h"
#include "kv_strategy.h"
#include "ledger_view.h"
#include "main_window.h"
#include "polyline.h"
#include "reality_chart.h"
#include "roofline_panel.h"
#include "scenario_compare.h"
#include "scenario_controller.h"
#include "scenario_document.h"
#include "serving_series.h"
#include "session_chart.h"
#include "slider_field.h"
#include "strategy_panel.h"
#include "test_scenarios.h"
#include "test_window.h"
#include "view_settings.h"

#include <QAction>
#include <QBarSeries>
#include <QBarSet>
#include <QComboBox>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QMenu>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QXYSeries>

using namespace kvl;
using kvl::test::findSeries;
using kvl::test::scaled;
using kvl::test::seedWindow;

namespace {

Scenario fp8(Scenario s = Scenario::seed())
{
    s.kvPrecision = Precision::of(NumberFormat::FP8);
    return s;
}

Scenario eightGpus()
{
    Scenario s = Scenario::seed();
    s.gpus = 8;
    s.context = 131'072;
    s.batch = 8;
    return s;
}

QAction *action(QWidget *w, const char *name)
{
    return w->findChild<QAction *>(QLatin1String(name));
}

} // namespace

class TestBaseline : public QObject
{
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;
    ScenarioController *controller() { return m_window->controller(); }

    // The baseline pinned, then the scenario changed to `now`: how a lecturer sets up a compare.
    void compare(const Scenario &baseline, const Scenario &now)
    {
        controller()->replace(baseline, QString());
        action(m_window.get(), "pinBaseline")->trigger();
        controller()->replace(now, QString());
        QVERIFY(controller()->baseline());
        QCOMPARE(*controller()->baseline(), baseline);
        m_window->document()->setInteractive(false);
        for (int i = 0; i < m_window->views()->count(); ++i) // every page drawn
            m_window->views()->setCurrentIndex(i);
        m_window->views()->setCurrentIndex(0);
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        m_window = seedWindow({1600, 1000});
        m_window->viewSettings()->setUnits(ByteUnits::SI); // a test before may have saved others
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() { m_window.reset(); }

    // Pin, change, flip back and forth with one key, unpin: each an undo step, the flips none.
    void pinSwapUnpin()
    {
        QVERIFY(!action(m_window.get(), "swapBaseline")->isEnabled());
        action(m_window.get(), "pinBaseline")->trigger();
        QCOMPARE(*controller()->baseline(), Scenario::seed());
        QVERIFY(action(m_window.get(), "swapBaseline")->isEnabled());
        controller()->edit(QString(), [](Scenario &s) { s.kvPrecision = fp8().kvPrecision; });
        const int steps = controller()->undoStack()->count();
        QTest::keyClick(m_window.get(), Qt::Key_F8);
        QCOMPARE(controller()->scenario(), Scenario::seed());
        QCOMPARE(*controller()->baseline(), fp8());
        QCOMPARE(controller()->undoStack()->count(), steps + 1);
        QTest::keyClick(m_window.get(), Qt::Key_B, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(controller()->scenario(), fp8());
        QCOMPARE(*controller()->baseline(), Scenario::seed());
        // Two flips end where they began: nothing to undo but the edit and the pin.
        QCOMPARE(controller()->undoStack()->count(), steps);
        controller()->undoStack()->undo();
        QCOMPARE(controller()->scenario(), Scenario::seed());
        QVERIFY(controller()->baseline());
        controller()->undoStack()->undo();
        QVERIFY(!controller()->baseline());
        controller()->undoStack()->redo();
        controller()->undoStack()->redo();
        action(m_window.get(), "unpinBaseline")->trigger();
        QVERIFY(!controller()->baseline());
        QVERIFY(!action(m_window.get(), "swapBaseline")->isEnabled());
    }

    void chartsDrawCoresBaseline_data()
    {
        QTest::addColumn<Scenario>("baseline");
        QTest::addColumn<Scenario>("now");
        QTest::addRow("fp16 → fp8") << Scenario::seed() << fp8();
        QTest::addRow("1 GPU → 8, 128k") << [] {
            Scenario s = eightGpus();
            s.gpus = 1;
            return s;
        }() << eightGpus();
        QTest::addRow("GQA → MHA") << Scenario::seed() << [] {
            Scenario s = Scenario::seed();
            s.model.kvHeads = 64;
            return s;
        }();
    }
    // The charts draw what core gives for the baseline, over the scenario's axes.
    void chartsDrawCoresBaseline()
    {
        QFETCH(Scenario, baseline);
        QFETCH(Scenario, now);
        compare(baseline, now);
        const SeriesParts all = SeriesPart::Memory | SeriesPart::Latency | SeriesPart::Attention |
                                SeriesPart::Precision;
        const ChartSeries current = chartSeries(now, evaluate(now), all);
        const ChartSeries base = baselineChartSeries(baseline, evaluate(baseline), current);

        auto *memory = findSeries<QLineSeries>(m_window->chart("memory"), "baseline-total");
        QVERIFY(memory);
        QCOMPARE(memory->points(), scaled(base.memory.total.points, 1e-9));
        QVERIFY(memory->name().startsWith(u"Baseline"));

        auto *latency = findSeries<QLineSeries>(m_window->chart("latency"), "baseline-step");
        QVERIFY(latency);
        QCOMPARE(latency->points(),
                 drawnPolyline(scaled(base.latency.curves.first().points, 1000), AxisScale::Log,
                               AxisScale::Log, kPolylineTolerance));

        // A ghost set under each variant, as a share of the scenario's reference.
        for (const char *id : {"gqa", "precision"}) {
            LedgerChart *chart = m_window->chart(QLatin1String(id));
            auto *bars = findSeries<QHorizontalBarSeries>(chart, QString());
            QVERIFY(bars);
            const int variants = id == QByteArray("gqa") ? int(current.attention.size())
                                                         : int(current.precision.size());
            QCOMPARE(bars->count(), 2 * variants);
        }
        const auto &kinds = base.attention;
        const double mha = double(current.attention.first().ledger.kvBytesPerToken);
        auto *gqa = findSeries<QHorizontalBarSeries>(m_window->chart("gqa"), QString());
        // Sets are added bottom-up: the first variant's ghost is second from the end; its
        // first metric is the last bar.
        const QBarSet *ghost = gqa->barSets().at(gqa->count() - 2);
        QCOMPARE(ghost->at(ghost->count() - 1),
                 100 * double(kinds.first().ledger.kvBytesPerToken) / mha);

        const ServingSeries serving = servingSeries(baseline);
        auto *wall = findSeries<QLineSeries>(m_window->chart("throughput-latency"), "baseline");
        QVERIFY(wall);
        QCOMPARE(wall->count(), serving.batch.size());
        QCOMPARE(wall->points().first(), QPointF(serving.batch.first().aggregateTokensPerSecond,
                                                 serving.batch.first().stepSeconds * 1000));

        auto *session = qobject_cast<SessionChart *>(m_window->chart("session"));
        auto *ghosts = findSeries<QBarSeries>(session, "baseline-bars");
        QVERIFY(ghosts && ghosts->isVisible());
        QCOMPARE(ghosts->barSets().first()->count(), session->options().turns);

        // Exports carry both: CSV columns for the baseline.
        QVERIFY(m_window->chart("memory")->table().header.contains(u"baseline_total_bytes"));
        QVERIFY(m_window->chart("latency")->table().header.last().startsWith(
            u"baseline_seconds_per_token_"));
        QVERIFY(m_window->chart("session")->table().header.contains(u"baseline_cost_cached"));

        // Unpinned: every twin goes.
        action(m_window.get(), "unpinBaseline")->trigger();
        QVERIFY(memory->points().isEmpty() && latency->points().isEmpty());
        QCOMPARE(gqa->count(), int(current.attention.size()));
        // A hidden page catches up when asked for its chart (or shown).
        QVERIFY(findSeries<QLineSeries>(m_window->chart("throughput-latency"), "baseline")
                    ->points()
                    .isEmpty());
        QVERIFY(!m_window->chart("memory")->table().header.contains(u"baseline_total_bytes"));
    }

    // While a slider is dragged (antialiasing off) the dashed lines and outlines are drawn with
    // one-pixel cosmetic pens, the fast path; when it ends they have their own widths again.
    void dashesAreHairlinesDuringADrag_data()
    {
        QTest::addColumn<QString>("chart");
        for (const QString &id : chartIds()) // the Cost tab's four
            QTest::addRow("%s", qPrintable(id)) << id;
    }
    void dashesAreHairlinesDuringADrag()
    {
        QFETCH(QString, chart);
        compare(Scenario::seed(), fp8());
        const auto dashedWidths = [&] {
            QList<qreal> widths;
            const auto add = [&widths](const QPen &pen) {
                if (pen.style() != Qt::SolidLine && pen.style() != Qt::NoPen)
                    widths << pen.widthF();
            };
            for (QAbstractSeries *s : m_window->chart(chart)->chart()->series()) {
                if (auto *xy = qobject_cast<QXYSeries *>(s); xy && xy->count() > 0)
                    add(xy->pen()); // legend keys, with no points, keep their pens
                else if (auto *bars = qobject_cast<QAbstractBarSeries *>(s))
                    for (const QBarSet *set : bars->barSets())
                        add(set->pen());
            }
            return widths;
        };
        const QList<qreal> before = dashedWidths();
        QVERIFY(!before.isEmpty()); // the baseline's twin, at least
        QVERIFY(!before.contains(0.0));
        controller()->beginInteractive();
        const QList<qreal> during = dashedWidths();
        QCOMPARE(during.size(), before.size());
        QCOMPARE(during.count(0.0), during.size());
        controller()->endInteractive();
        QCOMPARE(dashedWidths(), before);
    }

    // The ledger: the baseline's value, the change on each row, and why, one sentence per input.
    void ledgerSaysWhy()
    {
        compare(Scenario::seed(), fp8());
        auto *why = m_window->ledgerView()->findChild<QLabel *>(QStringLiteral("baselineChanges"));
        QVERIFY(why && why->isVisible());
        QVERIFY2(why->text().contains(u"KV precision fp16 → fp8: KV cache ÷2"),
                 qPrintable(why->text()));
        const QString shown = m_window->ledgerView()->displayedText();
        QVERIFY2(shown.contains(u"−163.8 GB (÷2)"), qPrintable(shown));
        QVERIFY(m_window->ledgerView()->plainText().contains(u"Against the baseline"));
        action(m_window.get(), "unpinBaseline")->trigger();
        QVERIFY(!why->isVisible());
        QVERIFY(!m_window->ledgerView()->displayedText().contains(u"÷2"));
    }

    // Saved with the baseline and what the window shows; reopened in a fresh window as it was.
    void savedAndReopened()
    {
        compare(Scenario::seed(), fp8());
        auto *strategies = m_window->findChild<StrategyPanel *>();
        strategies->setChecked(1, !strategies->isChecked(1));
        QVERIFY(strategies->addCustom(QStringLiteral("window:2048,sinks:4")));
        m_window->findChild<RooflinePanel *>()->promptBox()->setValue(64000);
        const auto realityBox = [](MainWindow &w) {
            return w.findChild<QComboBox *>(QStringLiteral("realityQuantity"));
        };
        realityBox(*m_window)->setCurrentIndex(1); // time to first token
        m_window->viewSettings()->setUnits(ByteUnits::Binary);
        m_window->views()->setCurrentIndex(2);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("compare.kvledger"));
        QVERIFY(m_window->saveScenario(path));

        MainWindow other;
        other.setQuietErrors(true);
        QVERIFY(other.openScenario(path));
        QCOMPARE(other.controller()->scenario(), fp8());
        QCOMPARE(*other.controller()->baseline(), Scenario::seed());
        QCOMPARE(other.views()->currentIndex(), 2);
        QCOMPARE(other.viewSettings()->units(), ByteUnits::Binary);
        QCOMPARE(other.findChild<RooflinePanel *>()->promptBox()->value(), 64000);
        QCOMPARE(realityBox(other)->currentIndex(), 1);
        QCOMPARE(other.findChild<RealityChart *>()->quantity(), RealityQuantity::Ttft);
        auto *reopened = other.findChild<StrategyPanel *>();
        QCOMPARE(reopened->strategyCount(), strategies->strategyCount());
        for (int i = 0; i < strategies->strategyCount(); ++i) {
            QCOMPARE(reopened->strategy(i).spec(), strategies->strategy(i).spec());
            QCOMPARE(reopened->isChecked(i), strategies->isChecked(i));
        }
        QVERIFY(!other.document()->isModified());
        // Undo of the open puts the window's own scenario and baseline back.
        other.controller()->undoStack()->undo();
        QVERIFY(!other.controller()->baseline());
    }

    // File > New Window from Current: a copy, unsaved, on its own from then on.
    void newWindowFromCurrent()
    {
        compare(Scenario::seed(), fp8());
        m_window->views()->setCurrentIndex(4);
        QPointer<MainWindow> copy = m_window->openWindowFromCurrent();
        QVERIFY(copy);
        QCOMPARE(copy->controller()->scenario(), fp8());
        QCOMPARE(*copy->controller()->baseline(), Scenario::seed());
        QCOMPARE(copy->views()->currentIndex(), 4);
        QVERIFY(!copy->document()->isModified());
        copy->controller()->swapWithBaseline();
        QCOMPARE(controller()->scenario(), fp8()); // the first window's stays
        copy->setQuietErrors(true);
        copy->document()->setInteractive(false);
        copy->close();
        QTRY_VERIFY(!copy); // deleted on close
    }

    // A model preset or a saved file as the baseline; a broken file leaves it as it was.
    void baselineFromPresetAndFile()
    {
        auto *menu = m_window->findChild<QMenu *>(QStringLiteral("baselinePresetMenu"));
        QVERIFY(menu);
        QMetaObject::invokeMethod(menu, "aboutToShow");
        QAction *eight = nullptr;
        for (QAction *a : menu->actions())
            if (a->text() == u"Llama 3.1 8B")
                eight = a;
        QVERIFY(eight);
        eight->trigger();
        QCOMPARE(controller()->baseline()->model.id, QStringLiteral("llama-3.1-8b"));
        QCOMPARE(controller()->baseline()->context, controller()->scenario().context);

        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("eight.kvledger"));
        QVERIFY(saveScenarioFile(eightGpus(), saved, nullptr));
        QVERIFY(m_window->document()->baselineFromFile(saved));
        QCOMPARE(*controller()->baseline(), eightGpus());
        const QString broken = dir.filePath(QStringLiteral("broken.kvledger"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{");
        f.close();
        QVERIFY(!m_window->document()->baselineFromFile(broken));
        QVERIFY2(m_window->lastError().contains(u"broken.kvledger"),
                 qPrintable(m_window->lastError()));
        QCOMPARE(*controller()->baseline(), eightGpus());
    }
};

QTEST_MAIN(TestBaseline)
#include "tst_baseline.moc"
