// The charts plot exactly what core computes, replace their series in place, and keep their
// axes titled with units.
#include "../test_points.h"
#include "attention_chart.h"
#include "axis_range.h"
#include "chart_factory.h"
#include "chart_label.h"
#include "latency_chart.h"
#include "memory_chart.h"
#include "polyline.h"
#include "precision_chart.h"
#include "presets.h"
#include "sweep.h"
#include "test_scenarios.h"
#include "view_settings.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QHorizontalBarSeries>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTest>
#include <QValueAxis>
#include <memory>

using namespace kvl;

namespace {

using kvl::test::addCommonScenarioRows;
using kvl::test::findSeries;
using kvl::test::presetScenario;
using kvl::test::scaled;

void addScenarioRows()
{
    addCommonScenarioRows();
    QTest::addRow("Mistral 7B (window), batch 8, A100")
        << presetScenario("mistral-7b-v0.1", "a100-80gb-sxm", 1, 32'768, 8);
    QTest::addRow("Gemma 2 9B, 20M tokens, 3 RTX 4090")
        << presetScenario("gemma-2-9b", "rtx-4090", 3, 20'000'000);
    QTest::addRow("70B int4 KV, 500 tokens, 16 H100")
        << presetScenario("llama-3.1-70b", "h100-sxm", 16, 500, 1, NumberFormat::INT4);
}

// Doubles compared bit for bit: the charts must plot core's numbers, not re-derive them.
bool samePoints(const QList<QPointF> &actual, const QList<QPointF> &expected, QString *why)
{
    if (actual.size() != expected.size()) {
        *why = QStringLiteral("%1 points, expected %2").arg(actual.size()).arg(expected.size());
        return false;
    }
    for (qsizetype i = 0; i < actual.size(); ++i)
        if (actual.at(i) != expected.at(i) || actual.at(i).x() != expected.at(i).x() ||
            actual.at(i).y() != expected.at(i).y()) {
            *why = QStringLiteral("point %1: (%2, %3), expected (%4, %5)")
                       .arg(i)
                       .arg(actual.at(i).x(), 0, 'g', 17)
                       .arg(actual.at(i).y(), 0, 'g', 17)
                       .arg(expected.at(i).x(), 0, 'g', 17)
                       .arg(expected.at(i).y(), 0, 'g', 17);
            return false;
        }
    return true;
}

#define COMPARE_POINTS(actual, expected)                                                           \
    do {                                                                                           \
        QString why;                                                                               \
        QVERIFY2(samePoints(actual, expected, &why), qPrintable(why));                             \
    } while (false)

// Display units as the charts make them: GB = B / 10^9.
QList<QPointF> divided(QList<QPointF> points, double divisor)
{
    for (QPointF &p : points)
        p.setY(p.y() / divisor);
    return points;
}

QList<qint64> contextsOf(const QList<QPointF> &points)
{
    QList<qint64> out;
    for (const QPointF &p : points)
        out << qint64(p.x());
    return out;
}

qint64 axisEnd(qint64 context)
{
    return std::max<qint64>(10'000'000, qint64(decadeAtOrAbove(double(context))));
}

QList<ChartLabel *> labels(LedgerChart *c)
{
    QList<ChartLabel *> out;
    for (QGraphicsItem *item : c->chart()->childItems())
        if (auto *label = dynamic_cast<ChartLabel *>(item); label && label->isVisible())
            out << label;
    return out;
}

} // namespace

class TstCharts : public QObject
{
    Q_OBJECT
private slots:
    void factory();
    void memorySeries_data() { addScenarioRows(); }
    void memorySeries();
    void memoryBinaryUnits();
    void latencySeries_data() { addScenarioRows(); }
    void latencySeries();
    void latencyLinearAxes();
    void latencyCalibrated();
    void measuredOverlay();
    void legendEntries_data();
    void legendEntries();
    void attentionBars_data() { addScenarioRows(); }
    void attentionBars();
    void precisionBars_data() { addScenarioRows(); }
    void precisionBars();
    void axesTitledWithUnits_data();
    void axesTitledWithUnits();
    void updateReplacesSeries_data();
    void updateReplacesSeries();
    void axesStayPutDuringDrag();
    void niceRanges();
    void presentationAndPalette();
    void hoverShowsCoreValues();
    void grownRanges();
    void legendChangesKeepChartLayout();
    void axesOnlyGrowDuringDrag();
    void barsRenamedInPlace();
    void legendWrapsInNarrowChart();
    void memoryGpuLabels();
    void labelsFit_data();
    void labelsFit();
};

void TstCharts::factory()
{
    QCOMPARE(chartIds(), (QStringList{"memory", "latency", "gqa", "precision"}));
    const QList<LedgerChart *> charts = createCharts();
    QCOMPARE(charts.size(), chartIds().size());
    for (int i = 0; i < charts.size(); ++i) {
        QCOMPARE(charts.at(i)->id(), chartIds().at(i));
        QVERIFY(!charts.at(i)->title().isEmpty());
    }
    qDeleteAll(charts);
    QCOMPARE(createChart("nope"), nullptr);
}

void TstCharts::memorySeries()
{
    QFETCH(Scenario, s);
    const Ledger l = evaluate(s);
    MemoryChart chart;
    chart.updateFrom(s, l);

    auto *kv = findSeries<QAreaSeries>(&chart, "kv");
    auto *weights = findSeries<QAreaSeries>(&chart, "weights");
    QVERIFY(kv && weights);
    const QList<QPointF> top = kv->upperSeries()->points();
    const QList<qint64> contexts = contextsOf(top);
    QCOMPARE(contexts, logSpacedContexts(1000, axisEnd(s.context), int(contexts.size())));
    QCOMPARE(contexts.size(), qsizetype(MemoryChart::kPoints));
    const double scale = 1e9;
    COMPARE_POINTS(top, divided(sweepContext(s, Quantity::TotalBytes, contexts), scale));
    const QList<QPointF> bottom = kv->lowerSeries()->points();
    QCOMPARE(bottom.size(), 2);
    QVERIFY(bottom.first().y() == l.weightBytes / scale);
    QCOMPARE(weights->upperSeries()->points(), bottom);

    // Lines at k GPUs' usable memory: 1 and the count to fit among them, at most 8.
    QList<int> ks;
    for (int i = 0; i < kMaxGpuLines; ++i) {
        const auto pts =
            findSeries<QLineSeries>(&chart, QStringLiteral("gpu-line-%1").arg(i))->points();
        if (pts.isEmpty())
            continue;
        const double k = pts.first().y() / (l.usableBytesPerGpu / scale);
        QVERIFY2(std::abs(k - std::round(k)) < 1e-9, qPrintable(QString::number(k)));
        ks << int(std::round(k));
    }
    QVERIFY(ks.size() <= kMaxGpuLines);
    QVERIFY(ks.contains(1));
    QVERIFY(ks.contains(l.gpusToFit));
    QVERIFY(ks.contains(s.gpus));

    const auto marker = findSeries<QScatterSeries>(&chart, "marker")->points();
    if (s.context >= 1000)
        QCOMPARE(marker, (QList<QPointF>{QPointF(double(s.context), l.totalBytes / scale)}));
    else
        QVERIFY(marker.isEmpty());

    bool annotated = false;
    const QString fit = l.gpusToFit == 1 ? QStringLiteral("1 GPU to fit")
                                         : QStringLiteral("%1 GPUs to fit").arg(l.gpusToFit);
    for (ChartLabel *label : labels(&chart))
        annotated |=
            label->text().contains(fit) &&
            (l.tpDegree == 0 || label->text().contains(QStringLiteral("(TP %1)").arg(l.tpDegree)));
    QVERIFY(annotated);

    const ChartTable t = chart.table();
    QCOMPARE(t.header, (QStringList{"context_tokens", "weight_bytes", "kv_bytes", "total_bytes"}));
    QCOMPARE(t.rows.size(), contexts.size());
}

void TstCharts::memoryBinaryUnits()
{
    const Scenario s = Scenario::seed();
    const Ledger l = evaluate(s);
    ViewSettings view;
    view.setUnits(ByteUnits::Binary);
    MemoryChart chart;
    chart.setViewSettings(&view);
    chart.updateFrom(s, l);
    auto *y = qobject_cast<QValueAxis *>(chart.chart()->axes(Qt::Vertical).first());
    QVERIFY(y->titleText().contains("(GiB)"));
    const QList<QPointF> top = findSeries<QAreaSeries>(&chart, "kv")->upperSeries()->points();
    COMPARE_POINTS(top,
                   divided(sweepContext(s, Quantity::TotalBytes, contextsOf(top)), 1073741824.0));
    view.setUnits(ByteUnits::SI);
    QVERIFY(y->titleText().contains("(GB)"));

    // Bar labels follow a units change without a new scenario.
    AttentionChart bars;
    bars.setViewSettings(&view);
    bars.updateFrom(s, l);
    const auto hasLabel = [&](const QString &text) {
        const QList<ChartLabel *> all = labels(&bars);
        return std::any_of(all.cbegin(), all.cend(),
                           [&](ChartLabel *label) { return label->text().startsWith(text); });
    };
    QVERIFY(hasLabel(formatBytes(l.kvBytes, ByteUnits::SI)));
    view.setUnits(ByteUnits::Binary);
    QVERIFY(hasLabel(formatBytes(l.kvBytes, ByteUnits::Binary)));
    // The memory chart follows the same one setting.
    QVERIFY(findSeries<QAreaSeries>(&chart, "kv")->upperSeries()->points().last().y() ==
            sweepContext(s, Quantity::TotalBytes, {contextsOf(top).last()}).first().y() /
                1073741824.0);
}

void TstCharts::latencySeries()
{
    QFETCH(Scenario, s);
    const Ledger l = evaluate(s);
    LatencyChart chart;
    chart.updateFrom(s, l);

    QList<int> counts{1, 2, 4, 8};
    if (!counts.contains(s.gpus))
        counts << s.gpus;
    int curves = 0;
    for (int n : counts) {
        auto *step = findSeries<QLineSeries>(&chart, QStringLiteral("step-%1").arg(n));
        auto *kv = findSeries<QLineSeries>(&chart, QStringLiteral("kv-%1").arg(n));
        QVERIFY2(step && kv, qPrintable(QString::number(n)));
        // Core samples the grid; the chart draws the points the curve's shape needs on its
        // log-log axes, the grid's ends among them.
        const QList<qint64> grid =
            logSpacedContexts(1000, axisEnd(s.context), LatencyChart::kPoints);
        Scenario t = s;
        t.gpus = n;
        for (const auto &[series, quantity] :
             {std::pair{step, Quantity::SecondsPerToken}, {kv, Quantity::KvSecondsPerToken}}) {
            const QList<qint64> contexts = contextsOf(series->points());
            QCOMPARE(contexts.first(), grid.first());
            QCOMPARE(contexts.last(), grid.last());
            for (qint64 c : contexts)
                QVERIFY(grid.contains(c));
            COMPARE_POINTS(series->points(), scaled(sweepContext(t, quantity, contexts), 1000));
            QCOMPARE(series->points(),
                     drawnPolyline(scaled(sweepContext(t, quantity, grid), 1000), AxisScale::Log,
                                   AxisScale::Log, kPolylineTolerance));
        }
        ++curves;
    }
    QCOMPARE(curves, counts.size());

    const auto marker = findSeries<QScatterSeries>(&chart, "marker")->points();
    if (s.context >= 1000)
        QCOMPARE(marker, (QList<QPointF>{QPointF(double(s.context), l.secondsPerToken * 1000)}));

    // Tokens per second on the right: a reversed log axis over the reciprocal range.
    QList<QAbstractAxis *> right;
    for (QAbstractAxis *a : chart.chart()->axes(Qt::Vertical))
        if (a->alignment() == Qt::AlignRight)
            right << a;
    QCOMPARE(right.size(), 1);
    auto *rate = qobject_cast<QLogValueAxis *>(right.first());
    auto *ms = qobject_cast<QLogValueAxis *>(chart.chart()->axes(Qt::Vertical).first());
    QVERIFY(rate && ms && rate != ms);
    QVERIFY(rate->isReverse());
    QVERIFY(qFuzzyCompare(rate->min(), 1000 / ms->max()));
    QVERIFY(qFuzzyCompare(rate->max(), 1000 / ms->min()));
    QVERIFY(ms->min() <= l.secondsPerToken * 1000 && l.secondsPerToken * 1000 <= ms->max());
}

// With a serving engine the chart draws core's calibrated curve for the scenario's GPU count,
// in the legend and the table; without one the series stays hidden.
void TstCharts::latencyCalibrated()
{
    Scenario s = Scenario::seed();
    s.gpus = 8;
    LatencyChart chart;
    chart.updateFrom(s, evaluate(s));
    auto *calibrated = findSeries<QLineSeries>(&chart, "calibrated");
    QVERIFY(calibrated);
    QVERIFY(!calibrated->isVisible());
    QVERIFY(!chart.table().header.join(u',').contains(u"calibrated"));

    s.engine = QStringLiteral("vllm");
    const Ledger l = evaluate(s);
    chart.updateFrom(s, l);
    QVERIFY(calibrated->isVisible());
    const QList<qint64> contexts = contextsOf(calibrated->points());
    const LatencySeries core = kvl::latencySeries(s, contexts);
    COMPARE_POINTS(calibrated->points(), scaled(core.calibrated.points, 1000));
    QCOMPARE(calibrated->name(), QStringLiteral("vLLM calibrated, 8 GPUs"));
    QVERIFY(chart.table().header.contains(QStringLiteral("calibrated_seconds_per_token_8gpu")));
    // The y axis reaches the prediction at the scenario's context.
    auto *ms = qobject_cast<QLogValueAxis *>(chart.chart()->axes(Qt::Vertical).first());
    QVERIFY(ms->max() >= l.predictedSecondsPerToken * 1000);
}

void TstCharts::latencyLinearAxes()
{
    const Scenario s = Scenario::seed();
    ViewSettings view;
    LatencyChart chart;
    chart.setViewSettings(&view);
    QVERIFY(chart.logAxes());
    chart.updateFrom(s, evaluate(s));
    view.setLogAxes(false);
    QVERIFY(qobject_cast<QValueAxis *>(chart.chart()->axes(Qt::Horizontal).first()));
    const auto step = findSeries<QLineSeries>(&chart, "step-1");
    QCOMPARE(step->attachedAxes().size(), 2);
    COMPARE_POINTS(
        step->points(),
        scaled(sweepContext(s, Quantity::SecondsPerToken, contextsOf(step->points())), 1000));
    // Drawn again for linear scales: the step time is linear in the context (the seed has no
    // window), so its two ends draw it.
    QCOMPARE(step->points().size(), 2);
    for (QAbstractAxis *a : chart.chart()->axes())
        QVERIFY(!a->titleText().isEmpty());
    view.setLogAxes(true);
    QVERIFY(qobject_cast<QLogValueAxis *>(chart.chart()->axes(Qt::Horizontal).first()));
    QCOMPARE(chart.chart()->axes().size(), 3);
    const QList<qint64> grid = logSpacedContexts(1000, axisEnd(s.context), LatencyChart::kPoints);
    QCOMPARE(step->points(),
             drawnPolyline(scaled(sweepContext(s, Quantity::SecondsPerToken, grid), 1000),
                           AxisScale::Log, AxisScale::Log, kPolylineTolerance));
}

void TstCharts::measuredOverlay()
{
    const Scenario s = Scenario::seed();
    LatencyChart chart;
    chart.show(); // legend markers report visibility only in a shown chart
    chart.updateFrom(s, evaluate(s));
    const auto measuredShown = [&] {
        int shown = 0;
        for (QAbstractSeries *series : chart.chart()->series())
            if (series->objectName().startsWith("measured-") && series->isVisible() &&
                !qobject_cast<QLineSeries *>(series)->points().isEmpty())
                ++shown;
        return shown;
    };
    QCOMPARE(measuredShown(), 0);

    // The overlay comes with the scenario's measurement.
    Scenario measured = s;
    measured.measured = MeasuredBandwidth{"cuda:0", "NVIDIA H100 SXM", 2.5e12, 2.6e12, 1 << 30, {}};
    chart.updateFrom(measured, evaluate(measured));
    QCOMPARE(measuredShown(), 4);
    for (int n : {1, 2, 4, 8}) {
        auto *m = findSeries<QLineSeries>(&chart, QStringLiteral("measured-%1").arg(n));
        Scenario t = s;
        t.gpus = n;
        t.efficiency = 2.5e12 / s.gpu.bandwidth;
        COMPARE_POINTS(
            m->points(),
            scaled(sweepContext(t, Quantity::SecondsPerToken, contextsOf(m->points())), 1000));
    }
    bool legend = false;
    for (QLegendMarker *m : chart.chart()->legend()->markers())
        legend |= m->isVisible() && m->label() == "measured: 2.5 TB/s"; // as formatRate writes it
    QVERIFY(legend);
    // It follows later scenario changes.
    Scenario two = measured;
    two.gpus = 2;
    chart.updateFrom(two, evaluate(two));
    QCOMPARE(measuredShown(), 4);

    chart.updateFrom(s, evaluate(s));
    QCOMPARE(measuredShown(), 0);
    for (QLegendMarker *m : chart.chart()->legend()->markers())
        QVERIFY(!(m->isVisible() && m->label().startsWith("measured")));
}

void TstCharts::legendEntries_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QStringList>("entries");
    QTest::addRow("latency, 1 GPU")
        << "latency" << 1
        << QStringList{"1 GPU",        "2 GPUs", "4 GPUs", "8 GPUs", "KV term only (dotted)",
                       "This scenario"};
    QTest::addRow("latency, 3 GPUs")
        << "latency" << 3 << QStringList{"1 GPU",        "2 GPUs", "4 GPUs",
                                         "8 GPUs",       "3 GPUs", "KV term only (dotted)",
                                         "This scenario"};
    QTest::addRow("memory") << "memory" << 1
                            << QStringList{"Weights", "KV cache", "NVIDIA H100 SXM: 80 GB each",
                                           "This scenario"};
}

