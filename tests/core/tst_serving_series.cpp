// The serving charts' series (batch axis, cost against context, capacity walls, sessions on and
// off) and the measured-vs-predicted table, against hand arithmetic written out here and the
// figures docs/validation.md publishes.
#include "serving_series.h"
#include "test_models.h"
#include "validation.h"

#include <QTest>

using namespace kvl;
using namespace kvl::test;

namespace {
// Llama 3.1 8B in fp16 (1.606e10 B of weights, 131,072 KV bytes per token) on one H100 SXM
// (80e9 B, 3.35e12 B/s), memory-bound at every batch below: a step reads the weights once and
// every sequence's cache.
constexpr double W = 1.606e10, KV = 131072, BW = 3.35e12, HBM = 80e9, PRICE = 3.99;

Scenario llama8bAt(qint64 context)
{
    Scenario s = scenario(llama8b(), context);
    s.gpuHourPrice = PRICE;
    return s;
}

double stepSeconds(double batch, double context)
{
    return (W + batch * context * KV) / BW;
}
} // namespace

class TestServingSeries : public QObject
{
    Q_OBJECT
private slots:
    void batchAxis_data()
    {
        QTest::addColumn<int>("last");
        QTest::addColumn<QList<int>>("include");
        QTest::addColumn<int>("count");
        QTest::addRow("every batch to 16") << 16 << QList<int>{} << 16;
        QTest::addRow("log-spaced to 1024") << 1024 << QList<int>{} << 52;
        QTest::addRow("a batch off the axis added") << 1024 << QList<int>{60, 59} << 53;
        QTest::addRow("out of range left out") << 16 << QList<int>{0, 17, 5} << 16;
    }
    void batchAxis()
    {
        QFETCH(int, last);
        QFETCH(QList<int>, include);
        QFETCH(int, count);
        const QList<int> axis = kvl::batchAxis(last, include);
        QCOMPARE(axis.size(), count);
        QCOMPARE(axis.first(), 1);
        QCOMPARE(axis.last(), last);
        QVERIFY(std::is_sorted(axis.begin(), axis.end()));
        QVERIFY(std::adjacent_find(axis.begin(), axis.end()) == axis.end());
        for (int b : include)
            QCOMPARE(axis.contains(b), b >= 1 && b <= last);
    }

    // At 8,192 tokens one sequence holds 8,192 × 131,072 = 1,073,741,824 B: (80e9 − 1.606e10) /
    // 1,073,741,824 = 59.5, so 59 fit. The axis runs to 2 × 59 = 118.
    void batchPoints_data()
    {
        QTest::addColumn<int>("batch");
        QTest::addColumn<bool>("fits");
        QTest::addRow("one sequence") << 1 << true;
        QTest::addRow("the capacity") << 59 << true;
        QTest::addRow("one past it") << 60 << false;
        QTest::addRow("the axis end") << 118 << false;
    }
    void batchPoints()
    {
        QFETCH(int, batch);
        QFETCH(bool, fits);
        Scenario s = llama8bAt(8192);
        s.batch = 60; // the scenario's own batch is on the axis
        const ServingSeries series = servingSeries(s);
        QCOMPARE(series.capacity, 59);
        QCOMPARE(series.batch.last().batch, 118);
        const auto at = std::find_if(series.batch.begin(), series.batch.end(),
                                     [&](const BatchPoint &p) { return p.batch == batch; });
        QVERIFY(at != series.batch.end());
        const double step = stepSeconds(batch, 8192);
        QCOMPARE(at->fits, fits);
        QCOMPARE(at->stepSeconds, step);
        QCOMPARE(at->tokensPerSecond, 1 / step);
        QCOMPARE(at->aggregateTokensPerSecond, batch / step);
        // 1 GPU × $3.99 an hour over the batch's tokens per second, per million tokens.
        QCOMPARE(at->costPerMillionOutputTokens, PRICE / 3600 / (batch / step) * 1e6);
    }

