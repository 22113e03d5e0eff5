// The seed article, claim by claim (cost-model.md section 10), on the bundled presets.
#include "ledger.h"
#include "ledger_json.h"
#include "ledger_text.h"
#include "presets.h"

#include <QJsonObject>
#include <QTest>
#include <cmath>

using namespace kvl;

class TestSeed : public QObject
{
    Q_OBJECT
private slots:
    void claims_data()
    {
        QTest::addColumn<QString>("kvPrecision");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("exact");
        QTest::addColumn<double>("seedSays");
        QTest::addColumn<double>("tolerance"); // relative: how far the seed's rounding goes
        // "≈ 320 KB": 327,680 B = 320 KiB exactly.
        QTest::addRow("bytes per token = 320 KiB")
            << "fp16" << 1 << "kv_bytes_per_token" << 327680.0 << 320.0 * 1024 << 0.0;
        // "cerca de 2,6 MB" without GQA: 2,621,440 B.
        QTest::addRow("MHA ≈ 2.6 MB")
            << "fp16" << 1 << "kv_bytes_per_token_mha" << 2621440.0 << 2.6e6 << 0.01;
        QTest::addRow("GQA saves 8×") << "fp16" << 1 << "gqa_factor" << 8.0 << 8.0 << 0.0;
        // "na ordem de 320 GB" for 10^6 tokens: 327.68 GB (the seed rounds down 2.4%).
        QTest::addRow("1M tokens ≈ 320 GB")
            << "fp16" << 1 << "kv_bytes" << 327.68e9 << 320e9 << 0.025;
        // "~140 GB dos pesos em fp16": 70,553,706,496 × 2 B.
        QTest::addRow("weights ~140 GB")
            << "fp16" << 1 << "weight_bytes" << 141107412992.0 << 140e9 << 0.01;
        QTest::addRow("6 GPUs by capacity") << "fp16" << 1 << "gpus_to_fit" << 6.0 << 6.0 << 0.0;
        QTest::addRow("8 as a TP degree") << "fp16" << 1 << "tp_degree" << 8.0 << 8.0 << 0.0;
        // "~95 ms por token": 327.68 GB / 3.35 TB/s = 97.8 ms (95.5 ms with 320 GB).
        QTest::addRow("~95 ms per token (KV)")
            << "fp16" << 1 << "kv_seconds_per_token" << 327.68e9 / 3.35e12 << 0.095 << 0.03;
        // "~12 ms" on 8 GPUs: 40.96 GB per GPU / 3.35 TB/s = 12.2 ms.
        QTest::addRow("8 GPUs ~12 ms")
            << "fp16" << 8 << "kv_seconds_per_token" << 40.96e9 / 3.35e12 << 0.012 << 0.02;
        // "~300 FLOPs ... para cada byte": 989 TFLOP/s / 3.35 TB/s = 295.
        QTest::addRow("ridge ~300 FLOP/B")
            << "fp16" << 1 << "ridge_point" << 989e12 / 3.35e12 << 300.0 << 0.02;
        // "de 320 KB para 160 KB" with fp8.
        QTest::addRow("fp8 160 KiB")
            << "fp8" << 1 << "kv_bytes_per_token" << 163840.0 << 160.0 * 1024 << 0.0;
        // int4 "um quarto", before its scales.
        QTest::addRow("int4 a quarter")
            << "int4" << 1 << "kv_bytes_per_token_unscaled" << 81920.0 << 327680.0 / 4 << 0.0;
    }
    void claims()
    {
        QFETCH(QString, kvPrecision);
        QFETCH(int, gpus);
        QFETCH(QString, key);
        QFETCH(double, exact);
        QFETCH(double, seedSays);
        QFETCH(double, tolerance);
        Scenario s = Scenario::seed();
        s.kvPrecision = *Precision::parse(kvPrecision);
        s.gpus = gpus;
        const QJsonObject j = ledgerToJson(s, evaluate(s));
        QVERIFY2(j.contains(key), qPrintable(key));
        const double value = j.value(key).toDouble();
        QVERIFY2(std::fabs(value - exact) <= 1e-12 * std::fabs(exact),
                 qPrintable(QStringLiteral("%1 = %2, expected %3")
                                .arg(key)
                                .arg(value, 0, 'g', 17)
                                .arg(exact, 0, 'g', 17)));
        QVERIFY2(std::fabs(value - seedSays) <= tolerance * seedSays,
                 qPrintable(QStringLiteral("seed says %1").arg(seedSays)));
    }

    void tenTokensPerSecond()
    {
        // "cerca de 10 tokens por segundo": 1 / 97.8 ms of KV streaming = 10.2.
        const Ledger l = evaluate(Scenario::seed());
        QCOMPARE(qRound(10 / l.kvSecondsPerToken), 102);
    }

    void thousandTokenAnswer()
    {
        // "~95 segundos" for 1,000 tokens: Σ 327,680 × (10^6 + i) / 3.35e12 = 97.8 s of KV.
        const Ledger l = evaluate(Scenario::seed());
        const double expected = 327680.0 * (1000 * 1e6 + 999.0 * 1000 / 2) / 3.35e12;
        QVERIFY(qFuzzyCompare(l.responseKvSeconds, expected));
        QCOMPARE(qRound(l.responseKvSeconds), 98);
    }

    void formulaAsTheSeedWritesIt()
    {
        const Scenario s = Scenario::seed();
        QCOMPARE(bytesPerTokenFormula(s, evaluate(s), ByteUnits::Binary),
                 QStringLiteral("2 × 80 × 8 × 128 × 2 = 327,680 B ≈ 320 KiB per token"));
    }

    void referenceFloors()
    {
        // cost-model.md section 8: batch-1 floors from weights + KV at efficiency 1.
        Scenario s = Scenario::seed();
        s.model = *PresetLibrary::instance().model(QStringLiteral("llama-3.1-8b"));
        s.context = 0;
        QCOMPARE(qRound(evaluate(s).secondsPerToken * 1e5), 479); // 4.79 ms
        s = Scenario::seed();
        s.context = 0;
        QCOMPARE(qRound(evaluate(s).secondsPerToken * 1e4), 421); // 42.1 ms
    }
};

QTEST_GUILESS_MAIN(TestSeed)
#include "tst_seed.moc"