// One entry per thing a reader must tell apart, in a chart that was never shown (exports).
void TstCharts::legendEntries()
{
    QFETCH(QString, id);
    QFETCH(int, gpus);
    QFETCH(QStringList, entries);
    std::unique_ptr<LedgerChart> chart(createChart(id));
    Scenario s = Scenario::seed();
    s.gpus = gpus;
    chart->updateFrom(s, evaluate(s));
    QCoreApplication::sendPostedEvents(); // the legend shows its markers on first layout
    QStringList shown;
    for (QLegendMarker *m : chart->chart()->legend()->markers())
        if (m->isVisible())
            shown << m->label();
    QCOMPARE(shown, entries);
}

void TstCharts::attentionBars()
{
    QFETCH(Scenario, s);
    const Ledger l = evaluate(s);
    AttentionChart chart;
    chart.updateFrom(s, l);

    const ModelSpec &m = s.model;
    const bool mla = m.hasKind(AttentionKind::Latent);
    QStringList expected{"MHA"};
    if (!mla && m.kvHeads > 1 && m.kvHeads < m.queryHeads)
        expected << "GQA";
    expected << "MQA";
    if (mla)
        expected << "MLA";
    QStringList names;
    for (const auto &k : chart.kinds())
        names << k.shortName;
    QCOMPARE(names, expected);

    const auto ledgerOf = [&](const AttentionChart::Kind &k) {
        if (k.current)
            return l;
        Scenario t = s;
        t.model = m.withKvHeads(k.kvHeads);
        return evaluate(t);
    };
    const auto shares = chart.shares();
    QCOMPARE(shares.size(), expected.size());
    const Ledger mha = ledgerOf(chart.kinds().first());
    for (int i = 0; i < chart.kinds().size(); ++i) {
        const Ledger v = ledgerOf(chart.kinds().at(i));
        QCOMPARE(chart.kinds().at(i).ledger.kvBytesPerToken, v.kvBytesPerToken);
        QVERIFY(chart.kinds().at(i).ledger.kvBytes == v.kvBytes);
        QVERIFY(chart.kinds().at(i).ledger.secondsPerToken == v.secondsPerToken);
        QVERIFY(shares.at(i).at(0) ==
                100 * double(v.kvBytesPerToken) / double(mha.kvBytesPerToken));
        QVERIFY(shares.at(i).at(1) == 100 * v.kvBytes / mha.kvBytes);
        QVERIFY(shares.at(i).at(2) == 100 * v.secondsPerToken / mha.secondsPerToken);
    }
    // Exactly one variant is this model, and the headline carries the ledger's factor.
    QCOMPARE(std::count_if(chart.kinds().cbegin(), chart.kinds().cend(),
                           [](const auto &k) { return k.current; }),
             1);
    if (!mla && m.kvHeads < m.queryHeads)
        QVERIFY2(chart.heading().contains(QStringLiteral("GQA saves %1×").arg(qRound(l.gqaFactor))),
                 qPrintable(chart.heading()));
    if (mla)
        QVERIFY(chart.heading().contains("MLA saves"));

    // The bar labels show absolute values with units.
    bool bytesLabel = false;
    for (ChartLabel *label : labels(&chart))
        bytesLabel |= label->text().startsWith(formatBytesExact(double(l.kvBytesPerToken)));
    QVERIFY(bytesLabel);

    const ChartTable t = chart.table();
    QCOMPARE(t.header, (QStringList{"attention", "kv_heads", "this_model", "kv_bytes_per_token",
                                    "kv_bytes", "seconds_per_token"}));
    QCOMPARE(t.rows.size(), expected.size());
    QCOMPARE(t.rows.first().at(3), QString::number(mha.kvBytesPerToken));
}

