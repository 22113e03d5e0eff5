// Every formula of the cost model against hand arithmetic written here.
#include "ledger.h"
#include "step_model.h"
#include "test_models.h"

#include <QRandomGenerator>
#include <QTest>
#include <cmath>

using namespace kvl;
using namespace kvl::test;

class TestLedger : public QObject
{
    Q_OBJECT
private slots:
    void bytesPerToken_data()
    {
        QTest::addColumn<ModelSpec>("model");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<qint64>("bytes");
        // 2 × layers × kv heads × head dim × bytes per element.
        QTest::addRow("70B fp16") << llama70b() << "fp16" << qint64(2 * 80 * 8 * 128 * 2);
        QTest::addRow("70B bf16") << llama70b() << "bf16" << qint64(327680);
        QTest::addRow("70B fp32") << llama70b() << "fp32" << qint64(655360);
        QTest::addRow("70B fp8") << llama70b() << "fp8" << qint64(163840);
        QTest::addRow("70B int8") << llama70b() << "int8" << qint64(163840);
        // int4 before scales is a quarter; one fp16 scale per 32 values adds 0.5 bit.
        QTest::addRow("70B int4 no scales") << llama70b() << "int4:g0" << qint64(81920);
        QTest::addRow("70B int4 g32") << llama70b() << "int4" << qint64(81920 * 9 / 8);
        QTest::addRow("70B int4 g128")
            << llama70b() << "int4:g128"
            << qint64(81920 + 163840 / 128 * 2) /* one 2-byte scale per 128 */;
        QTest::addRow("70B fp4 nvfp4") << llama70b() << "fp4" << qint64(81920 + 163840 / 16);
        QTest::addRow("Mistral 7B") << mistral7b() << "fp16" << qint64(2 * 32 * 8 * 128 * 2);
        QTest::addRow("Gemma 2 9B, head_dim 256")
            << gemma2_9b() << "bf16" << qint64(2 * 42 * 8 * 256 * 2);
        // MLA: (rank + rope) × e per layer, no factor 2, no heads.
        QTest::addRow("DeepSeek-V3 MLA") << deepseekV3() << "bf16" << qint64(61 * (512 + 64) * 2);
    }
    void bytesPerToken()
    {
        QFETCH(ModelSpec, model);
        QFETCH(QString, precision);
        QFETCH(qint64, bytes);
        Scenario s = scenario(model);
        s.kvPrecision = *Precision::parse(precision);
        QCOMPARE(s.validate(), QString());
        QCOMPARE(evaluate(s).kvBytesPerToken, bytes);
    }

    void mhaAndMqa()
    {
        const Ledger l = evaluate(scenario(llama70b()));
        QCOMPARE(l.kvBytesPerTokenMha, qint64(2 * 80 * 64 * 128 * 2)); // 2,621,440
        QCOMPARE(l.kvBytesPerTokenMqa, qint64(2 * 80 * 1 * 128 * 2));
        QCOMPARE(l.gqaFactor, 8.0);
        // MLA's MHA equivalent: 128 heads caching K of qk_nope 128 + qk_rope 64 = 192 and
        // V of v_head_dim 128 (not 2 × 128: K is the larger head).
        const Ledger d = evaluate(scenario(deepseekV3()));
        QCOMPARE(d.kvBytesPerTokenMha, qint64(61 * 128 * (192 + 128) * 2)); // 4,997,120
        QCOMPARE(d.gqaFactor, double(61 * 128 * (192 + 128) * 2) / (61 * 576 * 2));
    }

    void slidingWindow_data()
    {
        QTest::addColumn<qint64>("context");
        QTest::addColumn<double>("kvBytes");
        const double perLayer = 2 * 8 * 128 * 2; // Mistral, fp16
        QTest::addRow("inside window") << qint64(1000) << 32 * perLayer * 1000;
        QTest::addRow("at window") << qint64(4096) << 32 * perLayer * 4096;
        QTest::addRow("past window: stops growing") << qint64(1000000) << 32 * perLayer * 4096;
    }
    void slidingWindow()
    {
        QFETCH(qint64, context);
        QFETCH(double, kvBytes);
        QCOMPARE(evaluate(scenario(mistral7b(), context)).kvBytes, kvBytes);
    }

