// The trade-off views plot and tabulate exactly what core computes, analyse attention mass off
// the UI thread (cancellable, stale results dropped, failures keeping the old results), and
// export like every other chart.
#include "../test_points.h"
#include "axis_range.h"
#include "chart_export.h"
#include "chart_label.h"
#include "language.h"
#include "mass_charts.h"
#include "mass_panel.h"
#include "mass_table_model.h"
#include "pages.h"
#include "polyline.h"
#include "presets.h"
#include "roofline_chart.h"
#include "roofline_panel.h"
#include "scenario_controller.h"
#include "slider_field.h"
#include "strategy_comparison_chart.h"
#include "strategy_latency_chart.h"
#include "strategy_panel.h"
#include "strategy_parameters.h"
#include "strategy_presets.h"
#include "strategy_table_model.h"
#include "sweep.h"
#include "synthetic_mass.h"
#include "test_scenarios.h"
#include "view_page.h"
#include "view_settings.h"

#include <QAbstractAxis>
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLineSeries>
#include <QListWidget>
#include <QScatterSeries>
#include <QSet>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace kvl;

namespace {

using kvl::test::addCommonScenarioRows;
using kvl::test::findSeries;
using kvl::test::presetScenario;
using kvl::test::scaled;

// The trade-off tabs as the window builds them, from their descriptors.
struct TradeoffPages
{
    ViewPage *strategies = nullptr, *roofline = nullptr, *mass = nullptr;
    QList<LedgerChart *> charts;
};

TradeoffPages tradeoffPages(ScenarioController *controller, QWidget *parent)
{
    TradeoffPages p;
    for (auto [id, page] :
         {std::pair{"strategies", &p.strategies}, {"roofline", &p.roofline}, {"mass", &p.mass}})
        *page = pageInfo(QLatin1String(id))->create(controller, nullptr, parent, p.charts);
    return p;
}

void addScenarioRows()
{
    addCommonScenarioRows();
    QTest::addRow("Mistral 7B (window), 32k, A100")
        << presetScenario("mistral-7b-v0.1", "a100-80gb-sxm", 1, 32'768);
    QTest::addRow("70B, 20M tokens (past the axis)")
        << presetScenario("llama-3.1-70b", "h100-sxm", 8, 20'000'000);
}

// The full cache, fp8 and every preset.
QList<KvStrategy> allStrategies()
{
    QList<KvStrategy> out{KvStrategy{}, *KvStrategy::parse(QStringLiteral("fp8"))};
    for (const StrategyPreset &p : strategyPresets())
        out << *KvStrategy::parse(p.id);
    return out;
}

QString massFile(const char *name)
{
    return QStringLiteral(KVL_TEST_DATA "/mass/") + QLatin1String(name);
}

bool sameStats(const QList<MassStats> &a, const QList<MassStats> &b)
{
    if (a.size() != b.size())
        return false;
    for (int i = 0; i < a.size(); ++i)
        if (a.at(i).layer != b.at(i).layer || a.at(i).topShare != b.at(i).topShare ||
            a.at(i).blocksFor50 != b.at(i).blocksFor50 ||
            a.at(i).blocksFor90 != b.at(i).blocksFor90 ||
            a.at(i).blocksFor99 != b.at(i).blocksFor99 || a.at(i).verdict != b.at(i).verdict)
            return false;
    return true;
}

SyntheticMass synthetic(const char *spec)
{
    return *SyntheticMass::parse(QString::fromLatin1(spec));
}

// Six layers, the first two flat, the other four alike; a curve kept for each.
std::optional<MassReport> sixLayers()
{
    MassOptions o;
    o.curveLayers = {0, 1, 2, 3, 4, 5};
    QString error;
    return analyzeSynthetic(synthetic("recency:layers=6,blocks=2048,flat-layers=2"), o, &error);
}

} // namespace

class TestTradeoffs : public QObject
{
    Q_OBJECT
private slots:
    void comparisonMatchesCore_data() { addScenarioRows(); }
    void comparisonMatchesCore();
    void chartsDrawThePanelsResults();
    void strategyLabelsWithBaseline();
    void latencyMatchesCore_data() { addScenarioRows(); }
    void latencyMatchesCore();
    void rooflineMatchesCore_data() { addScenarioRows(); }
    void rooflineMatchesCore();
    void rooflineMeasuredRoofAndPrompt();

    void strategyTableModel();
    void customSpec_data();
    void customSpec();
    void stackPrecision();
    void parameterSliders_data();
    void parameterSliders();
    void lossNotes();

    void massTableModel();
    void massChartsMatchReport();
    void massPanelFixture_data();
    void massPanelFixture();
    void massPanelSynthetic();
    void massCancelKeepsResults();
    void massStaleResultDropped();
    void massSourceInWords_data();
    void massSourceInWords();
    void massCurvesStayApart();
    void massMalformedFileKeepsResults_data();
    void massMalformedFileKeepsResults();