void TstCharts::precisionBars()
{
    QFETCH(Scenario, s);
    const Ledger l = evaluate(s);
    PrecisionChart chart;
    chart.updateFrom(s, l);
    QCOMPARE(chart.options().size(), 4);
    const auto shares = chart.shares();
    Ledger fp16;
    for (int i = 0; i < 4; ++i) {
        const auto &o = chart.options().at(i);
        QVERIFY(o.precision.format == PrecisionChart::kFormats[i] ||
                (o.current && o.precision == s.kvPrecision));
        Scenario t = s;
        t.kvPrecision = o.current ? s.kvPrecision : Precision::of(PrecisionChart::kFormats[i]);
        const Ledger v = evaluate(t);
        if (i == 0)
            fp16 = v;
        QCOMPARE(o.ledger.kvBytesPerToken, v.kvBytesPerToken);
        QCOMPARE(o.ledger.gpusToFit, v.gpusToFit);
        QVERIFY(o.ledger.secondsPerToken == v.secondsPerToken);
        QVERIFY(shares.at(i).at(0) ==
                100 * double(v.kvBytesPerToken) / double(fp16.kvBytesPerToken));
        QVERIFY(shares.at(i).at(1) == 100 * double(v.gpusToFit) / double(fp16.gpusToFit));
        QVERIFY(shares.at(i).at(2) == 100 * v.secondsPerToken / fp16.secondsPerToken);
    }
    const ChartTable t = chart.table();
    QCOMPARE(t.rows.size(), 4);
    QCOMPARE(t.header.size(), t.rows.first().size());
    QCOMPARE(t.rows.at(3).at(3), QString::number(chart.options().at(3).ledger.kvBytesPerToken));
}