    void alternatingLayers()
    {
        // Gemma 2: 21 local layers stop at 4,096 tokens, 21 global layers hold the context.
        const double perLayer = 2 * 8 * 256 * 2;
        const Ledger l = evaluate(scenario(gemma2_9b(), 1'000'000));
        QCOMPARE(l.kvBytes, 21 * perLayer * 1'000'000 + 21 * perLayer * 4096);
    }

    void sinks()
    {
        ModelSpec m = mistral7b();
        m.sinkTokens = 4;
        QCOMPARE(evaluate(scenario(m, 1'000'000)).kvBytes, 32.0 * 4096 * (4096 + 4));
    }

    void tensorParallelReplication_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("perTokenPerGpu");
        QTest::addColumn<int>("headsPerGpu");
        // cost-model.md section 4: a GPU holds at least one KV head.
        QTest::addRow("1") << 1 << 327680.0 << 8;
        QTest::addRow("2") << 2 << 163840.0 << 4;
        QTest::addRow("4") << 4 << 81920.0 << 2;
        QTest::addRow("8") << 8 << 40960.0 << 1;
        QTest::addRow("16 replicates") << 16 << 40960.0 << 1;
        QTest::addRow("64 replicates") << 64 << 40960.0 << 1;
    }
    void tensorParallelReplication()
    {
        QFETCH(int, gpus);
        QFETCH(double, perTokenPerGpu);
        QFETCH(int, headsPerGpu);
        const Ledger l = evaluate(scenario(llama70b(), 1'000'000, gpus));
        QCOMPARE(l.kvHeadsPerGpu, headsPerGpu);
        QCOMPARE(l.kvBytesPerGpu, perTokenPerGpu * 1'000'000);
    }

    void mlaReplicatedOnEveryRank()
    {
        const Ledger l = evaluate(scenario(deepseekV3(), 1'000'000, 8));
        QCOMPARE(l.kvBytesPerGpu, 70272.0 * 1'000'000);
    }

    void fitting()
    {
        // Seed: 141.1 GB + 327.68 GB = 468.8 GB on 80 GB H100s: 6 by capacity, 8 as a TP degree.
        Scenario s = scenario(llama70b());
        s.model.totalParameters = 70553706496.0;
        const Ledger l = evaluate(s);
        QCOMPARE(l.weightBytes, 141107412992.0);
        QCOMPARE(l.totalBytes, 141107412992.0 + 327.68e9);
        QCOMPARE(l.gpusToFit, 6); // ceil(468.79 / 80)
        QCOMPARE(l.tpDegree, 8);
        QVERIFY(!l.fits);
        QVERIFY(!l.tpNote().isEmpty());
        // vLLM's 0.9 reservation: ceil(468.79 / 72) = 7, still TP 8.
        s.memoryFraction = 0.9;
        QCOMPARE(evaluate(s).gpusToFit, 7);
        QCOMPARE(evaluate(s).tpDegree, 8);
        // On 8 GPUs: 17.6 GB of weights + 40.96 GB of KV per GPU fits.
        s.gpus = 8;
        const Ledger on8 = evaluate(s);
        QVERIFY(on8.fits);
        QCOMPARE(on8.bytesPerGpu, 141107412992.0 / 8 + 40.96e9);
    }

    // The TP search reads what the ledger holds on the scenario's own GPU count: at the last
    // context that fits there, and one token past it, the two agree.
    void tpDegreeAgreesWithFits_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addRow("8 GPUs: TP 8") << 8;
        QTest::addRow("16 GPUs: KV heads replicated") << 16;
        QTest::addRow("4 GPUs") << 4;
    }
    void tpDegreeAgreesWithFits()
    {
        QFETCH(int, gpus);
        Scenario s = scenario(llama70b(), 0, gpus);
        s.memoryFraction = 1;
        // The last context that fits on `gpus`, by the bytes a GPU holds: 80 GB less the
        // weights' share, over the KV bytes a GPU adds per token (KV heads replicated past 8).
        const double perToken = 327680.0 / std::min(gpus, 8);
        s.context = qint64((80e9 - evaluate(s).weightBytesPerGpu) / perToken);
        QVERIFY(evaluate(s).fits);
        QCOMPARE(evaluate(s).tpDegree, gpus);
        ++s.context;
        QVERIFY(!evaluate(s).fits);
        QVERIFY(evaluate(s).tpDegree != gpus);
    }

    void notesAreWordedWhenRead()
    {
        // The seed needs 6 GPUs by capacity (see fitting()) and TP 8 as a degree; the notes are
        // worded from those figures when read, and only for the sections worked out.
        Scenario s = scenario(llama70b());
        s.model.totalParameters = 70553706496.0;
        const LedgerBasis basis(s);
        const Ledger bare = basis.at(s.context, {});
        QCOMPARE(bare.tpDegree, 0);
        QVERIFY(bare.tpNote().isEmpty());
        QVERIFY(bare.planLabel().isEmpty());
        QVERIFY(bare.planNote().isEmpty());
        QVERIFY(bare.predictionNote().isEmpty());

        const Ledger l = basis.at(s.context);
        QCOMPARE(l.tpNote(), QStringLiteral("6 GPUs hold the bytes; a TP degree must divide 64 "
                                            "query heads and match 8 KV heads, so 8"));
        QCOMPARE(l.planLabel(), QStringLiteral("TP 8"));
        QCOMPARE(l.planNote(), QStringLiteral("8 GPUs: TP 8 splits the weights and the 8 KV heads, "
                                              "one per GPU at most; past that they are "
                                              "replicated"));
        QCOMPARE(l.predictionNote(), QStringLiteral("no engine chosen"));
        // A context that needs context parallelism names it, with that context.
        QVERIFY2(basis.at(10'000'000).planNote().contains(QStringLiteral("10000000-token cache")),
                 qPrintable(basis.at(10'000'000).planNote()));
    }

    void validTpDegrees_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<bool>("valid");
        QTest::addRow("1") << 1 << true;
        QTest::addRow("3 does not divide 64") << 3 << false;
        QTest::addRow("6 does not divide 64") << 6 << false;
        QTest::addRow("8") << 8 << true;
        QTest::addRow("16: 8 kv heads divide it") << 16 << true;
        QTest::addRow("128 > 64 heads") << 128 << false;
    }
    void validTpDegrees()
    {
        QFETCH(int, gpus);
        QFETCH(bool, valid);
        QCOMPARE(isValidTpDegree(llama70b(), gpus), valid);
    }

    void timePerToken()
    {
        Scenario s = scenario(llama70b());
        s.model.totalParameters = 70553706496.0;
        const Ledger l = evaluate(s);
        // KV term alone, as the seed states it: 327.68 GB / 3.35 TB/s.
        QCOMPARE(l.kvSecondsPerToken, 327.68e9 / 3.35e12);
        QCOMPARE(l.secondsPerToken, (141107412992.0 + 327.68e9) / 3.35e12);
        QVERIFY(l.memoryBound);
        QCOMPARE(l.tokensPerSecond, 1 / l.secondsPerToken);
        s.efficiency = 0.8;
        QCOMPARE(evaluate(s).kvSecondsPerToken, 327.68e9 / (3.35e12 * 0.8));
        s.efficiency = 1;
        s.batch = 4;
        QCOMPARE(evaluate(s).kvSecondsPerToken, 4 * 327.68e9 / 3.35e12);
        QCOMPARE(evaluate(s).aggregateTokensPerSecond, 4 / evaluate(s).secondsPerToken);
    }

    void computeBoundAtLargeBatch()
    {
        // Tiny context, big batch: 2 × 70.55e9 × 1024 FLOP / 989e12 = 146 ms > 42 ms of weights.
        Scenario s = scenario(llama70b(), 1);
        s.model.totalParameters = 70553706496.0;
        s.batch = 1024;
        const Ledger l = evaluate(s);
        QVERIFY(!l.memoryBound);
        const double attention = 1024.0 * 80 * 4 * 64 * 128 * 1 / 989e12;
        QCOMPARE(l.computeSeconds, 2 * 70553706496.0 * 1024 / 989e12 + attention);
    }

    void moeReadsTouchedExperts()
    {
        // Mixtral, batch 1: a step reads the active parameters (2 of 8 experts).
        Scenario s = scenario(mixtral8x7b(), 0);
        const ModelSpec &m = s.model;
        QCOMPARE(evaluate(s).weightBytesReadPerStep, m.parametersActive() * 2);
        // Batch 64 touches E × (1 - (1 - 2/8)^64) ≈ all 8 experts.
        s.batch = 64;
        const double perExpert = (m.parameters() - m.parametersActive()) / 6;
        const double touched = 8 * (1 - std::pow(0.75, 64));
        QCOMPARE(evaluate(s).weightBytesReadPerStep,
                 (m.parametersActive() - 2 * perExpert + touched * perExpert) * 2);
    }

    void responseIsExactSum_data()
    {
        QTest::addColumn<ModelSpec>("model");
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("count");
        QTest::addColumn<int>("batch");
        QTest::addRow("full, memory-bound") << llama70b() << qint64(1'000'000) << qint64(1000) << 1;
        QTest::addRow("window kink inside") << mistral7b() << qint64(3000) << qint64(3000) << 1;
        QTest::addRow("alternating") << gemma2_9b() << qint64(0) << qint64(9000) << 1;
        QTest::addRow("compute to memory crossover")
            << llama70b() << qint64(0) << qint64(20000) << 512;
        QTest::addRow("MLA") << deepseekV3() << qint64(10) << qint64(5000) << 8;
        QTest::addRow("empty") << llama70b() << qint64(10) << qint64(0) << 1;
    }
    void responseIsExactSum()
    {
        QFETCH(ModelSpec, model);
        QFETCH(qint64, from);
        QFETCH(qint64, count);
        QFETCH(int, batch);
        Scenario s = scenario(model, from);
        s.batch = batch;
        const StepModel step(s);
        double naive = 0;
        for (qint64 i = 0; i < count; ++i)
            naive += step.stepSeconds(from + i);
        const double closed = step.sumStepSeconds(from, count);
        QVERIFY2(std::fabs(closed - naive) <= 1e-9 * std::max(1.0, naive),
                 qPrintable(QStringLiteral("%1 vs %2").arg(closed).arg(naive)));
    }

    void conversationIsQuadratic()
    {
        // T × weights/BW + kv_per_token × T(T-1)/2 / BW, exactly, when memory-bound.
        Scenario s = scenario(llama70b(), 100'000);
        s.model.totalParameters = 70553706496.0;
        const double T = 100'000;
        const double expected = T * 141107412992.0 / 3.35e12 + 327680.0 * T * (T - 1) / 2 / 3.35e12;
        QVERIFY(qFuzzyCompare(evaluate(s).conversationSeconds, expected));
    }

    void intensity_data()
    {
        QTest::addColumn<ModelSpec>("model");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<double>("intensity");
        // cost-model.md section 7: GQA ≈ 2g/e; MHA 2/e; MLA shares one latent across heads.
        QTest::addRow("GQA-8 fp16") << llama70b() << "fp16" << 8.0;
        QTest::addRow("GQA-8 fp8") << llama70b() << "fp8" << 16.0;
        QTest::addRow("MHA fp16") << llama70b().mhaEquivalent() << "fp16" << 1.0;
        QTest::addRow("MLA bf16") << deepseekV3() << "bf16"
                                  << 128.0 * 2 * (2 * 512 + 64) / (576 * 2);
    }
    void intensity()
    {
        QFETCH(ModelSpec, model);
        QFETCH(QString, precision);
        QFETCH(double, intensity);
        Scenario s = scenario(model);
        s.kvPrecision = *Precision::parse(precision);
        QCOMPARE(evaluate(s).arithmeticIntensity, intensity);
    }

    void ridge()
    {
        const Ledger l = evaluate(scenario(llama70b()));
        QCOMPARE(l.ridgePoint, 989e12 / 3.35e12);     // 295
        QCOMPARE(l.belowRidge, 989e12 / 3.35e12 / 8); // "37× below"
    }

    void invalidScenarios_data()
    {
        QTest::addColumn<Scenario>("scenario");
        QTest::addColumn<QString>("field");
        Scenario s = scenario(llama70b());
        Scenario t = s;
        t.context = -1;
        QTest::addRow("negative context") << t << "context";
        t = s;
        t.context = limits::maxContext + 1;
        QTest::addRow("context too long") << t << "context";
        t = s;
        t.gpus = 0;
        QTest::addRow("no gpus") << t << "gpus";
        t = s;
        t.batch = 2000;
        QTest::addRow("batch") << t << "batch";
        t = s;
        t.efficiency = std::nan("");
        QTest::addRow("NaN efficiency") << t << "efficiency";
        t = s;
        t.efficiency = 0;
        QTest::addRow("zero efficiency") << t << "efficiency";
        t = s;
        t.memoryFraction = 1.5;
        QTest::addRow("memory fraction") << t << "memory fraction";
        t = s;
        t.model.kvHeads = 3;
        QTest::addRow("kv heads not dividing") << t << "kv_heads";
        t = s;
        t.model.layers = 0;
        QTest::addRow("no layers") << t << "layers";
        t = s;
        t.model.headDim = -1;
        QTest::addRow("head dim") << t << "head_dim";
        t = s;
        t.gpu.bandwidth = std::numeric_limits<double>::infinity();
        QTest::addRow("infinite bandwidth") << t << "bandwidth";
        t = s;
        t.model.totalParameters = std::nan("");
        QTest::addRow("NaN parameters") << t << "parameters";
        // Accepted once, each of these made a time or a GPU count inf or NaN.
        t = s;
        t.efficiency = 1e-300;
        QTest::addRow("efficiency near zero") << t << "efficiency: 1e-300 is outside 0.01-2";
        t = s;
        t.efficiency = 0.0099;
        QTest::addRow("efficiency below 1%%") << t << "efficiency";
        t = s;
        t.memoryFraction = 5e-324;
        QTest::addRow("memory fraction near zero") << t << "memory fraction";
        t = s;
        t.gpu.memoryBytes = 1e-300;
        QTest::addRow("GPU memory near zero") << t << "memory_bytes: 1e-300 is outside";
        t = s;
        t.gpu.reportedMemoryBytes = 1e-300;
        QTest::addRow("reported memory near zero") << t << "reported_memory_bytes";
        t = s;
        t.gpu.bandwidth = 1e-300;
        QTest::addRow("bandwidth near zero") << t << "bandwidth_bytes_per_second";
        t = s;
        t.gpu.peakBf16 = 1e-300;
        QTest::addRow("bf16 peak near zero") << t << "peak_flops.bf16";
        t = s;
        t.gpu.peakFp8 = 1e-300;
        QTest::addRow("fp8 peak near zero") << t << "peak_flops.fp8";
        t = s;
        t.measured = MeasuredBandwidth{};
        t.measured->medianBytesPerSecond = 1e-300;
        t.measured->bestBytesPerSecond = 1e-300;
        t.measured->bufferBytes = 1 << 30;
        QTest::addRow("measured bandwidth near zero") << t << "measured bandwidth";
        // Experts sized from intermediate_size (no moe_intermediate_size, no active_parameters)
        // outweigh the published total: the active count would be zero or negative.
        t = scenario(mixtral8x7b());
        t.model.experts = 512;
        t.model.expertsPerToken = 10;
        t.model.totalParameters = 80e9;
        QTest::addRow("MoE experts larger than the total")
            << t << "intermediate_size: experts of 14336 give";
    }
    void invalidScenarios()
    {
        QFETCH(Scenario, scenario);
        QFETCH(QString, field);
        const QString why = scenario.validate();
        QVERIFY2(why.contains(field), qPrintable(why));
        QCOMPARE(evaluate(scenario).kvBytesPerToken, qint64(0));
    }

    void extremesStayFinite_data()
    {
        QTest::addColumn<Scenario>("scenario");
        ModelSpec big = llama70b();
        big.layers = limits::maxLayers;
        big.queryHeads = limits::maxHeads;
        big.kvHeads = limits::maxHeads;
        big.headDim = limits::maxHeadDim;
        Scenario s = scenario(big, limits::maxContext, limits::maxGpus);
        s.batch = limits::maxBatch;
        s.kvPrecision = Precision::of(NumberFormat::FP32);
        QTest::addRow("everything at the maximum") << s;
        Scenario tiny = scenario(mqaTiny(), 0, 1);
        QTest::addRow("empty context") << tiny;
        Scenario w = scenario(mistral7b(), limits::maxContext, 1);
        w.batch = limits::maxBatch;
        QTest::addRow("window at max") << w;
        Scenario d = scenario(deepseekV3(), limits::maxContext, limits::maxGpus);
        d.batch = limits::maxBatch;
        QTest::addRow("MLA at max") << d;
        // The most bytes on the least memory, streamed as slowly as any input allows.
        Scenario low = s;
        low.gpus = 1;
        low.efficiency = limits::efficiency.lo;
        low.memoryFraction = limits::memoryFraction.lo;
        low.gpu.memoryBytes = limits::gpuMemoryBytes.lo;
        low.gpu.bandwidth = limits::bandwidth.lo;
        low.gpu.peakBf16 = limits::flops.lo;
        low.gpu.peakFp8 = limits::flops.lo;
        QTest::addRow("everything at the maximum on the slowest GPU") << low;
    }
    void extremesStayFinite()
    {
        QFETCH(Scenario, scenario);
        QCOMPARE(scenario.validate(), QString());
        const Ledger l = evaluate(scenario);
        for (Quantity q : allQuantities()) {
            const double v = quantityValue(l, q);
            QVERIFY2(std::isfinite(v) && v >= 0, qPrintable(quantityKey(q)));
        }
        QVERIFY(l.kvBytesPerToken > 0);
        // The count is exact, never capped: ceil(total / usable), checked in long double.
        const long double needed =
            std::ceil((long double)l.totalBytes / (long double)l.usableBytesPerGpu);
        QCOMPARE(l.gpusToFit, qint64(needed));
        if (l.gpusToFit > limits::maxGpus) {
            QCOMPARE(l.tpDegree, 0);
            QVERIFY2(l.tpNote().contains(QString::number(limits::maxGpus)), qPrintable(l.tpNote()));
        }
    }

    // GPUs × price per GPU-hour / 3600 / aggregate tokens per second × 10^6.
    void costPerMillionOutputTokens_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("batch");
        QTest::addColumn<qint64>("context");
        QTest::addColumn<double>("price");
        QTest::addColumn<double>("cost");
        // Llama 3.1 8B, one H100, context 0: a step reads 1.606e10 B in 4.794 ms, 208.6 tokens/s:
        // $3.99 / 3600 × 10^6 × 1.606e10 / 3.35e12 = $5.313.
        QTest::addRow("8B, batch 1")
            << 1 << 1 << qint64(0) << 3.99 << 3.99 / 3600 * 1e6 * 1.606e10 / 3.35e12;
        // 2 GPUs, batch 8 at 8,192: per GPU half the weights and 4 KV heads (65,536 B per token):
        // t = (8.03e9 + 8 × 8192 × 65,536) / 3.35e12; 2 × $2 / 3600 × 10^6 × t / 8.
        QTest::addRow("8B, 2 GPUs, batch 8")
            << 2 << 8 << qint64(8192) << 2.0
            << 2 * 2.0 / 3600 * 1e6 * (8.03e9 + 8 * 8192 * 65536.0) / 3.35e12 / 8;
        QTest::addRow("free GPUs") << 1 << 1 << qint64(0) << 0.0 << 0.0;
    }
    void costPerMillionOutputTokens()
    {
        QFETCH(int, gpus);
        QFETCH(int, batch);
        QFETCH(qint64, context);
        QFETCH(double, price);
        QFETCH(double, cost);
        Scenario s = scenario(llama8b(), context, gpus);
        s.batch = batch;
        s.gpuHourPrice = price;
        QCOMPARE(s.validate(), QString());
        const Ledger l = evaluate(s);
        QVERIFY(l.memoryBound);
        QCOMPARE(l.costPerMillionOutputTokens, cost);
        QCOMPARE(quantityValue(l, Quantity::CostPerMillionOutputTokens), cost);
    }

    void newInputsValidate_data()
    {
        QTest::addColumn<double>("computeEfficiency");
        QTest::addColumn<double>("price");
        QTest::addColumn<QString>("field");
        QTest::addRow("negative price") << 1.0 << -1.0 << "GPU-hour price";
        QTest::addRow("NaN price") << 1.0 << std::nan("") << "GPU-hour price";
        QTest::addRow("zero compute") << 0.0 << 1.0 << "compute efficiency";
        QTest::addRow("valid") << 0.5 << 0.0 << "";
    }
    void newInputsValidate()
    {
        QFETCH(double, computeEfficiency);
        QFETCH(double, price);
        QFETCH(QString, field);
        Scenario s = scenario(llama8b());
        s.computeEfficiency = computeEfficiency;
        s.gpuHourPrice = price;
        if (field.isEmpty())
            QCOMPARE(s.validate(), QString());
        else
            QVERIFY2(s.validate().startsWith(field), qPrintable(s.validate()));
    }

    // The decode compute floor runs at the achieved FLOP/s too: batch 1024 at context 0 is
    // compute-bound, 2 × 70.55e9 × 1024 / (989e12 × 0.5).
    void computeEfficiencyInDecode()
    {
        Scenario s = scenario(llama70b(), 0, 8);
        s.batch = 1024;
        s.computeEfficiency = 0.5;
        const Ledger l = evaluate(s);
        QCOMPARE(l.computeSeconds, 2 * 70553706496.0 * 1024 / 8 / (989e12 * 0.5));
    }

    // 3,000 scenarios drawn over every range, ends included: each one that validates gives a
    // ledger of finite, non-negative numbers (the sweep that found the inf and NaN above).
    void randomScenariosStayFinite()
    {
        QRandomGenerator rng(20261202);
        const auto pick = [&](double lo, double hi) {
            switch (rng.bounded(4)) {
            case 0:
                return lo;
            case 1:
                return hi;
            default: // log-uniform: every decade as likely as any other
                return lo * std::pow(hi / lo, rng.generateDouble());
            }
        };
        const QList<ModelSpec> models{llama70b(), mistral7b(), gemma2_9b(), deepseekV3(),
                                      mixtral8x7b()};
        const QList<NumberFormat> formats{NumberFormat::FP32, NumberFormat::FP16, NumberFormat::FP8,
                                          NumberFormat::INT4};
        int valid = 0;
        for (int i = 0; i < 3000; ++i) {
            Scenario s = scenario(models.at(int(rng.bounded(qsizetype(models.size())))));
            s.context = qint64(pick(1, double(limits::maxContext)));
            s.gpus = int(pick(1, limits::maxGpus));
            s.batch = int(pick(1, limits::maxBatch));
            s.efficiency = pick(limits::efficiency.lo, limits::efficiency.hi);
            s.memoryFraction = pick(limits::memoryFraction.lo, limits::memoryFraction.hi);
            s.gpu.memoryBytes = pick(limits::gpuMemoryBytes.lo, limits::gpuMemoryBytes.hi);
            s.gpu.bandwidth = pick(limits::bandwidth.lo, limits::bandwidth.hi);
            s.gpu.peakBf16 = pick(limits::flops.lo, limits::flops.hi);
            s.gpu.peakFp8 = rng.bounded(2) ? 0 : pick(limits::flops.lo, limits::flops.hi);
            s.kvPrecision = Precision::of(formats.at(int(rng.bounded(qsizetype(formats.size())))));
            s.responseTokens = qint64(pick(1, double(limits::maxContext)));
            if (!s.validate().isEmpty())
                continue;
            ++valid;
            const Ledger l = evaluate(s);
            for (Quantity q : allQuantities()) {
                const double v = quantityValue(l, q);
                QVERIFY2(
                    std::isfinite(v) && v >= 0,
                    qPrintable(
                        QStringLiteral("scenario %1: %2 = %3").arg(i).arg(quantityKey(q)).arg(v)));
            }
            QVERIFY(l.gpusToFit >= 1);
        }
        QVERIFY2(valid > 2000, qPrintable(QString::number(valid)));
    }

private:
    static ModelSpec mqaTiny()
    {
        ModelSpec m;
        m.layers = 1;
        m.queryHeads = 1;
        m.kvHeads = 1;
        m.headDim = 1;
        m.hiddenSize = 1;
        return m;
    }
};

QTEST_GUILESS_MAIN(TestLedger)
#include "tst_ledger.moc"
