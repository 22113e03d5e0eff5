// The serving tabs draw and tabulate exactly what core computes: the batch and cost charts split
// at core's memory walls, the session's bars and cumulative cost, the capacity rows and log
// comparison, and the published measurements.
#include "capacity_panel.h"
#include "chart_export.h"
#include "chart_factory.h"
#include "reality_chart.h"
#include "scenario_controller.h"
#include "serving_charts.h"
#include "session_chart.h"
#include "test_scenarios.h"
#include "validation.h"
#include "validation_table.h"

#include <QBarSet>
#include <QLabel>
#include <QLineSeries>
#include <QPlainTextEdit>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTableWidget>
#include <QTest>

using namespace kvl;
using kvl::test::addCommonScenarioRows;
using kvl::test::findSeries;
using kvl::test::presetScenario;

namespace {

void addScenarioRows()
{
    addCommonScenarioRows();
    QTest::addRow("8B, 8k tokens, batch 60 (past the wall)")
        << presetScenario("llama-3.1-8b", "h100-sxm", 1, 8192, 60);
}

// Every point of the solid and the dashed part, in order, without the joint counted twice.
QList<QPointF> joined(LedgerChart *chart)
{
    QList<QPointF> points = findSeries<QLineSeries>(chart, "fits")->points();
    QList<QPointF> past = findSeries<QLineSeries>(chart, "past")->points();
    if (!points.isEmpty() && !past.isEmpty() && points.last() == past.first())
        past.removeFirst();
    return points + past;
}

} // namespace

class TestServing : public QObject
{
    Q_OBJECT
private slots:
    void batchCharts_data() { addScenarioRows(); }
    void batchCharts()
    {
        QFETCH(Scenario, s);
        const ServingSeries series = servingSeries(s);
        ThroughputLatencyChart latency;
        CostBatchChart cost;
        latency.draw(chartSeries(s, evaluate(s), latency.seriesRequest()));
        cost.draw(chartSeries(s, evaluate(s), cost.seriesRequest()));
        QList<QPointF> expectLatency, expectCost;
        qsizetype fitting = 0;
        for (const BatchPoint &p : series.batch) {
            expectLatency << QPointF(p.aggregateTokensPerSecond, p.stepSeconds * 1000);
            expectCost << QPointF(p.batch, p.costPerMillionOutputTokens);
            fitting += p.fits;
        }
        QCOMPARE(joined(&latency), expectLatency);
        QCOMPARE(joined(&cost), expectCost);
        QCOMPARE(findSeries<QLineSeries>(&cost, "fits")->count(), fitting);
        // The wall at the capacity, top to bottom of the plot; none when nothing fits.
        const QList<QPointF> wall = findSeries<QLineSeries>(&cost, "wall")->points();
        QCOMPARE(wall.size(), series.capacity > 0 ? 2 : 0);
        for (const QPointF &p : wall)
            QCOMPARE(p.x(), double(series.capacity));
        const QList<QPointF> marker = findSeries<QScatterSeries>(&cost, "marker")->points();
        QCOMPARE(marker,
                 (QList<QPointF>{QPointF(s.batch, evaluate(s).costPerMillionOutputTokens)}));
        QCOMPARE(cost.table().rows.size(), series.batch.size());
        QVERIFY(!latency.headline().isEmpty());
    }

    void costContext_data() { addScenarioRows(); }
    void costContext()
    {
        QFETCH(Scenario, s);
        CostContextChart chart;
        chart.updateFrom(s, evaluate(s));
        const ServingSeries series = servingSeries(s);
        QCOMPARE(joined(&chart), series.costVsContext);
        for (const QPointF &p : findSeries<QLineSeries>(&chart, "fits")->points())
            QVERIFY(qint64(p.x()) <= series.contextCapacity);
        QCOMPARE(chart.table().rows.size(), series.costVsContext.size());
    }

    void session_data() { addScenarioRows(); }
    void session()
    {
        QFETCH(Scenario, s);
        SessionChart chart;
        SessionOptions o = chart.options();
        o.turns = 7;
        chart.setOptions(o);
        chart.updateFrom(s, evaluate(s));
        o.startContext = s.context;
        const SessionSeries core = sessionSeries(s, o);
        const auto bars = chart.chart()->series();
        QList<QStackedBarSeries *> stacks;
        for (QAbstractSeries *a : bars)
            if (auto *b = qobject_cast<QStackedBarSeries *>(a))
                stacks << b;
        QCOMPARE(stacks.size(), 2);
        for (int k = 0; k < 2; ++k) {
            const Session &expect = k == 0 ? core.cached : core.uncached;
            QBarSet *prefill = stacks.at(k)->barSets().at(0);
            QBarSet *decode = stacks.at(k)->barSets().at(1);
            QCOMPARE(prefill->count(), 7);
            for (int i = 0; i < 7; ++i) {
                QCOMPARE(prefill->at(i), expect.turns.at(i).prefillSeconds);
                QCOMPARE(decode->at(i), expect.turns.at(i).decodeSeconds);
            }
        }
        QCOMPARE(chart.table().rows.size(), 7);
        QVERIFY(chart.headline().contains(QString::number(7)));
    }