void TstCharts::axesTitledWithUnits_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("binary");
    QTest::addColumn<QStringList>("titles");
    QTest::addRow("memory SI") << "memory" << false
                               << QStringList{"Context length (tokens)", "Memory (GB)"};
    QTest::addRow("memory binary")
        << "memory" << true << QStringList{"Context length (tokens)", "Memory (GiB)"};
    QTest::addRow("latency") << "latency" << false
                             << QStringList{"Context length (tokens, log scale)",
                                            "Time per token (ms)", "Speed (tokens/s)"};
    QTest::addRow("gqa") << "gqa" << false << QStringList{"Share of MHA (%)"};
    QTest::addRow("precision") << "precision" << false << QStringList{"Share of fp16 (%)"};
}

void TstCharts::axesTitledWithUnits()
{
    QFETCH(QString, id);
    QFETCH(bool, binary);
    QFETCH(QStringList, titles);
    ViewSettings view;
    view.setUnits(binary ? ByteUnits::Binary : ByteUnits::SI);
    std::unique_ptr<LedgerChart> chart(createChart(id));
    chart->setViewSettings(&view);
    chart->updateFrom(Scenario::seed(), evaluate(Scenario::seed()));
    QStringList actual;
    for (QAbstractAxis *a : chart->chart()->axes())
        if (!a->titleText().isEmpty())
            actual << a->titleText();
    for (const QString &t : titles)
        QVERIFY2(actual.contains(t), qPrintable(actual.join(" | ")));
    for (const QString &t : actual)
        QVERIFY2(t.contains('(') && t.endsWith(')'), qPrintable(t));
}

