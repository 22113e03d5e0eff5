// The cost charts' series and what-if rows: the seed's numbers by hand, every point equal to the
// ledger of that context, and the measured overlay at efficiency = measured / datasheet.
#include "../test_points.h"
#include "chart_series.h"
#include "kv_strategy.h"
#include "polyline.h"
#include "sweep.h"
#include "test_models.h"

#include <QTest>

using namespace kvl;
using namespace kvl::test;

Q_DECLARE_METATYPE(kvl::Scenario)

namespace {

// The seed by hand: Llama 3.1 70B, 80 layers × K and V × 8 KV heads × head dim 128 × 2 B (fp16).
constexpr double kSeedBytesPerToken = 80.0 * 2 * 8 * 128 * 2; // 327,680
constexpr double kSeedWeightBytes = 141107412992.0;           // tst_seed: ~140 GB at fp16
constexpr double kH100Bandwidth = 3.35e12;

Scenario seed()
{
    return scenario(llama70b());
}

Scenario measured(Scenario s, double bytesPerSecond)
{
    s.measured =
        MeasuredBandwidth{"cuda:0", "NVIDIA H100 SXM", bytesPerSecond, bytesPerSecond, 1 << 30, {}};
    return s;
}

double yAt(const Curve &c, qint64 context)
{
    for (const QPointF &p : c.points)
        if (p.x() == double(context))
            return p.y();
    return qQNaN();
}

void addScenarioRows()
{
    QTest::addColumn<Scenario>("s");
    QTest::addRow("70B, 1M, 1 GPU") << seed();
    QTest::addRow("70B, 128k, 3 GPUs, batch 4") << [] {
        Scenario s = scenario(llama70b(), 128'000, 3);
        s.batch = 4;
        return s;
    }();
    QTest::addRow("Mistral (window), 32k") << scenario(mistral7b(), 32'768);
    QTest::addRow("Gemma 2 (window + full), 20M, 2 GPUs") << scenario(gemma2_9b(), 20'000'000, 2);
    QTest::addRow("DeepSeek-V3 (MLA), 8 GPUs") << scenario(deepseekV3(), 128'000, 8);
    QTest::addRow("Mixtral (MoE), batch 16") << [] {
        Scenario s = scenario(mixtral8x7b(), 64'000, 2);
        s.batch = 16;
        return s;
    }();
    QTest::addRow("70B measured 2.5 TB/s, 16 GPUs")
        << measured(scenario(llama70b(), 500, 16), 2.5e12);
}

} // namespace

class TestChartSeries : public QObject
{
    Q_OBJECT
private slots:
    void contextAxis_data();
    void contextAxis();
    void seedMemoryByHand();
    void seedLatencyByHand_data();
    void seedLatencyByHand();
    void seedMeasuredByHand();
    void calibratedEqualsLedger();
    void memoryEqualsLedger_data() { addScenarioRows(); }
    void memoryEqualsLedger();
    void latencyEqualsLedger_data() { addScenarioRows(); }
    void latencyEqualsLedger();
    void gpuCounts_data();
    void gpuCounts();
    void gpuLines_data();
    void gpuLines();
    void seedGpuLines();
    void seedAttentionByHand();
    void attentionVariants_data() { addScenarioRows(); }
    void attentionVariants();
    void seedPrecisionByHand();
    void precisionKeepsOwnSettings();
    void onlyAskedParts();
    void memoryHoldsFixedState();
    void baselineOverTheSameAxes();
    void baselineKeptWhileTheScenarioMoves();
    void servingWithBaseline();
    void rooflineAndSessionWithBaseline();
    void requestUnion();
    void strategiesByHand();
    void strategyCurvesKeptWhileOnlyContextMoves();
    void drawnPolyline_data();
    void drawnPolyline();
    void drawnLatencyCurveWithinTolerance();
};

void TestChartSeries::contextAxis_data()
{
    QTest::addColumn<qint64>("context");
    QTest::addColumn<qint64>("end");
    QTest::addRow("short") << qint64(500) << qint64(10'000'000);
    QTest::addRow("1M") << qint64(1'000'000) << qint64(10'000'000);
    QTest::addRow("10M exactly") << qint64(10'000'000) << qint64(10'000'000);
    QTest::addRow("just past 10M") << qint64(10'000'001) << qint64(100'000'000);
    QTest::addRow("20M") << qint64(20'000'000) << qint64(100'000'000);
}

void TestChartSeries::contextAxis()
{
    QFETCH(qint64, context);
    QFETCH(qint64, end);
    QCOMPARE(contextAxisEnd(context), end);
    const QList<qint64> x = axisContexts(context, kMemoryPoints);
    QCOMPARE(x, logSpacedContexts(1000, end, kMemoryPoints));
    QCOMPARE(x.first(), kContextAxisFrom);
    QCOMPARE(x.last(), end);
}

void TestChartSeries::seedMemoryByHand()
{
    const MemorySeries m = memorySeries(seed(), {1000, 1'000'000, 10'000'000});
    QCOMPARE(m.contexts, (QList<qint64>{1000, 1'000'000, 10'000'000}));
    QCOMPARE(m.weightBytes, kSeedWeightBytes);
    // 327,680 B per token: 327.68 GB at 10^6 tokens, exactly.
    QCOMPARE(yAt(m.kv, 1'000'000), 327.68e9);
    QCOMPARE(yAt(m.kv, 1000), 1000 * kSeedBytesPerToken);
    QCOMPARE(yAt(m.kv, 10'000'000), 3276.8e9);
    QCOMPARE(yAt(m.total, 1'000'000), kSeedWeightBytes + 327.68e9);
    QCOMPARE(m.weights.points, (QList<QPointF>{QPointF(1000, kSeedWeightBytes),
                                               QPointF(10'000'000, kSeedWeightBytes)}));
    QCOMPARE(m.kv.key, QStringLiteral("kv"));
    QCOMPARE(m.total.key, QStringLiteral("total"));
}

void TestChartSeries::seedLatencyByHand_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<double>("kvMs");
    QTest::addColumn<double>("stepMs");
    // KV alone: 327.68 GB / gpus / 3.35 TB/s (8 KV heads: one per GPU on 8, none replicated).
    // The step adds each GPU's share of the weights.
    for (int n : {1, 2, 4, 8})
        QTest::addRow("%d GPUs", n) << n << 327.68e9 / n / kH100Bandwidth * 1000
                                    << (kSeedWeightBytes + 327.68e9) / n / kH100Bandwidth * 1000;
}

void TestChartSeries::seedLatencyByHand()
{
    QFETCH(int, gpus);
    QFETCH(double, kvMs);
    QFETCH(double, stepMs);
    const LatencySeries l = latencySeries(seed(), {1000, 1'000'000});
    QCOMPARE(l.gpuCounts, (QList<int>{1, 2, 4, 8}));
    QCOMPARE(l.measuredBytesPerSecond, 0.0);
    QCOMPARE(l.curves.size(), 8); // step and KV per count, no measured curves
    const Curve *kv = l.curve(gpus, true, false);
    const Curve *step = l.curve(gpus, false, false);
    QVERIFY(kv && step);
    QVERIFY(!l.curve(gpus, false, true));
    QCOMPARE(kv->key, QStringLiteral("kv-%1").arg(gpus));
    QCOMPARE(step->key, QStringLiteral("step-%1").arg(gpus));
    QCOMPARE(yAt(*kv, 1'000'000) * 1000, kvMs);
    QCOMPARE(yAt(*step, 1'000'000) * 1000, stepMs);
    if (gpus == 1)
        QCOMPARE(qRound(yAt(*kv, 1'000'000) * 10000), 978); // 97.8 ms
    if (gpus == 8)
        QCOMPARE(qRound(yAt(*kv, 1'000'000) * 10000), 122); // 12.2 ms
}

void TestChartSeries::seedMeasuredByHand()
{
    // 2.5 TB/s measured on a 3.35 TB/s datasheet: every memory-bound step takes 3.35 / 2.5 times
    // as long.
    const Scenario s = measured(seed(), 2.5e12);
    const LatencySeries l = latencySeries(s, {1000, 1'000'000});
    QCOMPARE(l.measuredBytesPerSecond, 2.5e12);
    QCOMPARE(l.curves.size(), 12);
    for (int n : {1, 2, 4, 8}) {
        const Curve *m = l.curve(n, false, true);
        QVERIFY(m);
        QCOMPARE(m->key, QStringLiteral("measured-%1").arg(n));
        QCOMPARE(yAt(*m, 1'000'000), (kSeedWeightBytes + 327.68e9) / n / 2.5e12);
        QCOMPARE(yAt(*m, 1'000'000), yAt(*l.curve(n, false, false), 1'000'000) * 3.35 / 2.5);
    }
    // A measurement without a datasheet bandwidth to compare with draws nothing.
    Scenario none = s;
    none.gpu.bandwidth = 0;
    QCOMPARE(latencySeries(none, {1000}).measuredBytesPerSecond, 0.0);
}

// With an engine, the scenario's GPU count gets the calibrated curve: each point the ledger's
// prediction at that context, bit for bit; without one, no curve.
void TestChartSeries::calibratedEqualsLedger()
{
    Scenario s = seed();
    s.gpus = 8;
    QVERIFY(latencySeries(s, {1000, 131072}).calibrated.points.isEmpty());
    s.engine = QStringLiteral("vllm");
    const QList<qint64> contexts{1000, 8192, 131072, 1'000'000};
    const LatencySeries l = latencySeries(s, contexts);
    QCOMPARE(l.calibrated.key, QStringLiteral("calibrated-8"));
    QCOMPARE(l.calibrated.points.size(), contexts.size());
    for (qsizetype i = 0; i < contexts.size(); ++i) {
        Scenario at = s;
        at.context = contexts.at(i);
        const Ledger ledger = evaluate(at);
        QVERIFY(ledger.predictedSecondsPerToken > 0);
        QCOMPARE(l.calibrated.points.at(i).y(), ledger.predictedSecondsPerToken);
        // A prediction of what the engine reached, above the floor's time per token.
        QVERIFY(ledger.predictedSecondsPerToken > ledger.secondsPerToken);
    }
    // Batch 64 on 8 H100s at 10M tokens: 64 caches of 3.3 TB do not fit, and the curve ends
    // before that context rather than draw a step the engine would not run.
    s.batch = 64;
    const LatencySeries big = latencySeries(s, {1000, 10'000'000});
    QCOMPARE(big.calibrated.points.size(), 1);
}

// Each point is the ledger of its context, bit for bit: the charts plot core's numbers.
void TestChartSeries::memoryEqualsLedger()
{
    QFETCH(Scenario, s);
    const QList<qint64> contexts = axisContexts(s.context, 512);
    const MemorySeries m = memorySeries(s, contexts);
    QCOMPARE(m.contexts, contexts);
    QVERIFY(samePoints(m.kv.points, sweepContext(s, Quantity::KvBytes, contexts)));
    QCOMPARE(m.weightBytes, evaluate(s).weightBytes);
    for (qsizetype i = 0; i < contexts.size(); ++i)
        QVERIFY(m.total.points.at(i).y() == m.weightBytes + m.kv.points.at(i).y());
}

void TestChartSeries::latencyEqualsLedger()
{
    QFETCH(Scenario, s);
    const QList<qint64> contexts = axisContexts(s.context, 512);
    const LatencySeries l = latencySeries(s, contexts);
    QCOMPARE(l.gpuCounts, latencyGpuCounts(s.gpus));
    QCOMPARE(l.curves.size(), l.gpuCounts.size() * (s.measured ? 3 : 2));
    for (int n : l.gpuCounts) {
        Scenario t = s;
        t.gpus = n;
        QVERIFY(samePoints(l.curve(n, false, false)->points,
                           sweepContext(t, Quantity::SecondsPerToken, contexts)));
        QVERIFY(samePoints(l.curve(n, true, false)->points,
                           sweepContext(t, Quantity::KvSecondsPerToken, contexts)));
        if (s.measured) {
            t.efficiency = s.measured->medianBytesPerSecond / s.gpu.bandwidth;
            QVERIFY(samePoints(l.curve(n, false, true)->points,
                               sweepContext(t, Quantity::SecondsPerToken, contexts)));
        }
    }
}

void TestChartSeries::gpuCounts_data()
{
    QTest::addColumn<int>("selected");
    QTest::addColumn<QList<int>>("counts");
    QTest::addRow("1") << 1 << QList<int>{1, 2, 4, 8};
    QTest::addRow("8") << 8 << QList<int>{1, 2, 4, 8};
    QTest::addRow("3") << 3 << QList<int>{1, 2, 4, 8, 3};
    QTest::addRow("16") << 16 << QList<int>{1, 2, 4, 8, 16};
}

void TestChartSeries::gpuCounts()
{
    QFETCH(int, selected);
    QFETCH(QList<int>, counts);
    QCOMPARE(latencyGpuCounts(selected), counts);
}

// Worked by hand from the rule: every count up to the largest that matters while there are at
// most 8; else 1, selected, to fit and TP, plus multiples of ceil((top + 6) / 7), the extra
// nearest its neighbours dropped first.
void TestChartSeries::gpuLines_data()
{
    QTest::addColumn<int>("selected");
    QTest::addColumn<int>("toFit");
    QTest::addColumn<int>("tp");
    QTest::addColumn<QList<int>>("lines");
    QTest::addRow("seed: 6 to fit, TP 8") << 1 << 6 << 8 << QList<int>{1, 2, 3, 4, 5, 6, 7, 8};
    QTest::addRow("fits one") << 1 << 1 << 1 << QList<int>{1};
    // Step 10: 1, 10, 20, 30, 35, 40, 50, 60, 64 is 9; 60 (64 − 50 = 14) goes.
    QTest::addRow("35 to fit, TP 64") << 1 << 35 << 64 << QList<int>{1, 10, 20, 30, 35, 40, 50, 64};
    // Step 3: 1, 3, 6, 9, 12, 15, 16.
    QTest::addRow("16 selected") << 16 << 3 << 16 << QList<int>{1, 3, 6, 9, 12, 15, 16};
    // No valid TP degree: step 2 up to 9.
    QTest::addRow("no TP degree") << 1 << 9 << 0 << QList<int>{1, 2, 4, 6, 8, 9};
}

void TestChartSeries::gpuLines()
{
    QFETCH(int, selected);
    QFETCH(int, toFit);
    QFETCH(int, tp);
    QFETCH(QList<int>, lines);
    QCOMPARE(gpuLineCounts(selected, toFit, tp), lines);
}

// The memory chart's lines come with its series, from the ledger the series was computed with.
void TestChartSeries::seedGpuLines()
{
    const Scenario s = seed();
    const Ledger l = evaluate(s);
    QCOMPARE(l.gpusToFit, 6); // the seed: 468.8 GB over 80 GB usable each
    QCOMPARE(chartSeries(s, l, SeriesPart::Memory).memory.gpuLines,
             gpuLineCounts(1, 6, l.tpDegree));
    QVERIFY(memorySeries(s, {1000}).gpuLines.isEmpty());
}

void TestChartSeries::seedAttentionByHand()
{
    const Scenario s = seed();
    const QList<AttentionVariant> v = kvl::attentionVariants(s);
    QCOMPARE(v.size(), 3);
    QCOMPARE(v.at(0).kind, AttentionVariantKind::Mha);
    QCOMPARE(v.at(1).kind, AttentionVariantKind::Gqa);
    QCOMPARE(v.at(2).kind, AttentionVariantKind::Mqa);
    QCOMPARE((QList<int>{v.at(0).kvHeads, v.at(1).kvHeads, v.at(2).kvHeads}),
             (QList<int>{64, 8, 1}));
    QVERIFY(!v.at(0).current && v.at(1).current && !v.at(2).current);
    // 80 layers × 2 × heads × 128 × 2 B.
    QCOMPARE(v.at(0).ledger.kvBytesPerToken, qint64(80 * 2 * 64 * 128 * 2)); // 2,621,440
    QCOMPARE(v.at(1).ledger.kvBytesPerToken, qint64(kSeedBytesPerToken));
    QCOMPARE(v.at(2).ledger.kvBytesPerToken, qint64(80 * 2 * 1 * 128 * 2)); // 40,960
    QCOMPARE(v.at(1).ledger.kvBytes, 327.68e9);
    QCOMPARE(v.at(0).ledger.kvBytes, 8 * 327.68e9);
    QCOMPARE(v.at(0).scenario.model.kvHeads, 64);
    QCOMPARE(v.at(1).scenario, s);
}

void TestChartSeries::attentionVariants()
{
    QFETCH(Scenario, s);
    const Ledger l = evaluate(s);
    const QList<AttentionVariant> v = kvl::attentionVariants(s, l);
    const bool mla = s.model.hasKind(AttentionKind::Latent);
    QCOMPARE(v.first().kind, AttentionVariantKind::Mha);
    QCOMPARE(v.last().kind, mla ? AttentionVariantKind::Mla : AttentionVariantKind::Mqa);
    QCOMPARE(std::count_if(v.cbegin(), v.cend(), [](const auto &x) { return x.current; }), 1);
    for (const AttentionVariant &x : v) {
        const Ledger expected = evaluate(x.scenario);
        QCOMPARE(x.ledger.kvBytesPerToken, expected.kvBytesPerToken);
        QVERIFY(x.ledger.kvBytes == expected.kvBytes);
        QVERIFY(x.ledger.secondsPerToken == expected.secondsPerToken);
        if (x.current)
            QCOMPARE(x.scenario, s);
        else
            QCOMPARE(x.scenario.model, s.model.withKvHeads(x.kvHeads));
    }
}

void TestChartSeries::seedPrecisionByHand()
{
    const QList<PrecisionVariant> v = precisionVariants(seed());
    QCOMPARE(v.size(), 4);
    QStringList names;
    QList<qint64> bytes;
    for (const PrecisionVariant &x : v) {
        names << x.precision.name();
        bytes << x.ledger.kvBytesPerToken;
    }
    QCOMPARE(names, (QStringList{"fp16", "fp8", "int8", "int4"}));
    // 163,840 values per token: 2 B, 1 B, 1 B, and 4 bits + one fp16 scale per 32 (4.5 bits).
    QCOMPARE(bytes, (QList<qint64>{327'680, 163'840, 163'840, 92'160}));
    QVERIFY(v.at(0).current);
    QCOMPARE(v.at(0).ledger.gpusToFit, 6); // 468.8 GB on 80 GB GPUs
    QCOMPARE(v.at(1).ledger.gpusToFit, 4); // 141.1 + 163.84 GB
    // What the chart reads equals a whole ledger; the other variants leave the plan search out.
    for (const PrecisionVariant &x : v) {
        Scenario t = seed();
        t.kvPrecision = x.precision;
        const Ledger whole = evaluate(t);
        QCOMPARE(x.ledger.kvBytesPerToken, whole.kvBytesPerToken);
        QCOMPARE(x.ledger.gpusToFit, whole.gpusToFit);
        QCOMPARE(x.ledger.tpDegree, whole.tpDegree);
        QVERIFY(x.ledger.kvBytes == whole.kvBytes);
        QVERIFY(x.ledger.secondsPerToken == whole.secondsPerToken);
        QCOMPARE(x.ledger.planLabel().isEmpty(), !x.current);
    }
}

void TestChartSeries::precisionKeepsOwnSettings()
{
    Scenario s = seed();
    s.kvPrecision = *Precision::parse("int4:g128");
    const QList<PrecisionVariant> v = precisionVariants(s);
    QVERIFY(!v.at(0).current);
    QVERIFY(v.at(3).current);
    QCOMPARE(v.at(3).precision, s.kvPrecision);
    QCOMPARE(v.at(3).ledger.kvBytesPerToken, evaluate(s).kvBytesPerToken);
    s.kvPrecision = Precision::of(NumberFormat::BF16); // stands for fp16
    QVERIFY(precisionVariants(s).at(0).current);
    QCOMPARE(precisionVariants(s).at(0).precision.format, NumberFormat::BF16);
}

void TestChartSeries::onlyAskedParts()
{
    const Scenario s = measured(seed(), 2.5e12);
    const Ledger l = evaluate(s);
    const ChartSeries latency = chartSeries(s, l, SeriesPart::Latency);
    QCOMPARE(latency.latency, latencySeries(s, axisContexts(s.context, kLatencyPoints)));
    QVERIFY(latency.memory.contexts.isEmpty());
    QVERIFY(latency.attention.isEmpty() && latency.precision.isEmpty());
    const ChartSeries all = chartSeries(s, l,
                                        SeriesPart::Memory | SeriesPart::Latency |
                                            SeriesPart::Attention | SeriesPart::Precision);
    MemorySeries memory = memorySeries(s, axisContexts(s.context, kMemoryPoints));
    memory.gpuLines = gpuLineCounts(s.gpus, l.gpusToFit, l.tpDegree);
    QCOMPARE(all.memory, memory);
    QCOMPARE(all.latency, latency.latency);
    QCOMPARE(all.attention.size(), 3);
    QCOMPARE(all.precision.size(), 4);
    QCOMPARE(all.scenario, s);
}

// The baseline (8 GPUs, 128k, fp8) drawn on the seed's axes: its memory over the seed's contexts,
// its time per token at its own GPU count only, and its own variants. By hand at the axis' first
// 1,000 tokens on 8 GPUs: (141.1 GB + 1,000 × 163,840 B) / 8 / 3.35 TB/s.
void TestChartSeries::baselineOverTheSameAxes()
{
    const Scenario s = seed();
    Scenario b = seed();
    b.gpus = 8;
    b.context = 128'000;
    b.kvPrecision = Precision::of(NumberFormat::FP8);
    const SeriesParts all =
        SeriesPart::Memory | SeriesPart::Latency | SeriesPart::Attention | SeriesPart::Precision;
    const ChartSeries current = chartSeries(s, evaluate(s), all);
    const ChartSeries base = baselineChartSeries(b, evaluate(b), current);
    QCOMPARE(base.scenario, b);
    QCOMPARE(base.memory, memorySeries(b, current.memory.contexts));
    QCOMPARE(base.latency.contexts, current.latency.contexts);
    QCOMPARE(base.latency.gpuCounts, QList<int>{8});
    QCOMPARE(base.latency.curves.size(), 1);
    const Curve *step = base.latency.curve(8, false, false);
    QVERIFY(step);
    QCOMPARE(step->points,
             latencySeries(b, current.latency.contexts).curve(8, false, false)->points);
    const qsizetype at = current.latency.contexts.indexOf(128'000);
    if (at >= 0)
        QCOMPARE(step->points.at(at).y(), (141'107'412'992.0 + 128'000.0 * 163'840) / 8 / 3.35e12);
    QCOMPARE(base.attention.size(), kvl::attentionVariants(b).size());
    QCOMPARE(base.precision.size(), 4);
    QCOMPARE(base.ledger.secondsPerToken, evaluate(b).secondsPerToken);
    // Only the current's parts.
    const ChartSeries memoryOnly =
        baselineChartSeries(b, evaluate(b), chartSeries(s, evaluate(s), SeriesPart::Memory));
    QVERIFY(memoryOnly.latency.curves.isEmpty() && memoryOnly.attention.isEmpty());
}

// A pinned baseline is worked out once while the scenario moves: its variants are the last
// change's (no ledger worked out for them), its curves too while the axis stays, and all of it
// again when the axis or the baseline changes.
void TestChartSeries::baselineKeptWhileTheScenarioMoves()
{
    Scenario s = seed();
    Scenario b = seed();
    b.kvPrecision = Precision::of(NumberFormat::FP8);
    const SeriesParts all =
        SeriesPart::Memory | SeriesPart::Latency | SeriesPart::Attention | SeriesPart::Precision;
    const ChartSeries first = chartSeries(s, evaluate(s), all, b, evaluate(b));
    s.gpus = 4; // the axis stays: it ends past 1M tokens either way
    const Ledger l = evaluate(s);
    const EvaluationCount before = evaluationCount();
    const ChartSeries moved = chartSeries(s, l, all, b, evaluate(b), &first);
    const EvaluationCount after = evaluationCount();
    // The scenario's own 2 attention and 3 precision what-ifs, none of the baseline's.
    QCOMPARE(after.partial - before.partial, quint64(5));
    QVERIFY(moved.baseline->attention.isSharedWith(first.baseline->attention));
    QVERIFY(moved.baseline->precision.isSharedWith(first.baseline->precision));
    QVERIFY(moved.baseline->memory.total.points.isSharedWith(first.baseline->memory.total.points));
    // The same as worked out afresh.
    const ChartSeries fresh = baselineChartSeries(b, evaluate(b), moved);
    QCOMPARE(moved.baseline->memory, fresh.memory);
    QCOMPARE(moved.baseline->latency.curves, fresh.latency.curves);
    QCOMPARE(moved.baseline->attention.size(), fresh.attention.size());
    for (qsizetype i = 0; i < fresh.attention.size(); ++i)
        QCOMPARE(moved.baseline->attention.at(i).ledger.kvBytes,
                 fresh.attention.at(i).ledger.kvBytes);
    QCOMPARE(moved.baseline->precision.size(), fresh.precision.size());
    for (qsizetype i = 0; i < fresh.precision.size(); ++i)
        QCOMPARE(moved.baseline->precision.at(i).ledger.secondsPerToken,
                 fresh.precision.at(i).ledger.secondsPerToken);

    s.context = 20'000'000; // a longer axis: the baseline's curves over it
    const ChartSeries longer = chartSeries(s, evaluate(s), all, b, evaluate(b), &moved);
    QCOMPARE(longer.baseline->memory, memorySeries(b, longer.memory.contexts));
    QVERIFY(longer.baseline->memory != moved.baseline->memory);
    QVERIFY(longer.baseline->attention.isSharedWith(moved.baseline->attention));

    Scenario b2 = b;
    b2.kvPrecision = Precision::of(NumberFormat::INT4); // another baseline: worked out again
    const ChartSeries repinned = chartSeries(s, evaluate(s), all, b2, evaluate(b2), &longer);
    QVERIFY(!repinned.baseline->attention.isSharedWith(longer.baseline->attention));
    QCOMPARE(repinned.baseline->precision.size(), 4);
    QCOMPARE(repinned.baseline->memory, memorySeries(b2, repinned.memory.contexts));
}

// The serving part with a pinned baseline in one call: each scenario's own sweep (checked by hand
// in tst_serving_series), the baseline only for parts asked for, nothing for an invalid scenario.
void TestChartSeries::servingWithBaseline()
{
    const Scenario s = seed();
    Scenario b = seed();
    b.batch = 8;
    b.context = 32'000;
    const ChartSeries both = chartSeries(s, evaluate(s), SeriesPart::Serving, b);
    QCOMPARE(both.serving, servingSeries(s));
    QVERIFY(both.memory.contexts.isEmpty() && both.latency.curves.isEmpty());
    QVERIFY(both.baseline);
    QCOMPARE(both.baseline->scenario, b);
    QCOMPARE(both.baseline->serving, servingSeries(b));
    QCOMPARE(both.baseline->ledger.secondsPerToken, evaluate(b).secondsPerToken);
    QVERIFY(both.baseline->memory.contexts.isEmpty());

    QVERIFY(!chartSeries(s, evaluate(s), {}, b).baseline); // nothing asked: no baseline work

    Scenario invalid = s;
    invalid.gpus = 0;
    QVERIFY(!invalid.validate().isEmpty());
    QVERIFY(chartSeries(invalid, {}, SeriesPart::Serving).serving.batch.isEmpty());
}

// The roofline and the session with their settings, for the scenario and the pinned baseline:
// each scenario's session starts at its own context, whatever start the request carries.
void TestChartSeries::rooflineAndSessionWithBaseline()
{
    const Scenario s = seed();
    Scenario b = seed();
    b.context = 32'000;
    b.kvPrecision = Precision::of(NumberFormat::FP8);
    SeriesRequest r(SeriesPart::Roofline | SeriesPart::Session);
    r.roofline.promptTokens = 2048;
    r.session.turns = 5;
    r.session.turnInput = 1000;
    r.session.response = 200;
    r.session.startContext = 7; // ignored
    const ChartSeries both = chartSeries(s, evaluate(s), r, b);
    const auto intensities = [](const Roofline &roof) {
        QList<double> out;
        for (const RooflinePoint &p : roof.points)
            out << p.intensity;
        return out;
    };
    QCOMPARE(intensities(both.roofline), intensities(roofline(s, r.roofline)));
    QVERIFY(intensities(both.roofline) != intensities(roofline(s))); // the prompt counts
    QVERIFY(both.baseline);
    QCOMPARE(intensities(both.baseline->roofline), intensities(roofline(b, r.roofline)));
    QVERIFY(both.session && both.baseline->session);
    QCOMPARE(both.session->options.startContext, s.context);
    QCOMPARE(both.baseline->session->options.startContext, qint64(32'000));
    SessionOptions o = r.session;
    o.startContext = s.context;
    QCOMPARE(both.session->cached.cost, sessionSeries(s, o).cached.cost);
    QCOMPARE(both.session->cached.turns.size(), 5);

    r.session.turns = 0; // an invalid session: none, and the roofline all the same
    const ChartSeries invalid = chartSeries(s, evaluate(s), r);
    QVERIFY(!invalid.session);
    QVERIFY(invalid.roofline.peakFlops > 0);
}

// A page's request is the union of its charts': each part's settings from the chart asking.
void TestChartSeries::requestUnion()
{
    SeriesRequest page(SeriesPart::Memory);
    SeriesRequest roof(SeriesPart::Roofline);
    roof.roofline.promptTokens = 4096;
    SeriesRequest other(SeriesPart::Latency);
    other.roofline.promptTokens = 99; // not asking for the roofline: its settings do not count
    page |= roof;
    page |= other;
    QCOMPARE(page.parts, SeriesPart::Memory | SeriesPart::Roofline | SeriesPart::Latency);
    QCOMPARE(page.roofline.promptTokens, qint64(4096));
}

void TestChartSeries::memoryHoldsFixedState()
{
    // A Qwen3-Next-shaped hybrid: 1 full layer of 2 KV heads × 256 per 4, the other 3 linear
    // attention with 32 v heads × 128 × 128 + 3 conv taps over 2·16·128 + 32·128, in bf16.
    Scenario s = Scenario::seed();
    s.model.layers = 8;
    s.model.queryHeads = 16;
    s.model.kvHeads = 2;
    s.model.headDim = 256;
    s.model.layerPattern = {AttentionKind::Linear, AttentionKind::Linear, AttentionKind::Linear,
                            AttentionKind::Full};
    s.model.linearKeyHeads = 16;
    s.model.linearValueHeads = 32;
    s.model.linearKeyHeadDim = 128;
    s.model.linearValueHeadDim = 128;
    s.model.linearConvKernel = 4;
    s.model.totalParameters = s.model.activeParameters = 1e9;
    QCOMPARE(s.validate(), QString());
    const double state = 6.0 * (32 * 128 * 128 + 3 * (2 * 16 * 128 + 32 * 128)) * 2;
    const MemorySeries m = memorySeries(s, {1000, 100000});
    QCOMPARE(m.stateBytes, state);
    QCOMPARE(m.kv.points.at(0).y(), 2.0 * 2 * 2 * 256 * 2 * 1000 + state);
    QCOMPARE(m.total.points.at(1).y(), 1e9 * 2 + 2.0 * 2 * 2 * 256 * 2 * 100000 + state);
    // The ledger's figures for the same context: KV + state + weights.
    s.context = 100000;
    const Ledger l = evaluate(s);
    QCOMPARE(m.total.points.at(1).y(), l.totalBytes);
}

namespace {

QList<KvStrategy> strategies(const QStringList &specs)
{
    QList<KvStrategy> out;
    for (const QString &spec : specs)
        out << *KvStrategy::parse(spec);
    return out;
}

} // namespace

// The strategies part: each strategy's result at the scenario's context and its curve over the
// latency axis, equal to evaluating it alone; fp8 halves the seed's 320 KiB per token.
void TestChartSeries::strategiesByHand()
{
    const Scenario s = seed();
    const QList<KvStrategy> k = strategies({QStringLiteral("fp16"), QStringLiteral("fp8")});
    const ChartSeries c = chartSeries(s, evaluate(s), SeriesRequest::of(k));
    QCOMPARE(c.strategies.contexts, axisContexts(s.context, kLatencyPoints));
    QCOMPARE(c.strategies.results.size(), 2);
    QCOMPARE(c.strategies.curves.size(), 2);
    QCOMPARE(c.strategies.results.at(0).heldBytes, 1'000'000 * kSeedBytesPerToken);
    QCOMPARE(c.strategies.results.at(1).heldBytes, 1'000'000 * kSeedBytesPerToken / 2);
    for (qsizetype i = 0; i < k.size(); ++i)
        QCOMPARE(
            c.strategies.curves.at(i),
            sweepStrategy(s, k.at(i), StrategyQuantity::SecondsPerToken, c.strategies.contexts));
}

// A context drag inside the axis keeps the last change's curves (they depend on the context only
// through the axis) and still evaluates the results at the new context; any other change, or an
// axis that grew, computes them again.
void TestChartSeries::strategyCurvesKeptWhileOnlyContextMoves()
{
    const QList<KvStrategy> k = strategies({QStringLiteral("fp16"), QStringLiteral("int4")});
    const SeriesRequest r = SeriesRequest::of(k);
    Scenario s = seed();
    const ChartSeries first = chartSeries(s, evaluate(s), r);
    const auto curvesOf = [&](const Scenario &at) {
        QList<QList<QPointF>> out;
        for (const KvStrategy &one : k)
            out << sweepStrategy(at, one, StrategyQuantity::SecondsPerToken,
                                 axisContexts(at.context, kLatencyPoints));
        return out;
    };

    s.context = 600'000; // the same decade: the same axis
    const ChartSeries moved = chartSeries(s, evaluate(s), r, &first);
    QCOMPARE(moved.strategies.contexts, first.strategies.contexts);
    QCOMPARE(moved.strategies.curves, curvesOf(s));
    QVERIFY(moved.strategies.curves.isSharedWith(first.strategies.curves)); // kept, not redone
    QCOMPARE(moved.strategies.results.at(0).heldBytes, 600'000 * kSeedBytesPerToken);
    QCOMPARE(moved.strategies.results.at(1).secondsPerToken,
             evaluateStrategy(s, k.at(1)).secondsPerToken);

    s.context = 20'000'000; // past the axis: a longer one
    const ChartSeries longer = chartSeries(s, evaluate(s), r, &moved);
    QVERIFY(longer.strategies.contexts != first.strategies.contexts);
    QCOMPARE(longer.strategies.curves, curvesOf(s));

    Scenario more = seed();
    more.gpus = 4; // not the context: recomputed
    const ChartSeries spread = chartSeries(more, evaluate(more), r, &first);
    QCOMPARE(spread.strategies.curves, curvesOf(more));
    QVERIFY(!spread.strategies.curves.isSharedWith(first.strategies.curves));
    QVERIFY(spread.strategies.curves != first.strategies.curves);

    Scenario b = seed();
    b.kvPrecision = Precision::of(NumberFormat::FP8);
    const ChartSeries pinned = chartSeries(seed(), evaluate(seed()), r, b);
    Scenario b2 = b;
    b2.kvPrecision = Precision::of(NumberFormat::INT4);
    const ChartSeries repinned = chartSeries(s, evaluate(s), r, b2, std::nullopt, &pinned);
    QVERIFY(repinned.baseline);
    QCOMPARE(repinned.baseline->strategies.curves.at(1),
             sweepStrategy(b2, k.at(1), StrategyQuantity::SecondsPerToken,
                           repinned.strategies.contexts));
}

// Hand-made polylines: which points a chart needs to draw them.
void TestChartSeries::drawnPolyline_data()
{
    QTest::addColumn<QList<QPointF>>("points");
    QTest::addColumn<AxisScale>("y");
    QTest::addColumn<QList<QPointF>>("drawn");
    QList<QPointF> line, kink, flat;
    for (int i = 0; i <= 20; ++i) {
        line << QPointF(i, 3 + 2 * i);
        kink << QPointF(i, std::min(i, 7) * 10.0); // straight up to 7, flat after
        flat << QPointF(i, 5);
    }
    QTest::addRow("a straight line: its ends")
        << line << AxisScale::Linear << QList<QPointF>{line.first(), line.last()};
    QTest::addRow("a kink: the ends and the kink")
        << kink << AxisScale::Linear << QList<QPointF>{kink.first(), kink.at(7), kink.last()};
    QTest::addRow("flat: its ends")
        << flat << AxisScale::Linear << QList<QPointF>{flat.first(), flat.last()};
    // 10, 100, 1000 lie on one line in decades, not on a linear scale.
    const QList<QPointF> decades{{0, 10}, {1, 100}, {2, 1000}};
    QTest::addRow("straight in decades")
        << decades << AxisScale::Log << QList<QPointF>{{0, 10}, {2, 1000}};
    QTest::addRow("bent on a linear scale") << decades << AxisScale::Linear << decades;
    const QList<QPointF> zero{{0, 0}, {1, 1}, {2, 2}};
    QTest::addRow("a zero a log axis cannot draw: every point") << zero << AxisScale::Log << zero;
    const QList<QPointF> nan{{0, 1}, {1, std::nan("")}, {2, 3}};
    QTest::addRow("a NaN: every point") << nan << AxisScale::Linear << nan;
    const QList<QPointF> two{{0, 1}, {1, 5}};
    QTest::addRow("two points") << two << AxisScale::Linear << two;
}

void TestChartSeries::drawnPolyline()
{
    QFETCH(QList<QPointF>, points);
    QFETCH(AxisScale, y);
    QFETCH(QList<QPointF>, drawn);
    const QList<QPointF> got = kvl::drawnPolyline(points, AxisScale::Linear, y, kPolylineTolerance);
    QCOMPARE(got.size(), drawn.size());
    for (qsizetype i = 0; i < got.size(); ++i) // QPointF's == is fuzzy; NaN needs its own
        QVERIFY(got.at(i).x() == drawn.at(i).x() &&
                (got.at(i).y() == drawn.at(i).y() ||
                 (std::isnan(got.at(i).y()) && std::isnan(drawn.at(i).y()))));
}

// The seed's latency curve on log-log axes: 20 of its 64 points, and every computed point within
// the tolerance (a thousandth of the curve's extent in decades) of the line drawn.
void TestChartSeries::drawnLatencyCurveWithinTolerance()
{
    const Scenario s = seed();
    const QList<QPointF> points = latencySeries(s, axisContexts(s.context, kLatencyPoints))
                                      .curve(s.gpus, false, false)
                                      ->points;
    const QList<QPointF> drawn =
        kvl::drawnPolyline(points, AxisScale::Log, AxisScale::Log, kPolylineTolerance);
    QVERIFY2(drawn.size() < points.size() / 2, qPrintable(QString::number(drawn.size())));
    QCOMPARE(drawn.first(), points.first());
    QCOMPARE(drawn.last(), points.last());
    const double w = std::log10(points.last().x() / points.first().x()); // decades: 4
    const double h = std::log10(points.last().y() / points.first().y()); // 1.38
    for (const QPointF &p : points) {
        const auto after = std::lower_bound(drawn.cbegin(), drawn.cend(), p.x(),
                                            [](const QPointF &d, double x) { return d.x() < x; });
        if (after->x() == p.x())
            continue;
        const QPointF a = *(after - 1), b = *after;
        const double t = std::log10(p.x() / a.x()) / std::log10(b.x() / a.x());
        const double line = std::log10(a.y()) + t * std::log10(b.y() / a.y());
        // On the extent's unit square a vertical distance is the perpendicular one times the
        // secant of the segment's slope.
        const double slope = (std::log10(b.y() / a.y()) / h) / (std::log10(b.x() / a.x()) / w);
        QVERIFY(std::abs(std::log10(p.y()) - line) / h <=
                kPolylineTolerance * std::sqrt(1 + slope * slope) * (1 + 1e-9));
    }
}

QTEST_GUILESS_MAIN(TestChartSeries)
#include "tst_chart_series.moc"