    // vLLM issue #21348 (Qwen3-235B-A22B-FP8, 4 × H100, TP4): the log's lines pasted into the box.
    void pastedLog()
    {
        CapacityPanel panel;
        Scenario s = presetScenario("llama-3.1-8b", "h100-sxm", 1, 8192);
        panel.setScenario(s);
        QCOMPARE(panel.table()->rowCount() >= 10, true);
        const ServingCapacity c = panel.capacity();
        QCOMPARE(c.kvCacheTokens, servingCapacity(panel.inputs()).kvCacheTokens);
        bool shown = false;
        for (int r = 0; r < panel.table()->rowCount(); ++r)
            shown |= panel.table()->item(r, 1)->text().contains(formatInteger(c.kvCacheTokens));
        QVERIFY(shown);
        panel.logBox()->setPlainText(QStringLiteral("nothing here"));
        QTRY_VERIFY(panel.comparison()->text().startsWith("Not a vLLM start-up log"));
        panel.logBox()->setPlainText(
            QStringLiteral("INFO 07-23 [kv_cache_utils.py:716] GPU KV cache size: %1 tokens\n"
                           "INFO 07-23 [kv_cache_utils.py:720] Maximum concurrency for 8,192 "
                           "tokens per request: 2.00x")
                .arg(c.kvCacheTokens / 2));
        QTRY_VERIFY(panel.comparison()->text().contains(u"+100%"));
    }

    void validationTable()
    {
        ValidationTable table;
        const QList<PublishedMeasurement> rows = publishedMeasurements();
        QCOMPARE(table.rowCount(), rows.size());
        QCOMPARE(table.item(0, 2)->text(), formatSeconds(rows.at(0).measured));
        QCOMPARE(table.item(0, 3)->text(), formatSeconds(predict(rows.at(0)).predicted));
    }

    // The Reality chart draws core's series: each engine's runs in milliseconds, the scenario's
    // ringed, its table one row per dot; switching to the first token redraws the other quantity.
    void realityChart_data()
    {
        QTest::addColumn<Scenario>("scenario");
        QTest::addRow("seed") << Scenario::seed();
        QTest::addRow("DeepSeek-V3 on B200") << presetScenario("deepseek-v3", "b200", 8, 8192, 64);
        QTest::addRow("Gemma 2 9B, no run") << presetScenario("gemma-2-9b", "h100-sxm", 1, 8192, 1);
    }
    void realityChart()
    {
        QFETCH(Scenario, scenario);
        RealityChart chart;
        for (const RealityQuantity q : {RealityQuantity::Tpot, RealityQuantity::Ttft}) {
            chart.setQuantity(q);
            chart.updateFrom(scenario, evaluate(scenario));
            const RealitySeries expected = realitySeries(bundledRunPredictions(), scenario, q);
            qsizetype rows = 0;
            for (const EngineReality &e : expected.engines) {
                const QList<QPointF> drawn =
                    findSeries<QScatterSeries>(&chart, QStringLiteral("engine-") + e.engine)
                        ->points();
                QCOMPARE(drawn.size(), e.points.size());
                for (qsizetype i = 0; i < drawn.size(); ++i)
                    QCOMPARE(drawn.at(i), e.points.at(i) * 1e3);
                rows += e.points.size();
            }
            QCOMPARE(findSeries<QScatterSeries>(&chart, "marked")->count(), expected.marked.size());
            QCOMPARE(chart.table().rows.size(), rows);
            QVERIFY(chart.headline().contains(scenario.model.name));
            QVERIFY(chart.title().contains(q == RealityQuantity::Tpot ? u"per output token"
                                                                      : u"first token"));
        }
    }

    // Each chart exports from the CLI's factory as it draws in the window.
    void factory_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString &id : servingChartIds())
            QTest::addRow("%s", qPrintable(id)) << id;
    }
    void factory()
    {
        QFETCH(QString, id);
        std::unique_ptr<LedgerChart> chart(createChart(id));
        QVERIFY(chart);
        QCOMPARE(chart->id(), id);
        const Scenario s = Scenario::seed();
        chart->updateFrom(s, evaluate(s));
        QVERIFY(!chart->table().rows.isEmpty());
        QVERIFY(!chart->headline().isEmpty());
    }

    // The serving pages share the controller's sweeps: core's, of the scenario and the baseline
    // as they are now, never those of a scenario before an edit.
    void sharedSeries_data() { addScenarioRows(); }
    void sharedSeries()
    {
        QFETCH(Scenario, s);
        const Scenario &scenario = s;
        ScenarioController controller(Scenario::seed());
        QCOMPARE(controller.serving().serving, servingSeries(Scenario::seed()));
        QVERIFY(!controller.serving().baseline);

        controller.replace(scenario, std::optional(scenario), [] { return QStringLiteral("A"); });
        QCOMPARE(controller.serving().serving, servingSeries(scenario));
        QVERIFY(controller.serving().baseline);
        QCOMPARE(controller.serving().baseline->serving, servingSeries(scenario));

        controller.edit(QStringLiteral("batch"), [](Scenario &e) { e.batch += 1; });
        Scenario edited = scenario;
        edited.batch += 1;
        QCOMPARE(controller.serving().serving, servingSeries(edited));
        QCOMPARE(controller.serving().baseline->serving, servingSeries(scenario));

        controller.undoStack()->undo();
        QCOMPARE(controller.serving().serving, servingSeries(scenario));
        controller.setBaseline(std::nullopt, [] { return QStringLiteral("unpin"); });
        QVERIFY(!controller.serving().baseline);
    }
};

QTEST_MAIN(TestServing)
#include "tst_serving.moc"