void TstCharts::updateReplacesSeries_data()
{
    QTest::addColumn<QString>("id");
    for (const QString &id : chartIds())
        QTest::addRow("%s", qPrintable(id)) << id;
}

void TstCharts::updateReplacesSeries()
{
    QFETCH(QString, id);
    std::unique_ptr<LedgerChart> chart(createChart(id));
    const Scenario s = Scenario::seed();
    chart->updateFrom(s, evaluate(s));
    const QList<QAbstractSeries *> before = chart->chart()->series();
    const QList<QAbstractAxis *> axesBefore = chart->chart()->axes();

    QList<std::shared_ptr<QSignalSpy>> replaced, added;
    QList<std::shared_ptr<QSignalSpy>> barsAdded;
    for (QAbstractSeries *series : before) {
        if (auto *xy = qobject_cast<QXYSeries *>(series)) {
            replaced << std::make_shared<QSignalSpy>(xy, &QXYSeries::pointsReplaced);
            added << std::make_shared<QSignalSpy>(xy, &QXYSeries::pointAdded);
        }
        if (auto *bars = qobject_cast<QAbstractBarSeries *>(series))
            barsAdded << std::make_shared<QSignalSpy>(bars, &QAbstractBarSeries::barsetsAdded);
    }
    Scenario next = s;
    next.context = 1'100'000;
    chart->updateFrom(next, evaluate(next));
    chart->updateFrom(next, evaluate(next));

    QCOMPARE(chart->chart()->series(), before);
    QCOMPARE(chart->chart()->axes(), axesBefore);
    for (const auto &spy : added)
        QCOMPARE(spy->count(), 0);
    for (const auto &spy : replaced)
        QVERIFY(spy->count() <= 2);
    for (const auto &spy : barsAdded)
        QCOMPARE(spy->count(), 0);
}

