// The roofline against cost-model.md section 7: intensities, ridge, attainable FLOP/s.
#include "ledger.h"
#include "roofline.h"
#include "test_models.h"

#include <QTest>
#include <cmath>

using namespace kvl;
using namespace kvl::test;

Q_DECLARE_METATYPE(kvl::ModelSpec)

namespace {
const RooflinePoint *point(const Roofline &r, const QString &id)
{
    for (const RooflinePoint &p : r.points)
        if (p.id == id)
            return &p;
    return nullptr;
}
} // namespace

class TestRoofline : public QObject
{
    Q_OBJECT
private slots:
    void intensities_data()
    {
        QTest::addColumn<ModelSpec>("model");
        QTest::addColumn<QString>("kv");
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("intensity");
        // GQA: 2g/e; MHA: 2/e; MLA: q × 2 × (2 rank + rope) / ((rank + rope) × e).
        QTest::addRow("Llama 70B GQA-8 fp16") << llama70b() << "fp16"
                                              << "decode-attention-gqa" << 8.0;
        QTest::addRow("Llama 70B MHA fp16") << llama70b() << "fp16"
                                            << "decode-attention-mha" << 1.0;
        QTest::addRow("Llama 70B GQA-8 fp8") << llama70b() << "fp8"
                                             << "decode-attention-gqa" << 16.0;
        QTest::addRow("Llama 70B MHA fp32") << llama70b() << "fp32"
                                            << "decode-attention-mha" << 0.5;
        QTest::addRow("Mistral GQA-4") << mistral7b() << "fp16"
                                       << "decode-attention-gqa" << 4.0;
        QTest::addRow("Gemma 2 GQA-2") << gemma2_9b() << "bf16"
                                       << "decode-attention-gqa" << 2.0;
        QTest::addRow("DeepSeek-V3 MLA bf16")
            << deepseekV3() << "bf16"
            << "decode-attention-mla" << 128.0 * 2 * 1088 / (576 * 2);
        QTest::addRow("DeepSeek-V3 MHA") << deepseekV3() << "bf16"
                                         << "decode-attention-mha" << 1.0;
    }
    void intensities()
    {
        QFETCH(ModelSpec, model);
        QFETCH(QString, kv);
        QFETCH(QString, id);
        QFETCH(double, intensity);
        Scenario s = scenario(model);
        s.kvPrecision = *Precision::parse(kv);
        const Roofline r = roofline(s);
        const RooflinePoint *p = point(r, id);
        QVERIFY2(p, qPrintable(id));
        QCOMPARE(p->intensity, intensity);
        QCOMPARE(p->attainable, std::min(989e12, intensity * 3.35e12));
        QCOMPARE(p->belowRidge, 989e12 / 3.35e12 / intensity);
    }

    void pointsPresent()
    {
        // GQA only where KV heads are shared; MLA only with latent layers.
        const Roofline llama = roofline(scenario(llama70b()));
        QVERIFY(point(llama, "decode-attention-gqa"));
        QVERIFY(!point(llama, "decode-attention-mla"));
        const Roofline deepseek = roofline(scenario(deepseekV3()));
        QVERIFY(!point(deepseek, "decode-attention-gqa"));
        QVERIFY(point(deepseek, "decode-attention-mla"));
        QVERIFY(point(deepseek, "decode-weights"));
        QVERIFY(point(deepseek, "prefill"));
    }

    void seedRidge()
    {
        // H100 SXM: 989 TFLOP/s / 3.35 TB/s ≈ 295 FLOP/B; Llama 70B fp16 decode is 37× below.
        const Scenario s = scenario(llama70b());
        const Roofline r = roofline(s);
        QCOMPARE(r.ridgePoint, 989e12 / 3.35e12);
        QCOMPARE(qRound(r.ridgePoint), 295);
        QCOMPARE(qRound(point(r, "decode-attention-gqa")->belowRidge), 37);
        QCOMPARE(point(r, "decode-attention-gqa")->attainable, 8 * 3.35e12);
        // The same numbers as the ledger.
        const Ledger l = evaluate(s);
        QCOMPARE(r.ridgePoint, l.ridgePoint);
        QCOMPARE(point(r, "decode-attention-gqa")->intensity, l.arithmeticIntensity);
        QCOMPARE(point(r, "decode-attention-mha")->intensity, l.mhaArithmeticIntensity);
        // H200: same compute, 4.8 TB/s: ≈ 206.
        Scenario h = s;
        h.gpu.bandwidth = 4.8e12;
        QCOMPARE(qRound(roofline(h).ridgePoint), 206);
    }

    void computePrecision()
    {
        RooflineOptions o;
        o.compute = Precision::of(NumberFormat::FP8);
        const Roofline r = roofline(scenario(llama70b()), o);
        QCOMPARE(r.peakFlops, 1979e12);
        QCOMPARE(r.ridgePoint, 1979e12 / 3.35e12);
    }

