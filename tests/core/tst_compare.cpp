// Two scenarios compared: each changed input's own effect, worded, against hand arithmetic on the
// seed (Llama 3.1 70B, 1M tokens, fp16, one H100 SXM: 141.1 GB of weights read in 42.1 ms, 327.68
// GB of KV in 97.8 ms).
#include "scenario_compare.h"
#include "test_models.h"

#include <QTest>

Q_DECLARE_METATYPE(kvl::Scenario)
Q_DECLARE_METATYPE(kvl::ScenarioInput)
Q_DECLARE_METATYPE(kvl::Quantity)

using namespace kvl;
using namespace kvl::test;

namespace {
constexpr double W = 141'107'412'992, KV = 327'680'000'000, BW = 3.35e12;
}

class TestCompare : public QObject
{
    Q_OBJECT
private slots:
    void oneChange_data()
    {
        QTest::addColumn<Scenario>("b");
        QTest::addColumn<ScenarioInput>("input");
        QTest::addColumn<double>("stepRatio"); // B's time per token / A's
        QTest::addColumn<QStringList>("says");
        const Scenario a = Scenario::seed();
        Scenario fp8 = a;
        fp8.kvPrecision = Precision::of(NumberFormat::FP8);
        // Half the KV, the same weights: (W + KV/2) / (W + KV) = 1 / 1.54.
        QTest::addRow("KV precision fp16 → fp8")
            << fp8 << ScenarioInput::KvPrecision << (W + KV / 2) / (W + KV)
            << QStringList{"KV precision fp16 → fp8", "KV cache ÷2", "time per token ÷1.54",
                           "not ÷2: the weights' 42.1 ms per token are unchanged"};
        Scenario eight = a;
        eight.gpus = 8;
        // Each GPU reads an eighth of both; the cost per token stays: 8 GPUs, 8× the tokens.
        QTest::addRow("GPUs 1 → 8") << eight << ScenarioInput::Gpus << 1.0 / 8
                                    << QStringList{"GPUs 1 → 8", "time per token ÷8", "now fits"};
        // 141.1 GB + 8 × 327.68 GB = 2,762.5 GB over 80 GB per GPU: 35 GPUs.
        Scenario mha = a;
        mha.model.kvHeads = 64;
        QTest::addRow("KV heads 8 → 64 (MHA)")
            << mha << ScenarioInput::KvHeads << (W + 8 * KV) / (W + KV)
            << QStringList{"KV heads 8 → 64", "KV cache ×8", "GPUs to fit 6 → 35"};
        // 141.1 GB + 32.8 GB over 80 GB: 3 GPUs.
        Scenario shorter = a;
        shorter.context = 100'000;
        QTest::addRow("context 1M → 100k")
            << shorter << ScenarioInput::Context << (W + KV / 10) / (W + KV)
            << QStringList{"Context 1,000,000 → 100,000", "KV cache ÷10", "GPUs to fit 6 → 3"};
        // Every layer holds its last 4,096 tokens: 327,680 B × 4,096 = 1.342 GB of KV, 1e6 / 4,096
        // = 244 times less; 141.1 + 1.34 GB over 80 GB: 2 GPUs.
        Scenario window = a;
        window.model.layerPattern = {AttentionKind::SlidingWindow};
        window.model.window = 4096;
        QTest::addRow("full attention → window 4,096")
            << window << ScenarioInput::Window << (W + KV * 4096 / 1e6) / (W + KV)
            << QStringList{"Attention span full attention → window 4,096 on 80/80 layers",
                           "KV cache ÷244", "GPUs to fit 6 → 2"};
    }
    void oneChange()
    {
        QFETCH(Scenario, b);
        QFETCH(ScenarioInput, input);
        QFETCH(double, stepRatio);
        QFETCH(QStringList, says);
        const Scenario a = Scenario::seed();
        const Comparison c = compareScenarios(a, b);
        QCOMPARE(c.changes.size(), 1);
        const InputChange &ch = c.changes.first();
        QCOMPARE(ch.input, input);
        QCOMPARE(ch.after.secondsPerToken / ch.before.secondsPerToken, stepRatio);
        QCOMPARE(c.a.secondsPerToken, (W + KV) / BW);
        const QString sentence = compareSentence(ch, ByteUnits::SI);
        for (const QString &part : says)
            QVERIFY2(sentence.contains(part), qPrintable(sentence + u" lacks " + part));
        if (input == ScenarioInput::Gpus)
            QVERIFY2(!sentence.contains(u"cost per million"), qPrintable(sentence));
        // Every quantity, with b / a.
        QCOMPARE(c.quantities.size(), allQuantities().size());
        for (const QuantityChange &q : c.quantities)
            if (q.a != 0)
                QCOMPARE(q.ratio, q.b / q.a);
    }