    // Batch 1: the longest context with W + c × KV ≤ 80e9 is ⌊6.394e10 / 131,072⌋ = 487,823;
    // batch 4 holds four caches: ⌊6.394e10 / 524,288⌋ = 121,955.
    void contextWall_data()
    {
        QTest::addColumn<int>("batch");
        QTest::addColumn<qint64>("capacity");
        QTest::addRow("batch 1") << 1 << qint64(487823);
        QTest::addRow("batch 4") << 4 << qint64(121955);
    }
    void contextWall()
    {
        QFETCH(int, batch);
        QFETCH(qint64, capacity);
        Scenario s = llama8bAt(100000);
        s.batch = batch;
        const ServingSeries series = servingSeries(s);
        QCOMPARE(series.contextCapacity, capacity);
        QCOMPARE(qint64((HBM - W) / (batch * KV)), capacity);
        // The cost curve over the context axis, 1k to 10M tokens: the hand formula at each point.
        QCOMPARE(series.costVsContext.size(), kCostPoints);
        QCOMPARE(series.costVsContext.first().x(), 1000.0);
        QCOMPARE(series.costVsContext.last().x(), 1e7);
        for (const QPointF &p : series.costVsContext)
            QCOMPARE(p.y(), PRICE / 3600 * stepSeconds(batch, p.x()) / batch * 1e6);
    }

    // A model whose weights alone do not fit: no batch, no context.
    void nothingFits()
    {
        Scenario s = scenario(llama70b(), 1000);
        const ServingSeries series = servingSeries(s);
        QCOMPARE(series.capacity, 0);
        QCOMPARE(series.contextCapacity, qint64(0));
        QCOMPARE(series.batch.last().batch, 16);
        QVERIFY(std::none_of(series.batch.begin(), series.batch.end(),
                             [](const BatchPoint &p) { return p.fits; }));
    }

    // The same turns with the cache on and off; off re-prefills the whole context each turn.
    void sessionOnAndOff()
    {
        SessionOptions o;
        o.startContext = 1000;
        o.turns = 3;
        o.turnInput = 500;
        o.response = 100;
        o.prefixCache = false; // ignored
        const Scenario s = llama8bAt(0);
        const SessionSeries series = sessionSeries(s, o);
        o.prefixCache = true;
        const Session on = simulateSession(s, o);
        o.prefixCache = false;
        const Session off = simulateSession(s, o);
        QCOMPARE(series.cached.turns.size(), 3);
        QCOMPARE(series.cached.seconds, on.seconds);
        QCOMPARE(series.uncached.seconds, off.seconds);
        QCOMPARE(series.uncached.decodeSeconds, series.cached.decodeSeconds);
        QVERIFY(series.uncached.prefillSeconds > series.cached.prefillSeconds);
    }

    // Each row's prediction at efficiency 1, as docs/validation.md gives it (3 significant
    // digits), and the efficiency that would match the measurement.
    void validation_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<double>("predicted");
        QTest::addColumn<double>("efficiency");
        QTest::addColumn<double>("withPrefill");
        QTest::addRow("lmdeploy TPOT 1k") << 0 << 4.83e-3 << 0.56 << 0.0;
        QTest::addRow("lmdeploy TPOT 200k") << 1 << 12.6e-3 << 0.42 << 0.0;
        QTest::addRow("NIM ITL 5000/500") << 2 << 10.8e-3 << 0.58 << 0.0;
        QTest::addRow("NIM TTFT 5000") << 3 << 187e-3 << 0.46 << 0.0;
        QTest::addRow("NIM ITL 500/2000") << 4 << 10.6e-3 << 0.56 << 0.0;
        QTest::addRow("NIM TTFT 500") << 5 << 17.9e-3 << 0.37 << 0.0;
        QTest::addRow("TRT-LLM 2 x H100") << 6 << 985.0 << 0.44 << 696.0;
        QTest::addRow("TRT-LLM 1 x H200") << 7 << 611.0 << 0.46 << 403.0;
        QTest::addRow("405B 8 x H200") << 8 << 730.0 << 0.10 << 161.0;
    }
    void validation()
    {
        QFETCH(int, row);
        QFETCH(double, predicted);
        QFETCH(double, efficiency);
        QFETCH(double, withPrefill);
        const QList<PublishedMeasurement> rows = publishedMeasurements();
        QCOMPARE(rows.size(), 9);
        const Prediction p = predict(rows.at(row));
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        const auto near = [](double a, double b, double digits) {
            return std::abs(a - b) <= 0.5 * std::pow(10.0, std::floor(std::log10(b)) - digits + 1);
        };
        QVERIFY2(near(p.predicted, predicted, 3), qPrintable(QString::number(p.predicted)));
        QVERIFY2(near(p.efficiency, efficiency, 2), qPrintable(QString::number(p.efficiency)));
        if (withPrefill > 0)
            QVERIFY2(near(p.withPrefill, withPrefill, 3),
                     qPrintable(QString::number(p.withPrefill)));
        QCOMPARE(p.withPrefill > 0, rows.at(row).figure == MeasuredFigure::OutputThroughput);
    }
};

QTEST_GUILESS_MAIN(TestServingSeries)
#include "tst_serving_series.moc"