void TstCharts::axesStayPutDuringDrag()
{
    Scenario s = Scenario::seed();
    MemoryChart memory;
    LatencyChart latency;
    memory.updateFrom(s, evaluate(s));
    latency.updateFrom(s, evaluate(s));
    auto *memoryY = qobject_cast<QValueAxis *>(memory.chart()->axes(Qt::Vertical).first());
    auto *latencyY = qobject_cast<QLogValueAxis *>(latency.chart()->axes(Qt::Vertical).first());
    QSignalSpy memorySpy(memoryY, &QValueAxis::rangeChanged);
    QSignalSpy latencySpy(latencyY, &QLogValueAxis::rangeChanged);
    for (qint64 c = 1'000'000; c <= 1'060'000; c += 2'000) {
        s.context = c;
        const Ledger l = evaluate(s);
        memory.updateFrom(s, l);
        latency.updateFrom(s, l);
    }
    QCOMPARE(memorySpy.count(), 0);
    QCOMPARE(latencySpy.count(), 0);
}

void TstCharts::niceRanges()
{
    const AxisRange a = niceLinearRange(468.8, {});
    QCOMPARE(a.min, 0.0);
    QVERIFY(a.max >= 468.8 && a.max <= 600);
    QVERIFY(std::fmod(a.max, a.step) == 0);
    QCOMPARE(niceLinearRange(400, a), a); // within the hysteresis band
    QVERIFY(niceLinearRange(100, a).max < a.max);
    QVERIFY(niceLinearRange(1000, a).max >= 1000);
    const AxisRange l = niceLogRange(0.012, 1021, {});
    QCOMPARE(l.min, 0.01);
    QCOMPARE(l.max, 10000.0);
    QCOMPARE(niceLogRange(0.02, 900, l), l);
    QCOMPARE(niceLogRange(0.5, 900, l), l); // one spare decade is kept
    QCOMPARE(niceLogRange(5, 900, l).min, 1.0);
}

void TstCharts::presentationAndPalette()
{
    const Scenario s = Scenario::seed();
    ViewSettings view;
    LatencyChart chart;
    chart.setViewSettings(&view);
    chart.updateFrom(s, evaluate(s));
    auto *step = findSeries<QLineSeries>(&chart, "step-2");
    const qreal font = chart.chart()->titleFont().pointSizeF();
    const qreal width = step->pen().widthF();
    view.setPresentation(true);
    QVERIFY(chart.chart()->titleFont().pointSizeF() >= 1.5 * font);
    QCOMPARE(step->pen().widthF(), 2 * width);
    QCOMPARE(chart.chart()->theme(), QChart::ChartThemeHighContrast);
    view.setPresentation(false);
    QCOMPARE(chart.chart()->titleFont().pointSizeF(), font);

    QPalette dark = chart.palette();
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    chart.setPalette(dark);
    QCOMPARE(chart.chart()->theme(), QChart::ChartThemeDark);
    chart.setPaperStyle(true); // exports print light whatever the window
    QCOMPARE(chart.chart()->theme(), QChart::ChartThemeLight);
    chart.setPaperStyle(false);
    QCOMPARE(chart.chart()->theme(), QChart::ChartThemeDark);
    QPalette light = chart.palette();
    light.setColor(QPalette::Window, QColor(0xF0, 0xF0, 0xF0));
    chart.setPalette(light);
    QCOMPARE(chart.chart()->theme(), QChart::ChartThemeLight);
}

