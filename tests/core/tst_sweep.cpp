#include "sweep.h"
#include "test_models.h"

#include <QTest>

Q_DECLARE_METATYPE(kvl::Scenario)

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

    // A sweep works the context-independent figures out once (LedgerBasis) and leaves out the
    // searches its quantity does not read: every quantity, for dense, MLA, sliding-window and
    // MoE models, with an engine chosen, must still be what a whole ledger at that context says,
    // including contexts outside the valid range and a scenario whose own context is outside it.
    void everyQuantitySweepsAsTheLedger_data()
    {
        QTest::addColumn<Scenario>("s");
        QTest::addRow("llama 70B, 1 GPU") << scenario(llama70b());
        QTest::addRow("deepseek V3, 8 GPUs") << scenario(deepseekV3(), 100000, 8);
        QTest::addRow("gemma 2 9B, batch 4") << [] {
            Scenario s = scenario(gemma2_9b(), 8192);
            s.batch = 4;
            return s;
        }();
        QTest::addRow("mixtral, vllm") << [] {
            Scenario s = scenario(mixtral8x7b(), 32768, 2);
            s.engine = QStringLiteral("vllm");
            return s;
        }();
        QTest::addRow("own context past the limit") << [] {
            Scenario s = scenario(llama8b());
            s.context = limits::maxContext + 1;
            return s;
        }();
    }
    void everyQuantitySweepsAsTheLedger()
    {
        QFETCH(Scenario, s);
        const QList<qint64> contexts{
            -1, 0, 1, 4096, 131072, 10'000'000, limits::maxContext, limits::maxContext + 1};
        for (Quantity q : allQuantities()) {
            const auto series = sweepContext(s, q, contexts);
            QCOMPARE(series.size(), contexts.size());
            for (qsizetype i = 0; i < contexts.size(); ++i) {
                Scenario t = s;
                t.context = contexts.at(i);
                QCOMPARE(series.at(i).y(), quantityValue(evaluate(t), q));
            }
        }
        Scenario largest = s;
        largest.context = contextCapacity(s);
        if (largest.context > 0) {
            QVERIFY(evaluate(largest).fits);
            ++largest.context;
            QVERIFY(largest.context > limits::maxContext || !evaluate(largest).fits);
        }
    }

    void gpuSweep()
    {
        const auto series = sweepGpus(scenario(llama70b()), Quantity::KvBytesPerGpu, 16);
        QCOMPARE(series.size(), 16);
        QCOMPARE(series.at(0).y(), 327680.0 * 1e6);
        QCOMPARE(series.at(7).y(), 40960.0 * 1e6);  // 8 GPUs: one head each
        QCOMPARE(series.at(15).y(), 40960.0 * 1e6); // 16: replicated
    }

    // Llama 3.1 8B (8.03e9 parameters, fp16: 1.606e10 B) on one H100 SXM at 8,192 tokens:
    // each sequence holds 8,192 × 131,072 = 1,073,741,824 B of KV, so (80e9 − 1.606e10) /
    // 1.073741824e9 = 59.55 sequences fit: capacity 59. A step reads the weights once and every
    // sequence's KV: t(B) = (1.606e10 + B × 1.073741824e9) / 3.35e12 (memory-bound: at B = 59
    // the compute floor is 2 × 8.03e9 × 59 / 989e12 + attention ≈ 1.2 ms against 23.7 ms).
    void batchSweep_data()
    {
        QTest::addColumn<int>("batch");
        QTest::addColumn<double>("seconds");
        QTest::addRow("1") << 1 << (1.606e10 + 1.073741824e9) / 3.35e12;
        QTest::addRow("8") << 8 << (1.606e10 + 8 * 1.073741824e9) / 3.35e12;
        QTest::addRow("59") << 59 << (1.606e10 + 59 * 1.073741824e9) / 3.35e12;
    }
    void batchSweep()
    {
        QFETCH(int, batch);
        QFETCH(double, seconds);
        Scenario s = scenario(llama8b(), 8192);
        s.gpuHourPrice = 2;
        QCOMPARE(batchCapacity(s), 59);
        const int cap = batchCapacity(s);
        const auto step = sweepBatch(s, Quantity::SecondsPerToken, cap);
        const auto perSequence = sweepBatch(s, Quantity::TokensPerSecond, cap);
        const auto aggregate = sweepBatch(s, Quantity::AggregateTokensPerSecond, cap);
        const auto cost = sweepBatch(s, Quantity::CostPerMillionOutputTokens, cap);
        QCOMPARE(step.size(), 59);
        const QPointF at = step.at(batch - 1);
        QCOMPARE(at.x(), double(batch));
        QCOMPARE(at.y(), seconds);
        QCOMPARE(perSequence.at(batch - 1).y(), 1 / seconds);
        QCOMPARE(aggregate.at(batch - 1).y(), batch / seconds);
        // $2 per GPU-hour / 3600 × the seconds a million tokens take at B per step.
        QCOMPARE(cost.at(batch - 1).y(), 2.0 / 3600 * 1e6 * seconds / batch);
    }

    void batchCapacityLimits_data()
    {
        QTest::addColumn<qint64>("context");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("capacity");
        // 70B in fp16 (141.1 GB) does not fit one H100 at all.
        QTest::addRow("70B on one GPU") << qint64(0) << 1 << 0;
        // At context 0 nothing grows with the batch: every batch fits 8 GPUs.
        QTest::addRow("no context") << qint64(0) << 8 << int(limits::maxBatch);
        // 8 GPUs: 8 × 80e9 − 141,107,412,992 = 498.89e9 B for 327,680 B × 100,000 tokens =
        // 32.768e9 B per sequence: 15.2 → 15.
        QTest::addRow("8 GPUs at 100k") << qint64(100000) << 8 << 15;
    }
    void batchCapacityLimits()
    {
        QFETCH(qint64, context);
        QFETCH(int, gpus);
        QFETCH(int, capacity);
        QCOMPARE(batchCapacity(scenario(llama70b(), context, gpus)), capacity);
    }

    // Cost per million output tokens against context: the step grows with the KV read.
    void costOverContext()
    {
        Scenario s = scenario(llama8b());
        s.gpuHourPrice = 3.99;
        const auto series = sweepContext(s, Quantity::CostPerMillionOutputTokens, {0, 100000});
        // 3.99 / 3600 × 10^6 × (1.606e10 + L × 131,072) / 3.35e12
        QCOMPARE(series.at(0).y(), 3.99 / 3600 * 1e6 * 1.606e10 / 3.35e12);
        QCOMPARE(series.at(1).y(), 3.99 / 3600 * 1e6 * (1.606e10 + 1.31072e10) / 3.35e12);
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