    void measuredRoof()
    {
        RooflineOptions o;
        o.measuredBandwidth = 3e12;
        const Roofline r = roofline(scenario(llama70b()), o);
        QCOMPARE(r.measuredBandwidth, 3e12);
        QCOMPARE(r.measuredRidgePoint, 989e12 / 3e12);
        QCOMPARE(point(r, "decode-attention-gqa")->attainableMeasured, 8 * 3e12);
        QCOMPARE(point(r, "prefill")->attainableMeasured, 989e12);
        // Without a measurement, none; with the scenario's own, that one.
        QCOMPARE(roofline(scenario(llama70b())).measuredBandwidth, 0.0);
        Scenario s = scenario(llama70b());
        s.measured = MeasuredBandwidth{};
        s.measured->medianBytesPerSecond = 2.5e12;
        QCOMPARE(roofline(s).measuredBandwidth, 2.5e12);
    }

    void decodeWeights_data()
    {
        QTest::addColumn<int>("batch");
        QTest::addColumn<QString>("weights");
        QTest::addColumn<double>("intensity");
        // Dense: 2 × P × B FLOP over P × e_w bytes = 2B / e_w.
        QTest::addRow("batch 1 fp16") << 1 << "fp16" << 1.0;
        QTest::addRow("batch 64 fp16") << 64 << "fp16" << 64.0;
        QTest::addRow("batch 64 fp8") << 64 << "fp8" << 128.0;
        QTest::addRow("batch 512 fp16") << 512 << "fp16" << 512.0;
    }
    void decodeWeights()
    {
        QFETCH(int, batch);
        QFETCH(QString, weights);
        QFETCH(double, intensity);
        Scenario s = scenario(llama70b());
        s.batch = batch;
        s.weightPrecision = *Precision::parse(weights);
        QCOMPARE(point(roofline(s), "decode-weights")->intensity, intensity);
    }

    void prefill_data()
    {
        QTest::addColumn<ModelSpec>("model");
        QTest::addColumn<qint64>("prompt");
        QTest::addRow("Llama 70B 1k") << llama70b() << qint64(1024);
        QTest::addRow("Llama 70B 8k") << llama70b() << qint64(8192);
        QTest::addRow("Llama 70B 128k") << llama70b() << qint64(131072);
        QTest::addRow("Mistral 32k, window") << mistral7b() << qint64(32768);
    }
    void prefill()
    {
        QFETCH(ModelSpec, model);
        QFETCH(qint64, prompt);
        // (2 N P + layers × 4 q d × Σ_{i=1..P} min(i, cap)) / (N e_w + P × KV bytes per token).
        const double N = model.parameters(), P = double(prompt);
        const bool windowed = model.hasKind(AttentionKind::SlidingWindow);
        const double cap = windowed ? double(model.window) : P;
        const double seen = cap >= P ? P * (P + 1) / 2 : cap * (cap + 1) / 2 + (P - cap) * cap;
        const double flop =
            2 * N * P + model.layers * 4.0 * model.queryHeads * model.headDim * seen;
        const double kvPerToken = 2.0 * model.layers * model.kvHeads * model.headDim * 2;
        const double bytes = 2 * N + std::min(P, cap) * kvPerToken;
        RooflineOptions o;
        o.promptTokens = prompt;
        const Roofline r = roofline(scenario(model), o);
        QCOMPARE(point(r, "prefill")->intensity, flop / bytes);
        QCOMPARE(prefillIntensity(scenario(model), prompt), flop / bytes);
    }

    void prefillGrows()
    {
        // Intensity grows with the prompt: ≈ 2P/e_w = P for fp16 weights at first.
        const Scenario s = scenario(llama70b());
        double last = 0;
        for (qint64 p : {1, 16, 256, 4096, 65536, 1'000'000}) {
            const double i = prefillIntensity(s, p);
            QVERIFY(i > last);
            last = i;
        }
        QVERIFY(qAbs(prefillIntensity(s, 16) / 16 - 1) < 0.01);
        QVERIFY(point(roofline(s), "prefill")->belowRidge < 1); // 8k prompt: compute-bound
    }

    void roof()
    {
        const Roofline r = roofline(scenario(llama70b()));
        const QList<QPointF> line = r.roof(0.1, 1e5);
        QCOMPARE(line.size(), 3);
        QCOMPARE(line.at(0), QPointF(0.1, 0.1 * 3.35e12));
        QCOMPARE(line.at(1), QPointF(989e12 / 3.35e12, 989e12));
        QCOMPARE(line.at(2), QPointF(1e5, 989e12));
        QVERIFY(r.roof(0.1, 1e5, true).isEmpty()); // no measurement
        QCOMPARE(r.roof(1000, 1e5).size(), 2);     // past the ridge: flat
    }
};

QTEST_GUILESS_MAIN(TestRoofline)
#include "tst_roofline.moc"