void TstCharts::hoverShowsCoreValues()
{
    const Scenario s = Scenario::seed();
    LatencyChart chart;
    chart.resize(900, 600);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.updateFrom(s, evaluate(s));
    QCoreApplication::processEvents();
    auto *step = findSeries<QLineSeries>(&chart, "step-2");
    // A computed point the line need not bend at: hover snaps to every one core computed.
    Scenario two = s;
    two.gpus = 2;
    const QList<qint64> contexts =
        logSpacedContexts(1000, axisEnd(s.context), LatencyChart::kPoints);
    const int near = 2 * LatencyChart::kPoints / 3;
    const QPointF value(double(contexts.at(near)), stepSeconds(two, contexts.at(near)) * 1000);
    const QPoint at =
        chart.mapFromScene(chart.chart()->mapToScene(chart.chart()->mapToPosition(value, step)));
    QTest::mouseMove(chart.viewport(), at - QPoint(4, 4));
    QTest::mouseMove(chart.viewport(), at);
    const auto callout = [&]() -> ChartLabel * {
        for (ChartLabel *label : labels(&chart))
            if (label->text().startsWith("2 GPUs at "))
                return label;
        return nullptr;
    };
    QTRY_VERIFY(callout());
    // The callout snaps to a computed point and shows core's numbers for it.
    bool matched = false;
    for (int i = near - 3; i <= near + 3; ++i)
        matched |=
            callout()->text() == QStringLiteral("2 GPUs at %1 tokens\n%2 per token, %3 tokens/s")
                                     .arg(formatInteger(contexts.at(i)),
                                          formatSeconds(stepSeconds(two, contexts.at(i))),
                                          formatNumber(1 / stepSeconds(two, contexts.at(i)), 3));
    QVERIFY2(matched, qPrintable(callout()->text()));
    chart.hideHoverOverlays();
    QVERIFY(!callout());
}

void TstCharts::grownRanges()
{
    const AxisRange a = niceLinearRange(468.8, {});
    QCOMPARE(grownLinearRange(300, a), a); // never narrows
    const AxisRange b = grownLinearRange(600, a);
    QCOMPARE(b.max, 1000.0); // the next 1, 2 or 5 × 10^k
    QVERIFY(std::fmod(b.max, b.step) == 0);
    QCOMPARE(grownLinearRange(900, b), b);
    QCOMPARE(grownLinearRange(260, b), b); // a quarter or more: kept
    // Data back at its foot (a drag that grew the axis returning): the axis follows it down.
    const AxisRange c = grownLinearRange(100, b);
    QCOMPARE(c.max, 200.0);
    QVERIFY(std::fmod(c.max, c.step) == 0);
    QCOMPARE(grownLinearRange(0, b), b); // nothing to fit: kept
    const AxisRange l = niceLogRange(0.012, 1021, {});
    QCOMPARE(grownLogRange(5, 900, l), l);
    const AxisRange wider = grownLogRange(0.001, 900, l);
    QCOMPARE(wider.min, 0.001);
    QCOMPARE(wider.max, l.max);
}

namespace {
struct LayoutRequestCounter : QObject
{
    int count = 0;
    bool eventFilter(QObject *, QEvent *event) override
    {
        count += event->type() == QEvent::LayoutRequest;
        return false;
    }
};
} // namespace

// Renaming the selected GPU count's legend entry lays out the legend, not the chart's axes.
void TstCharts::legendChangesKeepChartLayout()
{
    Scenario s = Scenario::seed();
    s.gpus = 3;
    LatencyChart chart;
    chart.resize(700, 500);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.updateFrom(s, evaluate(s));
    QCoreApplication::processEvents();
    chart.setInteractive(true);
    const QRectF plot = chart.chart()->plotArea();
    LayoutRequestCounter requests;
    chart.chart()->installEventFilter(&requests);
    for (int gpus : {5, 6, 7}) { // curves between those of 4 and 8 GPUs: the axes stay
        s.gpus = gpus;
        chart.updateFrom(s, evaluate(s));
        QCoreApplication::processEvents();
        QStringList shown;
        for (QLegendMarker *m : chart.chart()->legend()->markers())
            if (m->isVisible())
                shown << m->label();
        QVERIFY2(shown.contains(QStringLiteral("%1 GPUs").arg(gpus)), qPrintable(shown.join(", ")));
    }
    QCOMPARE(requests.count, 0);
    QCOMPARE(chart.chart()->plotArea(), plot);
}

// While a slider is dragged the axes grow when they must and follow the data down only once it
// fills under a quarter of them (a few moves per drag, and no data squeezed at the foot after a
// drag that came back); when it ends they fit.
void TstCharts::axesOnlyGrowDuringDrag()
{
    Scenario s = Scenario::seed();
    MemoryChart memory;
    memory.updateFrom(s, evaluate(s));
    auto *y = qobject_cast<QValueAxis *>(memory.chart()->axes(Qt::Vertical).first());
    memory.setInteractive(true);
    double max = y->max();
    double peak = max;
    int moves = 0;
    for (int batch : {2, 4, 8, 4, 2, 1}) {
        s.batch = batch;
        const Ledger l = evaluate(s);
        memory.updateFrom(s, l);
        QVERIFY(y->max() >= l.totalBytes / 1e9);
        moves += y->max() != max;
        max = y->max();
        peak = std::max(peak, max);
    }
    // 2.76 TB at batch 8 against 469 GB at batch 1: the axis came back down with the data.
    QVERIFY(max < peak);
    QVERIFY2(moves <= 4, qPrintable(QString::number(moves)));
    memory.setInteractive(false);
    QVERIFY(y->max() <= max);
    QVERIFY(y->max() >= evaluate(s).totalBytes / 1e9);
}