    // Several inputs: applied in turn, each from where the one before left the scenario.
    void chained()
    {
        Scenario b = Scenario::seed();
        b.kvPrecision = Precision::of(NumberFormat::FP8);
        b.gpus = 8;
        const Comparison c = compareScenarios(Scenario::seed(), b);
        QCOMPARE(c.changes.size(), 2);
        QCOMPARE(c.changes.at(0).input, ScenarioInput::Gpus);
        QCOMPARE(c.changes.at(1).input, ScenarioInput::KvPrecision);
        QCOMPARE(c.changes.at(1).before.secondsPerToken, c.changes.at(0).after.secondsPerToken);
        QCOMPARE(c.changes.at(1).after.secondsPerToken, c.b.secondsPerToken);
        QCOMPARE(c.b.secondsPerToken, (W + KV / 2) / 8 / BW);
    }

    // Given A's and B's ledgers, the steps between them leave the searches out: a drag with a
    // pinned baseline works out one whole ledger per change, the scenario's own.
    void stepsBetweenLeaveTheSearchesOut()
    {
        const Scenario a = Scenario::seed();
        Scenario b = a;
        b.kvPrecision = Precision::of(NumberFormat::FP8);
        b.gpus = 8;
        b.batch = 4;
        const Ledger la = evaluate(a), lb = evaluate(b);
        const EvaluationCount before = evaluationCount();
        const Comparison c = compareScenarios(a, la, b, lb);
        const EvaluationCount after = evaluationCount();
        QCOMPARE(c.changes.size(), 3);
        QCOMPARE(after.whole - before.whole, quint64(0));
        QCOMPARE(after.partial - before.partial, quint64(2));
        QCOMPARE(c.changes.at(0).after.sections, kInputChangeSections);
        QCOMPARE(c.changes.at(1).before.secondsPerToken, c.changes.at(0).after.secondsPerToken);
    }

    // A shape edit leaves the parameter count to the estimate (the controls clear a preset's
    // published count): the change is the shape's, not one more row of its own.
    void shapeEditCarriesTheCount()
    {
        Scenario b = Scenario::seed();
        b.model.layers = 40;
        b.model.totalParameters = b.model.activeParameters = 0;
        const Comparison c = compareScenarios(Scenario::seed(), b);
        QCOMPARE(c.changes.size(), 1);
        QCOMPARE(c.changes.first().input, ScenarioInput::Layers);
        QCOMPARE(c.changes.first().after.weightBytes, c.b.weightBytes);
    }

    // What no row names is still accounted for, last, so the chain ends at B.
    void otherModelFields()
    {
        Scenario b = Scenario::seed();
        b.model.intermediateSize = 14336;
        b.model.totalParameters = b.model.activeParameters = 0; // the estimate from the shape
        const Comparison c = compareScenarios(Scenario::seed(), b);
        QCOMPARE(c.changes.size(), 1);
        QCOMPARE(c.changes.first().input, ScenarioInput::ModelShape);
        QCOMPARE(c.changes.first().after.secondsPerToken, c.b.secondsPerToken);
        const QString sentence = compareSentence(c.changes.first(), ByteUnits::SI);
        QVERIFY2(sentence.startsWith(u"The model's other fields: weights ÷"), qPrintable(sentence));
    }

