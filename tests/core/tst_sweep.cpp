#include "sweep.h"
#include "test_models.h"

#include <QTest>

using namespace kvl;
using namespace kvl::test;

class TestSweep : public QObject
{
    Q_OBJECT
private slots:
    void logSpacing_data()
    {
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("to");
        QTest::addColumn<int>("count");
        QTest::addColumn<QList<qint64>>("expected");
        QTest::addRow("decades") << qint64(1000) << qint64(10'000'000) << 5
                                 << QList<qint64>{1000, 10000, 100000, 1000000, 10000000};
        QTest::addRow("one point") << qint64(5) << qint64(5) << 1 << QList<qint64>{5};
        QTest::addRow("duplicates dropped")
            << qint64(1) << qint64(3) << 10 << QList<qint64>{1, 2, 3};
        QTest::addRow("bad range") << qint64(10) << qint64(1) << 4 << QList<qint64>{};
    }
    void logSpacing()
    {
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(int, count);
        QFETCH(QList<qint64>, expected);
        QCOMPARE(logSpacedContexts(from, to, count), expected);
    }

    void contextSweepMatchesLedger()
    {
        const Scenario s = scenario(llama70b());
        const auto contexts = logSpacedContexts(1000, 10'000'000, 512);
        QCOMPARE(contexts.size(), 512);
        const auto series = sweepContext(s, Quantity::KvSecondsPerToken, contexts);
        QCOMPARE(series.size(), 512);
        for (const QPointF &p : series)
            QCOMPARE(p.y(), 327680.0 * p.x() / 3.35e12);
    }

    void gpuSweep()
    {
        const auto series = sweepGpus(scenario(llama70b()), Quantity::KvBytesPerGpu, 16);
        QCOMPARE(series.size(), 16);
        QCOMPARE(series.at(0).y(), 327680.0 * 1e6);
        QCOMPARE(series.at(7).y(), 40960.0 * 1e6);  // 8 GPUs: one head each
        QCOMPARE(series.at(15).y(), 40960.0 * 1e6); // 16: replicated
    }

    void quantityKeysRoundTrip()
    {
        for (Quantity q : allQuantities())
            QCOMPARE(quantityFromKey(quantityKey(q)), std::optional<Quantity>(q));
        QVERIFY(!quantityFromKey(QStringLiteral("nonsense")));
    }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