// A new KV precision renames legend entries and moves the outline; the bar sets stay.
void TstCharts::barsRenamedInPlace()
{
    Scenario s = Scenario::seed();
    PrecisionChart chart;
    chart.updateFrom(s, evaluate(s));
    auto *series = qobject_cast<QAbstractBarSeries *>(chart.chart()->series().first());
    QVERIFY(series);
    QSignalSpy added(series, &QAbstractBarSeries::barsetsAdded);
    QSignalSpy removed(series, &QAbstractBarSeries::barsetsRemoved);
    s.kvPrecision = Precision::of(NumberFormat::FP8);
    chart.updateFrom(s, evaluate(s));
    QCOMPARE(added.count(), 0);
    QCOMPARE(removed.count(), 0);
    QVERIFY(chart.variantNames().contains("fp8 (this scenario)"));
    QStringList legend;
    for (QLegendMarker *m : chart.chart()->legend()->markers())
        legend << m->label();
    QVERIFY2(legend.contains("fp8 (this scenario)"), qPrintable(legend.join(", ")));
    QVERIFY(!legend.contains("fp16 (this scenario)"));
}

// Entries that do not fit in one row wrap onto more, inside the chart, instead of being truncated.
void TstCharts::legendWrapsInNarrowChart()
{
    const Scenario s = Scenario::seed();
    QList<qreal> heights;
    for (int width : {1400, 400}) {
        LatencyChart chart;
        chart.resize(width, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.updateFrom(s, evaluate(s));
        QCoreApplication::processEvents();
        const QRectF legend = chart.chart()->legend()->geometry();
        QVERIFY(chart.chart()->rect().contains(legend));
        QVERIFY(legend.top() >= chart.chart()->plotArea().bottom());
        heights << legend.height();
    }
    QVERIFY2(heights.at(1) > heights.at(0),
             qPrintable(QStringLiteral("%1 %2").arg(heights.at(0)).arg(heights.at(1))));
}

// The lines at k GPUs are labelled in the scene, the counts that matter always.
void TstCharts::memoryGpuLabels()
{
    const Scenario s = Scenario::seed();
    const Ledger l = evaluate(s);
    MemoryChart chart;
    chart.resize(800, 600);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.updateFrom(s, l);
    QCoreApplication::processEvents();
    QStringList texts;
    for (ChartLabel *label : labels(&chart))
        texts << label->text();
    QVERIFY2(texts.contains(QStringLiteral("%1 GPUs").arg(l.gpusToFit)),
             qPrintable(texts.join(" | ")));
    QVERIFY2(texts.contains(QStringLiteral("1 GPU")), qPrintable(texts.join(" | ")));
}

void TstCharts::labelsFit_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("baseline");
    // About a quarter of the cost tab at 1600 × 1000 and 1920 × 1080; with a baseline pinned a bar
    // chart has twice the bars.
    for (const QString &id : chartIds()) {
        QTest::addRow("%s normal", qPrintable(id)) << id << false << QSize(560, 400) << false;
        QTest::addRow("%s presentation small", qPrintable(id))
            << id << true << QSize(470, 400) << false;
        QTest::addRow("%s presentation", qPrintable(id)) << id << true << QSize(600, 440) << false;
        QTest::addRow("%s with a baseline", qPrintable(id))
            << id << false << QSize(560, 330) << true;
    }
}

// Context labels are whole and inside the chart; no two labels cover each other's text.
void TstCharts::labelsFit()
{
    QFETCH(QString, id);
    QFETCH(bool, presentation);
    QFETCH(QSize, size);
    QFETCH(bool, baseline);
    Scenario s = Scenario::seed();
    ViewSettings view;
    view.setPresentation(presentation);
    std::unique_ptr<LedgerChart> chart(createChart(id));
    chart->setViewSettings(&view);
    chart->resize(size);
    chart->show();
    QVERIFY(QTest::qWaitForWindowExposed(chart.get()));
    if (baseline) {
        s.kvPrecision = Precision::of(NumberFormat::FP8);
        drawCharts({chart.get()}, s, evaluate(s), Scenario::seed(), std::nullopt);
    } else {
        chart->updateFrom(s, evaluate(s));
    }
    QCoreApplication::processEvents();

    const QRectF plot = chart->chart()->plotArea();
    const QStringList ticks = {"1k", "10k", "100k", "1M", "10M"};
    QList<QRectF> texts; // where the letters are: digits and capitals, no line spacing
    QStringList tickTexts;
    for (ChartLabel *label : labels(chart.get())) {
        const QRectF text = label->sceneBoundingRect().adjusted(4, 4, -4, -4);
        const QFontMetricsF fm(label->font());
        const QRectF ink = text.adjusted(0, fm.ascent() - fm.capHeight(), 0, -fm.descent());
        if (ticks.contains(label->text())) {
            tickTexts << label->text();
            QVERIFY2(chart->chart()->rect().contains(text), qPrintable(label->text()));
            texts << ink;
        } else if (plot.contains(text.center()) && !label->text().contains(u'\n')) {
            texts << ink; // bar values
        }
    }
    if (id == u"memory" || id == u"latency")
        QCOMPARE(tickTexts, ticks);
    for (int i = 0; i < texts.size(); ++i)
        for (int j = i + 1; j < texts.size(); ++j)
            QVERIFY2(!texts.at(i).intersects(texts.at(j)),
                     qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(i).arg(j)));
}

QTEST_MAIN(TstCharts)
#include "tst_charts.moc"