    // The ledger's rows beside the baseline's: the fp16 seed as baseline, fp8 KV now.
    void comparedRows()
    {
        Scenario fp8 = Scenario::seed();
        fp8.kvPrecision = Precision::of(NumberFormat::FP8);
        const QList<ComparedRow> rows = comparedLedgerRows(
            fp8, evaluate(fp8), Scenario::seed(), evaluate(Scenario::seed()), ByteUnits::SI);
        QCOMPARE(rows.size(), ledgerRows(fp8, evaluate(fp8), ByteUnits::SI).size());
        const auto find = [&](const QString &key) {
            return *std::find_if(rows.cbegin(), rows.cend(),
                                 [&](const ComparedRow &r) { return r.row.key == key; });
        };
        const ComparedRow kv = find(QStringLiteral("kv_bytes"));
        QVERIFY2(kv.row.value.startsWith(u"163.8 GB"), qPrintable(kv.row.value));
        QVERIFY2(kv.baseline.startsWith(u"327.7 GB"), qPrintable(kv.baseline));
        QCOMPARE(kv.change, QStringLiteral("−163.8 GB (÷2)"));
        QCOMPARE(find(QStringLiteral("weight_bytes")).change, QStringLiteral("unchanged"));
        QCOMPARE(find(QStringLiteral("gpus_to_fit")).change, QStringLiteral("−2 GPUs (÷1.5)"));
        // Every row that moved says by how much, the MQA equivalent too: 40,960 B → 20,480 B.
        QCOMPARE(find(QStringLiteral("kv_bytes_per_token_mqa")).change,
                 QStringLiteral("−20.48 kB (÷2)"));
    }

    void sameScenario()
    {
        const Comparison c = compareScenarios(Scenario::seed(), Scenario::seed());
        QVERIFY(c.changes.isEmpty());
        for (const QuantityChange &q : c.quantities)
            QCOMPARE(changeFactor(q.a, q.b), QStringLiteral("unchanged"));
    }

    void factors_data()
    {
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::addColumn<QString>("factor");
        QTest::addRow("halved") << 2.0 << 1.0 << "÷2";
        QTest::addRow("eight times") << 1.0 << 8.0 << "×8";
        QTest::addRow("the same") << 3.0 << 3.0 << "unchanged";
        QTest::addRow("from nothing") << 0.0 << 5.0 << "0 → 5";
    }
    void factors()
    {
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(QString, factor);
        QCOMPARE(changeFactor(a, b), factor);
    }

    // A ledger row's change, in its unit and as a factor: by hand on the seed's figures.
    void rowChanges_data()
    {
        QTest::addColumn<Quantity>("quantity");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::addColumn<QString>("text");
        QTest::addRow("KV halved") << Quantity::KvBytes << KV << KV / 2 << "−163.8 GB (÷2)";
        QTest::addRow("GPUs 6 → 35") << Quantity::GpusToFit << 6.0 << 35.0 << "+29 GPUs (×5.83)";
        QTest::addRow("one GPU less") << Quantity::GpusToFit << 2.0 << 1.0 << "−1 GPU (÷2)";
        // (W + KV) / BW = 139.9 ms; with half the KV, 91.0 ms: 48.9 ms less.
        QTest::addRow("time per token") << Quantity::SecondsPerToken << (W + KV) / BW
                                        << (W + KV / 2) / BW << "−48.9 ms (÷1.54)";
        QTest::addRow("cost") << Quantity::CostPerMillionOutputTokens << 2.0 << 1.5
                              << "−$0.5 (÷1.33)";
        QTest::addRow("unchanged") << Quantity::WeightBytes << W << W << "unchanged";
    }
    void rowChanges()
    {
        QFETCH(Quantity, quantity);
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(QString, text);
        QCOMPARE(changeText(quantity, a, b, ByteUnits::SI), text);
    }
};

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
