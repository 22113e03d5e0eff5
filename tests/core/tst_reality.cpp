// The Reality tab's series: measured runs against their predictions by engine, the scenario's
// architecture on its GPU marked, each engine's error and share of the floor; hand arithmetic on
// a few made-up runs, and the bundled runs counted against data/measured/runs.csv.
#include "hf_config.h"
#include "presets.h"
#include "reality.h"

#include <QTest>

using namespace kvl;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(kvl::ModelSpec)

namespace {

ModelSpec preset(const char *id)
{
    return *PresetLibrary::instance().model(QString::fromLatin1(id));
}

ModelSpec bundledConfig(const char *hfId)
{
    QString why;
    const auto imported = importHfConfigFile(
        QStringLiteral(":/measured/configs/%1/config.json").arg(QLatin1String(hfId)), &why);
    if (!imported)
        qFatal("%s", qPrintable(why));
    return imported->model;
}

RunPrediction run(const char *engine, const char *mode, const char *gpu, const ModelSpec &model,
                  std::optional<double> measured, std::optional<double> predicted,
                  std::optional<double> floor)
{
    RunPrediction p;
    p.run.modelPath = model.name; // one path per model, as the runs' Hugging Face ids
    p.run.engine = QString::fromLatin1(engine);
    p.run.mode = QString::fromLatin1(mode);
    p.gpuId = QString::fromLatin1(gpu);
    p.model = model;
    p.run.tpotSeconds = measured;
    p.predictedTpot = predicted;
    p.floorTpot = floor;
    return p;
}

} // namespace

class TestReality : public QObject
{
    Q_OBJECT
private slots:
    void sameArchitecture_data()
    {
        QTest::addColumn<ModelSpec>("a");
        QTest::addColumn<ModelSpec>("b");
        QTest::addColumn<bool>("same");
        QTest::addRow("Llama 3.1 70B, 3.3 70B")
            << preset("llama-3.1-70b") << preset("llama-3.3-70b") << true;
        QTest::addRow("Llama 3.1 8B, 70B")
            << preset("llama-3.1-8b") << preset("llama-3.1-70b") << false;
        QTest::addRow("DeepSeek-V3 preset, R1 config")
            << preset("deepseek-v3") << bundledConfig("deepseek-ai/DeepSeek-R1") << true;
        QTest::addRow("DeepSeek-V3, V3.2 (sparse)")
            << preset("deepseek-v3") << preset("deepseek-v3.2") << false;
        QTest::addRow("Llama 3.1 70B preset, its config")
            << preset("llama-3.1-70b") << bundledConfig("meta-llama/Llama-3.1-70B") << true;
    }
    void sameArchitecture()
    {
        QFETCH(ModelSpec, a);
        QFETCH(ModelSpec, b);
        QFETCH(bool, same);
        QCOMPARE(kvl::sameArchitecture(a, b), same);
        QCOMPARE(kvl::sameArchitecture(b, a), same);
    }

    // Five runs: two of vLLM drawn and one without a TPOT, one of SGLang drawn and one it could
    // not predict (disaggregated).
    void series()
    {
        const ModelSpec big = preset("llama-3.1-70b"), small = preset("llama-3.1-8b");
        QList<RunPrediction> runs = {
            run("vllm", "agg", "h200", big, 0.010, 0.011, 0.005),
            run("vllm", "agg", "h100", big, 0.020, 0.018, 0.008),
            run("sglang", "agg", "h200", small, 0.004, 0.005, 0.002),
            run("sglang", "disagg", "h200", big, 0.030, std::nullopt, std::nullopt),
            run("vllm", "agg", "h200", big, std::nullopt, 0.012, 0.006),
        };
        runs[0].run.ttftSeconds = 0.2;
        runs[0].predictedTtft = 0.1;
        Scenario s = Scenario::seed();
        s.model = preset("llama-3.3-70b"); // the same architecture as the runs' 70B
        s.gpu = *PresetLibrary::instance().gpu(QStringLiteral("h200"));

        const RealitySeries t = realitySeries(runs, s, RealityQuantity::Tpot);
        QCOMPARE(t.runs, 5);
        QCOMPARE(t.points, 3);
        QCOMPARE(t.engines.size(), 2);
        const EngineReality &sglang = t.engines.at(0);
        QCOMPARE(sglang.engine, u"sglang");
        QCOMPARE(sglang.runs, 2);
        QCOMPARE(sglang.points, (QList<QPointF>{{0.004, 0.005}}));
        QCOMPARE(sglang.rows, QList<int>{2});
        QCOMPARE(sglang.error.median, 0.25); // 5 / 4 − 1
        QCOMPARE(*sglang.floorShare, 0.5);   // 2 / 4; the disaggregated run has no floor
        const EngineReality &vllm = t.engines.at(1);
        QCOMPARE(vllm.runs, 3);
        QCOMPARE(vllm.points, (QList<QPointF>{{0.010, 0.011}, {0.020, 0.018}}));
        QCOMPARE(vllm.rows, (QList<int>{0, 1}));
        QCOMPARE(vllm.error.count, 2);
        QCOMPARE(vllm.error.median, 0.1); // |11/10 − 1| and |18/20 − 1|
        QCOMPARE(*vllm.floorShare, 0.45); // median of 5/10 and 8/20; the third has no TPOT
        QCOMPARE(t.marked, (QList<QPointF>{{0.010, 0.011}})); // 70B on H200, measured
        QCOMPARE(t.markedRows, QList<int>{0});
        QCOMPARE(t.markedError.median, 0.1);
        QCOMPARE(t.lo, 0.001); // whole decades around 4 ms .. 20 ms
        QCOMPARE(t.hi, 0.1);

        const RealitySeries f = realitySeries(runs, s, RealityQuantity::Ttft);
        QCOMPARE(f.points, 1);
        QCOMPARE(f.engines.at(1).points, (QList<QPointF>{{0.2, 0.1}}));
        QCOMPARE(f.engines.at(1).error.median, 0.5);
        QCOMPARE(*f.engines.at(1).floorShare, 0.45); // of the time per token, whatever is drawn
        QCOMPARE(f.lo, 0.1);                         // 100 ms .. 200 ms
        QCOMPARE(f.hi, 1.0);
    }

    // Every row of data/measured/runs.csv is there; counted with a spreadsheet's COUNTIF over the
    // file's backend column.
    void bundled()
    {
        const QList<RunPrediction> &runs = bundledRunPredictions();
        QCOMPARE(runs.size(), 3192);
        const RealitySeries t = realitySeries(runs, Scenario::seed(), RealityQuantity::Tpot);
        QCOMPARE(t.runs, 3192);
        QHash<QString, int> byEngine;
        for (const EngineReality &e : t.engines)
            byEngine.insert(e.engine, e.runs);
        QCOMPARE(byEngine.value(u"trtllm"_s), 1374);
        QCOMPARE(byEngine.value(u"sglang"_s), 927);
        QCOMPARE(byEngine.value(u"vllm"_s), 891);
        // docs/validation.md: the constants were fitted to 2,068 aggregated runs (472 SGLang,
        // 721 TensorRT-LLM, 875 vLLM).
        QCOMPARE(Calibration::bundled().fittedRows(), 472 + 721 + 875);
        // The seed's Llama 3.1 70B on an H100: InferenceX's and aiconfigurator's runs of it.
        QVERIFY(!t.marked.isEmpty());
        for (int row : t.markedRows)
            QCOMPARE(runs.at(row).run.modelPath, u"meta-llama/Llama-3.1-70B");
    }
};

QTEST_MAIN(TestReality)
#include "tst_reality.moc"