    void viewsUpdateWhenShown();
    void exportCharts();
};

void TestTradeoffs::comparisonMatchesCore()
{
    QFETCH(Scenario, s);
    StrategyComparisonChart chart;
    const QList<KvStrategy> strategies = allStrategies();
    chart.setStrategies(strategies);
    chart.updateFrom(s, evaluate(s));
    QCOMPARE(chart.results().size(), strategies.size());
    const StrategyResult full = evaluateStrategy(s, strategies.first());
    const QList<QList<double>> shares = chart.shares();
    for (int i = 0; i < strategies.size(); ++i) {
        const StrategyResult r = evaluateStrategy(s, strategies.at(i));
        const StrategyResult &shown = chart.results().at(i);
        QCOMPARE(shown.heldBytes, r.heldBytes);
        QCOMPARE(shown.readBytesPerStep, r.readBytesPerStep);
        QCOMPARE(shown.secondsPerToken, r.secondsPerToken);
        QCOMPARE(shown.gpusToFit, r.gpusToFit);
        // Bars are shares of the full cache's values.
        const QList<double> expected = {
            100 * r.heldBytes / full.heldBytes, 100 * r.readBytesPerStep / full.readBytesPerStep,
            100 * r.secondsPerToken / full.secondsPerToken, 100.0 * r.gpusToFit / full.gpusToFit};
        for (int m = 0; m < expected.size(); ++m)
            QVERIFY2(qFuzzyCompare(shares.at(i).at(m), expected.at(m)),
                     qPrintable(QStringLiteral("%1 metric %2").arg(r.name).arg(m)));
    }
    // Every bar fits on the share axis, past 100% when a strategy costs more than the full cache.
    for (QAbstractAxis *axis : chart.chart()->axes(Qt::Horizontal)) {
        const double max = axis->property("max").toDouble();
        for (const QList<double> &row : shares)
            for (double share : row)
                QVERIFY(share <= max);
    }
    QCOMPARE(chart.table().rows.size(), strategies.size());
    QVERIFY(chart.heading().contains(formatInteger(s.context)));
}

void TestTradeoffs::latencyMatchesCore()
{
    QFETCH(Scenario, s);
    StrategyLatencyChart chart;
    const QList<KvStrategy> strategies = allStrategies();
    chart.setStrategies(strategies);
    chart.updateFrom(s, evaluate(s));
    const qint64 to =
        std::max(kContextAxisTo, qint64(std::pow(10.0, std::ceil(std::log10(double(s.context))))));
    const QList<qint64> contexts = logSpacedContexts(kContextAxisFrom, to, kLatencyPoints);
    QCOMPARE(chart.contexts(), contexts);
    for (int i = 0; i < strategies.size(); ++i) {
        const QList<QPointF> expected =
            sweepStrategy(s, strategies.at(i), StrategyQuantity::SecondsPerToken, contexts);
        QCOMPARE(chart.curve(i), expected);
        auto *series = findSeries<QLineSeries>(&chart, QStringLiteral("strategy-%1").arg(i));
        QVERIFY(series);
        // Drawn with the points the curve's shape needs on log-log axes (drawnPolyline).
        QCOMPARE(series->points(), drawnPolyline(scaled(expected, 1000), AxisScale::Log,
                                                 AxisScale::Log, kPolylineTolerance));
        QVERIFY(series->count() < expected.size());
        QCOMPARE(series->name(), strategies.at(i).label());
    }
    auto *marker = findSeries<QScatterSeries>(&chart, QStringLiteral("marker"));
    QCOMPARE(marker->count(), strategies.size());
    QCOMPARE(marker->at(0).y(), evaluateStrategy(s, strategies.first()).secondsPerToken * 1000);
    for (QAbstractAxis *axis : chart.chart()->axes())
        QVERIFY(axis->titleText().contains(QLatin1String("(ms")) ||
                axis->titleText().contains(QLatin1String("(tokens")));

    // Fewer strategies: surplus series go.
    chart.setStrategies(strategies.mid(0, 2));
    QVERIFY(!findSeries<QLineSeries>(&chart, QStringLiteral("strategy-2")));
    QCOMPARE(chart.table().header.size(), 3);
}

void TestTradeoffs::rooflineMatchesCore()
{
    QFETCH(Scenario, s);
    RooflineChart chart;
    chart.updateFrom(s, evaluate(s));
    const Roofline r = roofline(s);
    QCOMPARE(chart.roofline().ridgePoint, r.ridgePoint);
    QCOMPARE(chart.roofline().points.size(), r.points.size());
    for (const RooflinePoint &p : r.points) {
        auto *series = findSeries<QScatterSeries>(&chart, p.id);
        QVERIFY2(series, qPrintable(p.id));
        QCOMPARE(series->count(), 1);
        QCOMPARE(series->at(0), QPointF(p.intensity, p.attainable / 1e12));
        QCOMPARE(series->name(), p.label);
    }
    QVERIFY(r.points.size() >= 3); // MHA, weights, prefill at least
    auto *roof = findSeries<QLineSeries>(&chart, QStringLiteral("roof"));
    QVERIFY(roof->count() >= 2);
    QList<QPointF> expectedRoof = r.roof(roof->at(0).x(), roof->points().last().x());
    for (QPointF &p : expectedRoof)
        p.ry() /= 1e12;
    QCOMPARE(roof->points(), expectedRoof);
    QVERIFY(findSeries<QLineSeries>(&chart, QStringLiteral("measured-roof"))->points().isEmpty());

    // The headline is about GQA decode attention when the model has it.
    const auto d = chart.decodeAttention();
    QVERIFY(d);
    QVERIFY(chart.heading().contains(formatNumber(d->intensity) + QStringLiteral(" FLOP/B")));
    if (d->belowRidge >= 1)
        QVERIFY(chart.heading().contains(formatNumber(d->belowRidge) + QStringLiteral("× below")));
    if (s.model.hasKind(AttentionKind::Latent))
        QCOMPARE(d->id, QStringLiteral("decode-attention-mla"));
    for (QAbstractAxis *axis : chart.chart()->axes())
        QVERIFY(axis->titleText().contains(QLatin1String("FLOP")));
}

void TestTradeoffs::rooflineMeasuredRoofAndPrompt()
{
    Scenario s = Scenario::seed();
    MeasuredBandwidth m;
    m.device = QStringLiteral("cuda:0");
    m.deviceName = QStringLiteral("test GPU");
    m.medianBytesPerSecond = 2.9e12;
    m.bestBytesPerSecond = 3e12;
    m.bufferBytes = 1 << 30;
    s.measured = m;
    RooflineChart chart;
    chart.setPromptTokens(32'768);
    chart.setComputePrecision(Precision::of(NumberFormat::FP8));
    chart.updateFrom(s, evaluate(s));
    RooflineOptions o;
    o.promptTokens = 32'768;
    o.compute = Precision::of(NumberFormat::FP8);
    const Roofline r = roofline(s, o);
    QCOMPARE(chart.roofline().peakFlops, r.peakFlops);
    QCOMPARE(chart.roofline().measuredRidgePoint, r.measuredRidgePoint);
    auto *measured = findSeries<QLineSeries>(&chart, QStringLiteral("measured-roof"));
    QVERIFY(measured->count() >= 2);
    QCOMPARE(measured->at(0).y(),
             r.roof(measured->at(0).x(), measured->points().last().x(), true).first().y() / 1e12);
    auto *prefill = findSeries<QScatterSeries>(&chart, QStringLiteral("prefill"));
    QCOMPARE(prefill->at(0).x(), prefillIntensity(s, 32'768));
    QVERIFY(chart.heading().contains(QLatin1String("fp8")));
    // The table has the ridge and every point.
    QCOMPARE(chart.table().rows.size(), r.points.size() + 1);

    // The view's controls drive its chart (which it takes into its layout); its table lists
    // core's points.
    auto *viewed = new RooflineChart;
    viewed->setComputePrecision(Precision::of(NumberFormat::FP8));
    viewed->updateFrom(s, evaluate(s));
    RooflinePanel panel(viewed);
    panel.promptBox()->setValue(131'072);
    QCOMPARE(viewed->promptTokens(), qint64(131'072));
    QCOMPARE(findSeries<QScatterSeries>(viewed, QStringLiteral("prefill"))->at(0).x(),
             prefillIntensity(s, 131'072));
    panel.precisionBox()->setCurrentIndex(0);
    QCOMPARE(viewed->computePrecision(), std::nullopt);
    QCOMPARE(viewed->roofline().peakFlops, s.gpu.peakFlops(s.weightPrecision));
    QCOMPARE(panel.pointTable()->rowCount(), viewed->roofline().points.size());
    QCOMPARE(panel.pointTable()->item(0, 0)->text(), viewed->roofline().points.first().label);
}

// The strategies page asks core once: the panel's table and both charts show that series, and
// compute nothing of their own.
void TestTradeoffs::chartsDrawThePanelsResults()
{
    StrategyPanel panel;
    const Scenario s = Scenario::seed();
    SeriesRequest request(SeriesPart::Strategies);
    request.strategies = panel.compared(s);
    ChartSeries series = chartSeries(s, evaluate(s), request);
    QCOMPARE(series.strategies.results.size(), request.strategies.size());
    for (int i = 0; i < request.strategies.size(); ++i)
        QCOMPARE(series.strategies.results.at(i).secondsPerToken,
                 evaluateStrategy(s, request.strategies.at(i)).secondsPerToken);

    series.strategies.results.first().name = QStringLiteral("from core"); // proves no evaluation
    series.strategies.results.first().secondsPerToken = 0.5;
    panel.setResults(s, series.strategies.results);
    QCOMPARE(panel.results().first().name, QStringLiteral("from core"));
    StrategyComparisonChart comparison;
    comparison.draw(series);
    QCOMPARE(comparison.results().first().name, QStringLiteral("from core"));
    StrategyLatencyChart latency;
    latency.draw(series);
    auto *marker = findSeries<QScatterSeries>(&latency, QStringLiteral("marker"));
    QVERIFY(marker);
    QCOMPARE(marker->at(0).y(), 500.0);
}

// The default strategies beside an fp16 baseline, in the chart's size at 1920 × 1080: twice the
// bars, thinner than a line of the smallest font. The ghosts go unlabelled (their values are in
// their tooltips); no two labels' letters touch.
void TestTradeoffs::strategyLabelsWithBaseline()
{
    StrategyPanel panel;
    Scenario s = Scenario::seed();
    s.kvPrecision = Precision::of(NumberFormat::FP8);
    panel.setScenario(s);
    StrategyComparisonChart chart;
    chart.setStrategies(panel.compared());
    chart.setBaseline(Scenario::seed());
    chart.resize(640, 420);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.updateFrom(s, evaluate(s));
    QCoreApplication::processEvents();

    const QRectF plot = chart.chart()->plotArea();
    QList<QRectF> letters;
    for (QGraphicsItem *item : chart.chart()->childItems()) {
        auto *label = dynamic_cast<ChartLabel *>(item);
        if (!label || !label->isVisible())
            continue;
        const QRectF text = label->sceneBoundingRect().adjusted(4, 4, -4, -4);
        if (!plot.contains(text.center()) || label->text().contains(u'\n'))
            continue; // the heading
        const QFontMetricsF fm(label->font());
        letters << text.adjusted(0, fm.ascent() - fm.capHeight(), 0, -fm.descent());
    }
    const int bars = int(panel.compared().size()) * 4; // four metrics, the scenario's bars only
    QCOMPARE(letters.size(), bars);
    for (int i = 0; i < letters.size(); ++i)
        for (int j = i + 1; j < letters.size(); ++j)
            QVERIFY2(!letters.at(i).intersects(letters.at(j)),
                     qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(i).arg(j)));
}

void TestTradeoffs::strategyTableModel()
{
    ViewSettings view;
    StrategyPanel panel(&view);
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const Scenario s = Scenario::seed();
    panel.setScenario(s);
    const QList<KvStrategy> compared = panel.compared();
    QVERIFY(compared.first().isBaseline());
    QCOMPARE(panel.model()->rowCount(), compared.size());
    using C = StrategyTableModel::Column;
    for (int row = 0; row < compared.size(); ++row) {
        const StrategyResult r = evaluateStrategy(s, compared.at(row));
        const auto value = [&](C c) {
            return panel.model()->index(row, int(c)).data(StrategyTableModel::ValueRole);
        };
        QCOMPARE(value(C::Held).toDouble(), r.heldBytes);
        QCOMPARE(value(C::ReadPerToken).toDouble(), r.readBytesPerStep);
        QCOMPARE(value(C::TimePerToken).toDouble(), r.secondsPerToken);
        QCOMPARE(value(C::GpusToFit).toInt(), r.gpusToFit);
        QCOMPARE(value(C::OldestReadable).toLongLong(), r.oldestReadableToken);
        QCOMPARE(panel.model()->index(row, int(C::Held)).data().toString(),
                 formatBytes(r.heldBytes, ByteUnits::SI));
        QCOMPARE(panel.model()->index(row, int(C::Lost)).data().toString(), r.lossNote);
    }
    // Checking and unchecking changes the rows; units relabel the byte columns.
    const int before = panel.model()->rowCount();
    panel.setChecked(1, !panel.isChecked(1));
    QCOMPARE(panel.model()->rowCount(), before + (panel.isChecked(1) ? 1 : -1));
    view.setUnits(ByteUnits::Binary);
    QVERIFY(panel.model()->index(0, int(C::Held)).data().toString().endsWith(QLatin1String("GiB")));
    // An invalid scenario empties the table.
    Scenario bad = s;
    bad.gpus = 0;
    panel.setScenario(bad);
    QCOMPARE(panel.model()->rowCount(), 0);
}

void TestTradeoffs::customSpec_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<bool>("ok");
    QTest::addRow("window + fp8") << "window:8192,sinks:4+fp8" << true;
    QTest::addRow("sparse") << "sparse:k=32,block=64" << true;
    QTest::addRow("preset id") << "snapkv" << true;
    QTest::addRow("not a number") << "window:abc" << false;
    QTest::addRow("unknown") << "teleport:3" << false;
    QTest::addRow("two token policies") << "window:4096+budget:2048" << false;
    QTest::addRow("two precisions") << "fp8+int4" << false;
    QTest::addRow("full cache") << "none" << false;
}

void TestTradeoffs::customSpec()
{
    QFETCH(QString, spec);
    QFETCH(bool, ok);
    StrategyPanel panel;
    panel.setScenario(Scenario::seed());
    QSignalSpy changed(&panel, &StrategyPanel::strategiesChanged);
    const int count = panel.strategyCount();
    const QList<KvStrategy> compared = panel.compared();
    const int rows = panel.model()->rowCount();
    QCOMPARE(panel.addCustom(spec), ok);
    if (ok) {
        QCOMPARE(panel.strategyCount(), count + 1);
        QCOMPARE(panel.compared().last(), *KvStrategy::parse(spec));
        QCOMPARE(panel.model()->rowCount(), rows + 1);
        QCOMPARE(changed.count(), 1);
        QVERIFY(panel.errorText().isEmpty());
        return;
    }
    // The parser's own message, nothing changed.
    QString why;
    if (!KvStrategy::parse(spec, &why))
        QCOMPARE(panel.errorText(), why);
    else
        QVERIFY(!panel.errorText().isEmpty());
    QCOMPARE(panel.strategyCount(), count);
    QCOMPARE(panel.compared(), compared);
    QCOMPARE(panel.model()->rowCount(), rows);
    QCOMPARE(changed.count(), 0);
    // A good edit clears the message.
    QVERIFY(panel.addCustom(QStringLiteral("int8")));
    QVERIFY(panel.errorText().isEmpty());
}

void TestTradeoffs::stackPrecision()
{
    StrategyPanel panel;
    int streaming = -1, fp8 = -1;
    for (int i = 0; i < panel.strategyCount(); ++i) {
        if (panel.strategy(i).name == QLatin1String("StreamingLLM"))
            streaming = i;
        if (panel.strategy(i).spec() == QLatin1String("fp8"))
            fp8 = i;
    }
    QVERIFY(streaming >= 0 && fp8 >= 0);
    QVERIFY(panel.setStack(streaming, QStringLiteral("fp8")));
    QCOMPARE(panel.strategy(streaming), *KvStrategy::parse(QStringLiteral("streamingllm+fp8")));
    QCOMPARE(panel.strategy(streaming).label(), QStringLiteral("StreamingLLM + fp8"));
    QVERIFY(panel.setStack(streaming, QString()));
    QCOMPARE(panel.strategy(streaming).label(), QStringLiteral("StreamingLLM"));
    // fp8 stacked on fp8 is two precisions: refused with the parser's reason.
    const KvStrategy before = panel.strategy(fp8);
    QVERIFY(!panel.setStack(fp8, QStringLiteral("fp8")));
    QVERIFY(panel.errorText().contains(QLatin1String("two precisions")));
    QCOMPARE(panel.strategy(fp8), before);
    // Editing the spec keeps the stack.
    QVERIFY(panel.setStack(streaming, QStringLiteral("int4")));
    QVERIFY(panel.setSpec(streaming, QStringLiteral("window:8192,sinks:4")));
    QCOMPARE(panel.strategy(streaming),
             *KvStrategy::parse(QStringLiteral("window:8192,sinks:4+int4")));
    QVERIFY(!panel.setSpec(streaming, QStringLiteral("window:")));
    QCOMPARE(panel.strategy(streaming),
             *KvStrategy::parse(QStringLiteral("window:8192,sinks:4+int4")));
}

void TestTradeoffs::parameterSliders_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("field");
    QTest::addColumn<int>("value");
    QTest::addColumn<QString>("expected");
    QTest::addRow("StreamingLLM window") << "StreamingLLM" << 0 << 8192 << "window:8192,sinks:4";
    QTest::addRow("StreamingLLM sinks") << "StreamingLLM" << 1 << 0 << "window:4096";
    QTest::addRow("H2O budget share") << "H2O" << 0 << 30 << "budget:30%,recent:10%";
    QTest::addRow("SnapKV budget") << "SnapKV" << 0 << 4096 << "budget:4096,recent:32";
    QTest::addRow("DuoAttention heads")
        << "DuoAttention" << 0 << 25 << "duo:0.25,sinks:64,window:256";
    QTest::addRow("Quest k") << "Quest" << 0 << 64 << "sparse:k=64,block=16,summary=2,dense=2";
    QTest::addRow("MoBA block") << "MoBA" << 1 << 512 << "sparse:k=12,block=512";
}

void TestTradeoffs::parameterSliders()
{
    QFETCH(QString, preset);
    QFETCH(int, field);
    QFETCH(int, value);
    QFETCH(QString, expected);
    StrategyPanel panel;
    int row = 0;
    while (panel.strategy(row).name != preset)
        ++row;
    panel.findChild<QListWidget *>(QStringLiteral("strategyList"))->setCurrentRow(row);
    QVERIFY(panel.parameters()->fieldCount() > field);
    QSignalSpy changed(&panel, &StrategyPanel::strategiesChanged);
    panel.parameters()->field(field)->spinBox()->setValue(value);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(panel.strategy(row), *KvStrategy::parse(expected));
    // The sliders now show the edited policy.
    QCOMPARE(panel.parameters()->field(field)->value(), value);
}

void TestTradeoffs::lossNotes()
{
    StrategyPanel panel;
    const Scenario s = Scenario::seed();
    for (int i = 0; i < panel.strategyCount(); ++i)
        panel.setChecked(i, true);
    panel.setScenario(s);
    const QString notes = panel.notesText();
    for (const KvStrategy &k : panel.compared()) {
        const StrategyResult r = evaluateStrategy(s, k);
        QVERIFY2(notes.contains(r.lossNote.toHtmlEscaped()), qPrintable(r.name));
        if (k.dropsTokens())
            QVERIFY(r.lossNote.contains(QLatin1String("cannot be recalled")));
    }
    QVERIFY(notes.contains(QStringLiteral("<b>Quest</b> — nothing is lost from memory")));
    QVERIFY(notes.contains(QStringLiteral("<b>H2O</b> — loses tokens")));
}

void TestTradeoffs::massTableModel()
{
    MassTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QString error;
    const auto report =
        analyzeSynthetic(synthetic("recency:layers=6,blocks=2048,flat-layers=2"), {}, &error);
    QVERIFY2(report, qPrintable(error));
    model.setReport(*report);
    QCOMPARE(model.rowCount(), 6);
    using C = MassTableModel::Column;
    for (int row = 0; row < 6; ++row) {
        const MassStats &st = report->layers.at(row);
        QCOMPARE(model.index(row, int(C::TopShare)).data(MassTableModel::ValueRole).toDouble(),
                 st.topShare);
        QCOMPARE(model.index(row, int(C::BlocksFor99)).data(MassTableModel::ValueRole).toLongLong(),
                 st.blocksFor99);
        QCOMPARE(model.index(row, int(C::Verdict)).data().toString(),
                 MassTableModel::verdictName(st.verdict));
    }
    QCOMPARE(model.index(0, int(C::Verdict)).data().toString(), QStringLiteral("flat"));
    QCOMPARE(model.index(5, int(C::Verdict)).data().toString(), QStringLiteral("concentrated"));
    model.setReport(MassReport{});
    QCOMPARE(model.rowCount(), 0);
}

void TestTradeoffs::massChartsMatchReport()
{
    const auto report = sixLayers();
    QVERIFY(report);
    MassTopChart top;
    top.setReport(*report);
    const QList<double> concentrated = top.concentratedBars(), flat = top.flatBars();
    QCOMPARE(concentrated.size(), 6);
    for (int i = 0; i < 6; ++i) {
        const MassStats &st = report->layers.at(i);
        const bool c = st.verdict == MassVerdict::Concentrated;
        QCOMPARE(concentrated.at(i), c ? st.topShare * 100 : 0.0);
        QCOMPARE(flat.at(i), c ? 0.0 : st.topShare * 100);
    }
    QVERIFY(top.heading().contains(QLatin1String("4 of 6 layers concentrated")));

    MassCurveChart curve;
    curve.setReport(*report, {1, 4});
    QCOMPARE(curve.shownLayers(), (QList<int>{1, 4}));
    for (int i = 0; i < 2; ++i) {
        QList<QPointF> expected = report->curves.at(i == 0 ? 1 : 4).points;
        for (QPointF &p : expected)
            p *= 100;
        QCOMPARE(curve.curvePoints(i), expected);
    }
    // Automatic choice: the most concentrated, the median and the flattest layer.
    curve.setReport(*report);
    const QList<int> shown = curve.shownLayers();
    QVERIFY(shown.contains(0) || shown.contains(1)); // a flat one
    QVERIFY(shown.size() >= 2);
    QCOMPARE(curve.table().header.size(), 3);
}

void TestTradeoffs::massPanelFixture_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("blockSize");
    QTest::addRow("npy f32 with heads") << massFile("heads-f32-2x2x2x32.npy") << 4;
    QTest::addRow("npy f16 one layer") << massFile("uniform-f16-1x1600.npy") << 16;
    QTest::addRow("csv") << massFile("mass.csv") << 16;
}

void TestTradeoffs::massPanelFixture()
{
    QFETCH(QString, path);
    QFETCH(int, blockSize);
    MassPanel panel;
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.setScenario(Scenario::seed());
    panel.setBlockSize(blockSize);
    QSignalSpy done(&panel, &MassPanel::reportChanged);
    panel.openFile(path);
    QVERIFY(panel.isRunning());
    QVERIFY(done.wait(10000));
    QVERIFY(!panel.isRunning());
    QString error;
    const auto expected = analyzeMassFile(path, panel.options(), &error);
    QVERIFY2(expected, qPrintable(error));
    QVERIFY(panel.report());
    QVERIFY(sameStats(panel.report()->layers, expected->layers));
    QCOMPARE(panel.model()->rowCount(), expected->layers.size());
    QVERIFY(!panel.verdictText().isEmpty());
    QCOMPARE(panel.projectionText(), projectReads(Scenario::seed(), *expected).text());
}

void TestTradeoffs::massPanelSynthetic()
{
    MassPanel panel;
    QSignalSpy done(&panel, &MassPanel::reportChanged);
    const SyntheticMass source = synthetic("power-law:exponent=1.2,layers=4,blocks=1024");
    panel.setTopFraction(0.02);
    panel.setSynthetic(source);
    QVERIFY(done.wait(10000));
    QCOMPARE(done.count(), 1);
    QString error;
    const auto expected = analyzeSynthetic(source, panel.options(), &error);
    QVERIFY(expected);
    QVERIFY(sameStats(panel.report()->layers, expected->layers));
    QCOMPARE(panel.report()->topFraction, 0.02);
    QCOMPARE(panel.synthetic().spec(), source.spec());

    // Flat mass says quantize; the sentence follows the scenario.
    panel.setSynthetic(synthetic("uniform:layers=3,blocks=512"));
    QVERIFY(done.wait(10000));
    QVERIFY(panel.verdictText().contains(QLatin1String("quantize")));
    Scenario s = Scenario::seed();
    s.context = 128'000;
    panel.setScenario(s);
    QCOMPARE(panel.projectionText(), projectReads(s, *panel.report()).text());
}

void TestTradeoffs::massCancelKeepsResults()
{
    MassPanel panel;
    QSignalSpy done(&panel, &MassPanel::reportChanged);
    QSignalSpy cancelled(&panel, &MassPanel::analysisCancelled);
    panel.setSynthetic(synthetic("recency:layers=2,blocks=256"));
    QVERIFY(done.wait(10000));
    const MassReport before = *panel.report();

    panel.setSynthetic(synthetic("needle:layers=16,blocks=200000"));
    QVERIFY(panel.isRunning());
    QElapsedTimer clock;
    clock.start();
    panel.cancel();
    QVERIFY(!panel.isRunning());
    QCOMPARE(cancelled.count(), 1);
    // "Cancelled" only once the worker has returned; until then the panel says it is stopping.
    QVERIFY2(panel.statusText().startsWith(QLatin1String("Stopping")) ||
                 panel.statusText().startsWith(QLatin1String("Cancelled")),
             qPrintable(panel.statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(panel.statusText().startsWith(QLatin1String("Cancelled")), 2000);
    qInfo("mass panel: worker stopped %lld ms after Cancel", qint64(clock.elapsed()));
    QTest::qWait(300); // the worker's late result must not land
    QCOMPARE(done.count(), 1);
    QCOMPARE(panel.report()->source, before.source);
    QVERIFY(sameStats(panel.report()->layers, before.layers));
    QVERIFY(panel.statusText().contains(QLatin1String("previous results")));

    // A cancelled file read stops early too, and the panel can run again.
    panel.openFile(massFile("mass.csv"));
    panel.cancel();
    panel.analyze();
    QVERIFY(done.wait(10000));
    QVERIFY(panel.report()->source.contains(QLatin1String("mass.csv")));
}

void TestTradeoffs::massStaleResultDropped()
{
    MassPanel panel;
    QSignalSpy done(&panel, &MassPanel::reportChanged);
    panel.setSynthetic(synthetic("needle:layers=12,blocks=100000"));
    panel.setSynthetic(synthetic("uniform:layers=2,blocks=128")); // replaces the first run
    QVERIFY(done.wait(10000));
    QTest::qWait(300);
    QCOMPARE(done.count(), 1);
    QCOMPARE(panel.report()->layers.size(), 2);
}

void TestTradeoffs::massSourceInWords_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("english");
    QTest::addColumn<QString>("portuguese");
    QTest::addRow("recency")
        << "recency:layers=8,blocks=4096,flat-layers=2"
        << "Synthetic: recency with sinks, 8 layers × 4,096 blocks, the first 2 flat"
        << "Sintético: recência com sinks, 8 camadas × 4.096 blocos, as 2 primeiras planas";
    QTest::addRow("power law") << "power-law:exponent=1.5,layers=2,blocks=1000"
                               << "Synthetic: power law, exponent 1.5, 2 layers × 1,000 blocks"
                               << "Sintético: lei de potência, expoente 1,5, 2 camadas × 1.000 "
                                  "blocos";
}

// The charts name a synthetic source in words with its size, never by its spec, and in the
// language in effect as soon as it changes: a report in another language draws at once.
void TestTradeoffs::massSourceInWords()
{
    QFETCH(QString, spec);
    QFETCH(QString, english);
    QFETCH(QString, portuguese);
    MassPanel panel;
    MassTopChart top;
    MassCurveChart curve;
    connect(&panel, &MassPanel::reportChanged, &top, [&] {
        top.setReport(*panel.report());
        curve.setReport(*panel.report());
    });
    QSignalSpy done(&panel, &MassPanel::reportChanged);
    panel.setSynthetic(*SyntheticMass::parse(spec));
    QVERIFY(done.wait(10000));
    QCOMPARE(panel.report()->source, english);
    QVERIFY2(top.heading().startsWith(english), qPrintable(top.heading()));
    QVERIFY2(curve.headline().startsWith(english), qPrintable(curve.headline()));
    QVERIFY(!top.heading().contains(u'='));
    {
        const language::Scoped portugueseNow(QStringLiteral("pt_BR"));
        QCOMPARE(panel.report()->source, portuguese); // before any event loop
        QVERIFY2(top.heading().startsWith(portuguese), qPrintable(top.heading()));
        QVERIFY2(curve.headline().startsWith(portuguese), qPrintable(curve.headline()));
    }
    QCOMPARE(panel.report()->source, english);
    QVERIFY2(top.heading().startsWith(english), qPrintable(top.heading()));
}

// Layers alike draw one curve over another: each still shows its own dash pattern and its own
// marker, at points of its own.
void TestTradeoffs::massCurvesStayApart()
{
    const auto report = sixLayers();
    QVERIFY(report);
    MassCurveChart chart;
    chart.setReport(*report, {0, 1, 2, 3, 4, 5});
    QCOMPARE(chart.curvePoints(2), chart.curvePoints(3)); // they coincide
    QSet<int> dashes;
    QList<QImage> markers;
    QList<QList<int>> marked;
    for (int i = 0; i < 6; ++i) {
        auto *curve = kvl::test::findSeries<QLineSeries>(&chart, QStringLiteral("curve-%1").arg(i));
        QVERIFY(curve);
        dashes << int(curve->pen().style());
        QVERIFY(!curve->lightMarker().isNull());
        QVERIFY(!markers.contains(curve->lightMarker()));
        markers << curve->lightMarker();
        // A light marker shows at every point not hidden one by one.
        QList<int> points;
        const auto hidden = curve->pointsConfiguration();
        for (int p = 0; p < curve->count(); ++p)
            if (hidden.value(p).value(QXYSeries::PointConfiguration::Visibility, true).toBool())
                points << p;
        QVERIFY(!points.isEmpty() && points.size() <= 5);
        QVERIFY(!marked.contains(points));
        marked << points;
    }
    QVERIFY(dashes.size() >= 5); // the sixth repeats the first's with its own marker
}

void TestTradeoffs::massMalformedFileKeepsResults_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("suffix");
    QTest::addRow("npy, bad header")
        << QByteArray("\x93NUMPY\x01\x00\x10\x00{'descr': '<f4'", 22) << "npy";
    QTest::addRow("npy, truncated data")
        << QByteArray("\x93NUMPY\x01\x00\x76\x00", 10) +
               QByteArray("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 64), }")
                   .leftJustified(117, ' ') +
               '\n' + QByteArray(16, '\0')
        << "npy";
    QTest::addRow("csv, negative mass") << QByteArray("layer,block,mass\n0,0,-1\n") << "csv";
    QTest::addRow("csv, not numbers") << QByteArray("layer,block,mass\nzero,one,two\n") << "csv";
}

void TestTradeoffs::massMalformedFileKeepsResults()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, suffix);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.") + suffix);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();

    MassPanel panel;
    QSignalSpy done(&panel, &MassPanel::reportChanged);
    QSignalSpy failed(&panel, &MassPanel::analysisFailed);
    panel.openFile(massFile("mass.csv"));
    QVERIFY(done.wait(10000));
    const MassReport before = *panel.report();
    const int rows = panel.model()->rowCount();

    panel.openFile(path);
    QVERIFY(failed.wait(10000));
    QString expected;
    QVERIFY(!analyzeMassFile(path, panel.options(), &expected));
    QCOMPARE(failed.first().first().toString(), expected);
    QVERIFY(panel.statusText().contains(expected));
    QCOMPARE(done.count(), 1);
    QCOMPARE(panel.report()->source, before.source);
    QVERIFY(sameStats(panel.report()->layers, before.layers));
    QCOMPARE(panel.model()->rowCount(), rows);
}

void TestTradeoffs::viewsUpdateWhenShown()
{
    ScenarioController controller(Scenario::seed());
    QWidget host;
    const TradeoffPages views = tradeoffPages(&controller, &host);
    QVERIFY(views.strategies && views.roofline && views.mass);
    QStringList ids;
    for (LedgerChart *c : views.charts)
        ids << c->id();
    QCOMPARE(ids, (QStringList{QStringLiteral("strategies"), QStringLiteral("strategy-latency"),
                               QStringLiteral("roofline"), QStringLiteral("mass-top"),
                               QStringLiteral("mass-curve")}));
    auto *comparison = qobject_cast<StrategyComparisonChart *>(views.charts.first());
    QVERIFY(comparison);
    // In a window never shown (no later moment to catch up in): drawn at once.
    controller.edit(QStringLiteral("context"), [](Scenario &s) { s.context = 256'000; });
    QVERIFY(!comparison->results().isEmpty());
    QCOMPARE(comparison->results().first().context, qint64(256'000));
    host.resize(1200, 800);
    views.strategies->show();
    host.show();
    QVERIFY(QTest::qWaitForWindowExposed(&host));
    // Visible: every change lands.
    controller.edit(QStringLiteral("context"), [](Scenario &s) { s.context = 64'000; });
    QCOMPARE(comparison->results().first().context, qint64(64'000));
    // Hidden again: the next change waits for the next show.
    views.strategies->hide();
    controller.edit(QStringLiteral("context"), [](Scenario &s) { s.context = 32'000; });
    QCOMPARE(comparison->results().first().context, qint64(64'000));
    views.strategies->show();
    QCOMPARE(comparison->results().first().context, qint64(32'000));
    // A hidden page waits to be shown, however long ago the edit settled (a change costs the
    // visible tab alone); catching up, as exports do first, brings it up to date unseen.
    views.strategies->hide();
    controller.beginInteractive();
    controller.edit(QStringLiteral("context"), [](Scenario &s) { s.context = 16'000; });
    controller.endInteractive();
    controller.edit(QStringLiteral("context"), [](Scenario &s) { s.context = 8'000; });
    QTest::qWait(400);
    QCOMPARE(comparison->results().first().context, qint64(32'000));
    views.strategies->catchUp();
    QCOMPARE(comparison->results().first().context, qint64(8'000));

    // Pages never shown have numbers once asked: Export All right after start.
    ScenarioController fresh(Scenario::seed());
    QWidget hidden;
    const TradeoffPages unseen = tradeoffPages(&fresh, &hidden);
    auto *roofline = qobject_cast<RooflineChart *>(unseen.charts.at(2));
    QVERIFY(roofline);
    unseen.roofline->catchUp();
    QVERIFY(!roofline->roofline().points.isEmpty());
}

void TestTradeoffs::exportCharts()
{
    ScenarioController controller(Scenario::seed());
    QWidget host;
    const TradeoffPages views = tradeoffPages(&controller, &host);
    host.resize(1600, 1000);
    host.show();
    QVERIFY(QTest::qWaitForWindowExposed(&host));
    for (QWidget *page : {views.strategies, views.roofline, views.mass})
        page->show();
    auto *mass = host.findChild<MassPanel *>();
    QVERIFY(mass);
    if (!mass->report()) {
        QSignalSpy done(mass, &MassPanel::reportChanged);
        QVERIFY(done.wait(10000));
    }
    QTemporaryDir dir;
    for (LedgerChart *chart : views.charts) {
        const QString png = dir.filePath(chart->id() + QStringLiteral(".png"));
        QString error;
        QVERIFY2(exportChart(chart, ExportFormat::Png, png, ExportSize{}, &error),
                 qPrintable(error));
        QImage image(png);
        QVERIFY2(!image.isNull(), qPrintable(chart->id()));
        QCOMPARE(image.size(), ExportSize{}.pixels);
        const QString svg = QString::fromUtf8(renderSvg(chart));
        for (QAbstractAxis *axis : chart->chart()->axes()) {
            if (axis->titleText().isEmpty())
                continue;
            // A title too long for its axis is shown on two lines.
            for (const QString &line : axis->titleText().split(QStringLiteral("<br>")))
                QVERIFY2(svg.contains(line),
                         qPrintable(chart->id() + QStringLiteral(": ") + axis->titleText()));
        }
        QVERIFY(exportChart(chart, ExportFormat::Csv,
                            dir.filePath(chart->id() + QStringLiteral(".csv")), ExportSize{},
                            &error));
        QVERIFY2(chart->table().rows.size() > 0, qPrintable(chart->id()));
    }
    QString error;
    QVERIFY2(exportAll(views.charts, controller.scenario(), controller.ledger(),
                       dir.filePath(QStringLiteral("all")), ByteUnits::SI, ExportSize{}, &error),
             qPrintable(error));
}

QTEST_MAIN(TestTradeoffs)
#include "tst_tradeoffs.moc"
