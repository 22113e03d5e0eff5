// Every KV strategy against hand arithmetic written here: bytes held, bytes read, time, loss.
#include "kv_strategy.h"
#include "ledger.h"
#include "presets.h"
#include "step_model.h"
#include "strategy_presets.h"
#include "test_models.h"

#include <QTest>
#include <cmath>

using namespace kvl;
using namespace kvl::test;

namespace {
// Llama 3.1 70B: 2 × 8 KV heads × 128 × 2 B per token and layer in fp16; 80 layers.
constexpr double kLayer = 2 * 8 * 128 * 2; // 4,096 B
constexpr double kLayers = 80;
constexpr double kL = 1'000'000;
// int4, one fp16 scale per 32 values: 2,048 × 4 bits + 64 × 16 bits = 1,152 B per token-layer.
constexpr double kInt4 = (2048 * 4 + 64 * 16) / 8;
// KIVI: a 16-bit scale and a 16-bit zero point per 32 values: 1,280 B.
constexpr double kKivi = (2048 * 4 + 64 * 32) / 8;

KvStrategy strategy(const QString &spec)
{
    QString why;
    const auto k = KvStrategy::parse(spec, &why);
    if (!k)
        qFatal("%s: %s", qPrintable(spec), qPrintable(why));
    return *k;
}
} // namespace

class TestKvStrategy : public QObject
{
    Q_OBJECT
private slots:
    void heldAndRead_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<qint64>("context");
        QTest::addColumn<double>("held");
        QTest::addColumn<double>("read");
        QTest::addColumn<qint64>("tokensHeld");
        const double full = kLayers * kLayer * kL;
        QTest::addRow("full cache") << "none" << qint64(kL) << full << full << qint64(kL);
        // StreamingLLM: 4 sinks + 4,096 recent = 4,100 tokens per layer at 1M.
        QTest::addRow("window 4096 + 4 sinks")
            << "window:4096,sinks:4" << qint64(kL) << 80 * kLayer * 4100 << 80 * kLayer * 4100
            << qint64(4100);
        QTest::addRow("window, context inside it")
            << "window:4096,sinks:4" << qint64(3000) << 80 * kLayer * 3000 << 80 * kLayer * 3000
            << qint64(3000);
        QTest::addRow("window on half the layers")
            << "window:4096,sinks:4,layers:0.5" << qint64(kL)
            << 40 * kLayer * 4100 + 40 * kLayer * kL << 40 * kLayer * 4100 + 40 * kLayer * kL
            << qint64(4100);
        QTest::addRow("budget caps") << "budget:2048" << qint64(kL) << 80 * kLayer * 2048
                                     << 80 * kLayer * 2048 << qint64(2048);
        QTest::addRow("budget above the context")
            << "budget:2048" << qint64(1000) << 80 * kLayer * 1000 << 80 * kLayer * 1000
            << qint64(1000);
        QTest::addRow("budget 20 percent") << "budget:20%" << qint64(kL) << 80 * kLayer * 200'000
                                           << 80 * kLayer * 200'000 << qint64(200'000);
        // DuoAttention r = 0.5: 320 of 640 KV heads keep 1M tokens, the rest 64 + 256.
        QTest::addRow("duo 0.5") << "duo:0.5,sinks:64,window:256" << qint64(kL)
                                 << 40 * kLayer * kL + 40 * kLayer * 320
                                 << 40 * kLayer * kL + 40 * kLayer * 320 << qint64(320);
        QTest::addRow("duo 0.25") << "duo:0.25,sinks:64,window:256" << qint64(kL)
                                  << 20 * kLayer * kL + 60 * kLayer * 320
                                  << 20 * kLayer * kL + 60 * kLayer * 320 << qint64(320);
        // Sparse: nothing dropped; a step reads k × s tokens + one key (half of K+V) per block.
        QTest::addRow("sparse k16 s64")
            << "sparse:k=16,block=64" << qint64(kL) << 80 * kLayer * (kL + 15625 * 0.5)
            << 80 * kLayer * (16 * 64 + 15625 * 0.5) << qint64(kL);
        QTest::addRow("sparse, no summaries: memory unchanged")
            << "sparse:k=16,block=64,summary=0" << qint64(kL) << full << 80 * kLayer * 1024
            << qint64(kL);
        // NSA: 1,024 selected + 512 window + (1M - 32) / 16 + 1 = 62,499 compressed tokens.
        QTest::addRow("nsa") << "nsa" << qint64(kL) << 80 * kLayer * (kL + 62499)
                             << 80 * kLayer * (1536 + 62499) << qint64(kL);
        // Quest: 2 dense layers; 78 read 2,048 tokens + min and max keys of 62,500 pages.
        QTest::addRow("quest") << "quest" << qint64(kL)
                               << 2 * kLayer * kL + 78 * kLayer * (kL + 62500)
                               << 2 * kLayer * kL + 78 * kLayer * (2048 + 62500) << qint64(kL);
        // MoBA: 12 blocks of 4,096 + one mean key for each of ceil(1M / 4,096) = 245 blocks.
        QTest::addRow("moba") << "moba" << qint64(kL) << 80 * kLayer * (kL + 122.5)
                              << 80 * kLayer * (49152 + 122.5) << qint64(kL);
        QTest::addRow("fp8") << "fp8" << qint64(kL) << 80 * 2048 * kL << 80 * 2048 * kL
                             << qint64(kL);
        QTest::addRow("int8") << "int8" << qint64(kL) << 80 * 2048 * kL << 80 * 2048 * kL
                              << qint64(kL);
        QTest::addRow("int4 g32") << "int4" << qint64(kL) << 80 * kInt4 * kL << 80 * kInt4 * kL
                                  << qint64(kL);
        QTest::addRow("int4 no scales: a quarter")
            << "int4:g0" << qint64(kL) << full / 4 << full / 4 << qint64(kL);
        // NVFP4: one 8-bit scale per 16 values, the same 4.5 bits.
        QTest::addRow("fp4") << "fp4" << qint64(kL) << 80 * kInt4 * kL << 80 * kInt4 * kL
                             << qint64(kL);
        QTest::addRow("recent 128 fp16, older int4")
            << "recent:128@fp16,old=int4" << qint64(kL) << 80 * (128 * kLayer + (kL - 128) * kInt4)
            << 80 * (128 * kLayer + (kL - 128) * kInt4) << qint64(kL);
        QTest::addRow("kivi") << "kivi" << qint64(kL) << 80 * (128 * kLayer + (kL - 128) * kKivi)
                              << 80 * (128 * kLayer + (kL - 128) * kKivi) << qint64(kL);
        // The seed's safe money: 4 sinks + the newest 32,768 tokens in fp16 (4,096 B per layer),
        // the 967,228 stale ones between them in fp8 (2,048 B).
        QTest::addRow("recent 32768 + 4 sinks exact, older fp8")
            << "recent:32768,sinks=4,old=fp8" << qint64(kL)
            << 80 * (32772 * kLayer + 967'228 * 2048.0) << 80 * (32772 * kLayer + 967'228 * 2048.0)
            << qint64(kL);
        QTest::addRow("sinks and recent cover a short context")
            << "recent:32768,sinks=4,old=fp8" << qint64(10'000) << 80 * 10'000 * kLayer
            << 80 * 10'000 * kLayer << qint64(10'000);
        QTest::addRow("window + fp8") << "window:4096,sinks:4+fp8" << qint64(kL)
                                      << 80 * 2048 * 4100.0 << 80 * 2048 * 4100.0 << qint64(4100);
        QTest::addRow("sparse + fp8")
            << "sparse:k=16,block=64+fp8" << qint64(kL) << 80 * 2048 * (kL + 7812.5)
            << 80 * 2048 * (1024 + 7812.5) << qint64(kL);
        QTest::addRow("budget + recent int4")
            << "budget:2048+recent:128,old=int4" << qint64(kL) << 80 * (128 * kLayer + 1920 * kInt4)
            << 80 * (128 * kLayer + 1920 * kInt4) << qint64(2048);
    }
    void heldAndRead()
    {
        QFETCH(QString, spec);
        QFETCH(qint64, context);
        QFETCH(double, held);
        QFETCH(double, read);
        QFETCH(qint64, tokensHeld);
        const StrategyResult r = evaluateStrategy(scenario(llama70b(), context), strategy(spec));
        QCOMPARE(r.heldBytes, held);
        QCOMPARE(r.readBytesPerStep, read);
        QCOMPARE(r.tokensHeldPerLayer, tokensHeld);
        QCOMPARE(r.heldBytesPerGpu, held); // one GPU
    }

    void baselineIsTheLedger()
    {
        for (const Scenario &s : {scenario(llama70b()), scenario(mistral7b()),
                                  scenario(gemma2_9b()), scenario(deepseekV3(), 128'000, 8)}) {
            const Ledger l = evaluate(s);
            const StrategyResult r = evaluateStrategy(s, KvStrategy{});
            QCOMPARE(r.heldBytes, l.kvBytes);
            QCOMPARE(r.readBytesPerGpu, l.kvBytesPerGpu);
            QCOMPARE(r.secondsPerToken, l.secondsPerToken);
            QCOMPARE(r.kvSecondsPerToken, l.kvSecondsPerToken);
            QCOMPARE(r.gpusToFit, l.gpusToFit);
        }
    }

    void timeThroughStepModel_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("readPerGpu");
        QTest::addColumn<double>("heldPerGpu");
        // One KV head of 8 per GPU at TP 8: 512 B per token and layer.
        QTest::addRow("window, 1 GPU")
            << "window:4096,sinks:4" << 1 << 80 * kLayer * 4100 << 80 * kLayer * 4100;
        QTest::addRow("window, TP 8")
            << "window:4096,sinks:4" << 8 << 80 * 512 * 4100.0 << 80 * 512 * 4100.0;
        // At TP 16 the 8 heads are replicated: still one head, 512 B, per GPU.
        QTest::addRow("fp8, TP 16") << "fp8" << 16 << 80 * 256 * kL << 80 * 256 * kL;
        QTest::addRow("sparse, TP 8") << "sparse:k=16,block=64" << 8 << 80 * 512 * (1024 + 7812.5)
                                      << 80 * 512 * (kL + 7812.5);
    }
    void timeThroughStepModel()
    {
        QFETCH(QString, spec);
        QFETCH(int, gpus);
        QFETCH(double, readPerGpu);
        QFETCH(double, heldPerGpu);
        const Scenario s = scenario(llama70b(), qint64(kL), gpus);
        const StrategyResult r = evaluateStrategy(s, strategy(spec));
        QCOMPARE(r.readBytesPerGpu, readPerGpu);
        QCOMPARE(r.heldBytesPerGpu, heldPerGpu);
        // Memory-bound: weights per GPU + KV read per GPU, over the bandwidth.
        const Ledger l = evaluate(s);
        const double weights = l.weightBytesReadPerStep / gpus;
        QCOMPARE(r.secondsPerToken, (weights + readPerGpu) / 3.35e12);
        QCOMPARE(r.kvSecondsPerToken, readPerGpu / 3.35e12);
        QVERIFY(r.memoryBound);
        // gpusToFit: pooled weights + whole KV over 80 GB.
        QCOMPARE(r.gpusToFit, int(std::ceil((l.weightBytes + r.heldBytes) / 80e9)));
    }

    void computeBoundAtLargeBatch()
    {
        // At batch 1024 and a short window the matmuls dominate: the same compute floor as core.
        Scenario s = scenario(llama70b(), 1000);
        s.batch = 1024;
        const StepModel step(s);
        const StrategyResult r = evaluateStrategy(s, strategy("window:512"));
        const double flop = 1024 * 80 * 4.0 * 64 * 128 * 512;
        QCOMPARE(r.secondsPerToken,
                 std::max(step.memorySecondsFor(r.readBytesPerGpu), step.computeSecondsFor(flop)));
        QVERIFY(!r.memoryBound);
    }

    void batchMultiplies()
    {
        Scenario s = scenario(llama70b());
        s.batch = 4;
        const StrategyResult r = evaluateStrategy(s, strategy("window:4096,sinks:4"));
        QCOMPARE(r.heldBytes, 4 * 80 * kLayer * 4100);
    }

    void otherModels()
    {
        // MLA: (512 + 64) × 2 B per token and layer, 61 layers.
        const StrategyResult w =
            evaluateStrategy(scenario(deepseekV3()), strategy("window:4096,sinks:4"));
        QCOMPARE(w.heldBytes, 61 * 1152 * 4100.0);
        // DuoAttention: a latent has no KV heads to split, so nothing changes.
        const StrategyResult d = evaluateStrategy(scenario(deepseekV3()), strategy("duoattention"));
        QCOMPARE(d.heldBytes, 61 * 1152 * kL);
        QVERIFY(d.lossNote.contains("Latent (MLA) layers"));
        // Mistral's own window: 4,096 per layer; a 1,024 + 4 window on top of it.
        const StrategyResult m0 = evaluateStrategy(scenario(mistral7b()), KvStrategy{});
        QCOMPARE(m0.heldBytes, 32 * kLayer * 4096);
        QVERIFY(m0.losesTokens);
        QCOMPARE(m0.oldestReadableToken, qint64(kL - 4096));
        QVERIFY(m0.lossNote.contains("own 32 sliding-window layers"));
        const StrategyResult m1 =
            evaluateStrategy(scenario(mistral7b()), strategy("window:1024,sinks:4"));
        QCOMPARE(m1.heldBytes, 32 * kLayer * 1028);
        QCOMPARE(m1.oldestReadableToken, qint64(kL - 1024));
        // Gemma 2: the window applies to all 42 layers, local ones already hold 4,096.
        const StrategyResult g = evaluateStrategy(scenario(gemma2_9b()), strategy("window:1024"));
        QCOMPARE(g.heldBytes, 42 * (2 * 8 * 256 * 2) * 1024.0);
    }

    void whatIsLost_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<qint64>("context");
        QTest::addColumn<bool>("loses");
        QTest::addColumn<qint64>("oldest");
        QTest::addColumn<QStringList>("says");
        const QString recall = "cannot be recalled";
        QTest::addRow("window")
            << "window:4096,sinks:4" << qint64(kL) << true << qint64(kL - 4096)
            << QStringList{"Tokens 4 to 995,903 (995,900 tokens) are gone on 80 of 80 layers",
                           recall};
        QTest::addRow("window, not yet") << "window:4096,sinks:4" << qint64(3000) << false
                                         << qint64(0) << QStringList{"Nothing dropped yet"};
        QTest::addRow("window without sinks")
            << "window:4096" << qint64(kL) << true << qint64(kL - 4096)
            << QStringList{"Without sink tokens", recall};
        QTest::addRow("window on half the layers")
            << "window:4096,sinks:4,layers:0.5" << qint64(kL) << true << qint64(kL - 4096)
            << QStringList{"on 40 of 80 layers; the other 40 keep them", recall};
        QTest::addRow("snapkv") << "snapkv" << qint64(kL) << true << qint64(kL - 32)
                                << QStringList{"keeps 2,048 of 1,000,000", "the newest 32", recall};
        QTest::addRow("h2o") << "h2o" << qint64(kL) << true << qint64(kL - 100'000)
                             << QStringList{"keeps 200,000 of 1,000,000", recall};
        QTest::addRow("duo") << "duoattention" << qint64(kL) << true << qint64(kL - 256)
                             << QStringList{"Streaming heads keep 64 sinks + 256 recent", recall};
        QTest::addRow("quest") << "quest" << qint64(kL) << false << qint64(0)
                               << QStringList{"Nothing dropped: every token stays in memory"};
        QTest::addRow("nsa") << "nsa" << qint64(kL) << false << qint64(0)
                             << QStringList{"compressed tokens"};
        QTest::addRow("fp8") << "fp8" << qint64(kL) << false << qint64(0)
                             << QStringList{"Every token kept at fp8: rounding, not loss"};
        QTest::addRow("kivi")
            << "kivi" << qint64(kL) << false << qint64(0)
            << QStringList{"The newest 128 tokens at fp16, older ones at int4 (g32, 5 bits)"};
        QTest::addRow("full cache") << "none" << qint64(kL) << false << qint64(0)
                                    << QStringList{"every step reads every token"};
    }
    void whatIsLost()
    {
        QFETCH(QString, spec);
        QFETCH(qint64, context);
        QFETCH(bool, loses);
        QFETCH(qint64, oldest);
        QFETCH(QStringList, says);
        const StrategyResult r = evaluateStrategy(scenario(llama70b(), context), strategy(spec));
        QCOMPARE(r.losesTokens, loses);
        QCOMPARE(r.oldestReadableToken, oldest);
        for (const QString &s : says)
            QVERIFY2(r.lossNote.contains(s), qPrintable(r.lossNote));
        if (!loses)
            QVERIFY(!r.lossNote.contains("cannot be recalled"));
    }

    void meanTokens()
    {
        const StrategyResult r = evaluateStrategy(scenario(llama70b()), strategy("duoattention"));
        QCOMPARE(r.meanTokensHeld, (kL + 320) / 2);
    }

    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("spec");
        QTest::addRow("fp8") << "fp8"
                             << "fp8";
        QTest::addRow("upper case") << "FP8"
                                    << "fp8";
        QTest::addRow("int4 g128") << "int4:g128"
                                   << "int4:g128";
        QTest::addRow("window") << "window:4096,sinks:4"
                                << "window:4096,sinks:4";
        QTest::addRow("window 4k") << "window:4k"
                                   << "window:4000";
        QTest::addRow("window Ki") << "window:4Ki"
                                   << "window:4096";
        QTest::addRow("layers") << "window:4096,sinks:4,layers:0.5"
                                << "window:4096,sinks:4,layers:0.5";
        QTest::addRow("layers percent") << "window:4096,layers:50%"
                                        << "window:4096,layers:0.5";
        QTest::addRow("budget") << "budget:2048"
                                << "budget:2048";
        QTest::addRow("budget percent") << "budget:20%,recent:10%"
                                        << "budget:20%,recent:10%";
        QTest::addRow("duo defaults") << "duo:0.5"
                                      << "duo:0.5,sinks:64,window:256";
        QTest::addRow("duo") << "duo:0.25,sinks:4,window:1024"
                             << "duo:0.25,sinks:4,window:1024";
        QTest::addRow("sparse") << "sparse:k=16,block=64"
                                << "sparse:k=16,block=64";
        QTest::addRow("sparse colons") << "sparse:k:16,block:64,summary:2"
                                       << "sparse:k=16,block=64,summary=2";
        QTest::addRow("sparse compress default block")
            << "sparse:k=16,block=64,compress=16"
            << "sparse:k=16,block=64,compress=16,compress-block=32";
        QTest::addRow("recent") << "recent:128@fp16,old=int4"
                                << "recent:128@fp16,old=int4";
        QTest::addRow("recent, scenario precision") << "recent:128,old=int4:g32,scale-bits=32"
                                                    << "recent:128,old=int4,scale-bits=32";
        QTest::addRow("recent with sinks") << "recent:32Ki,old=fp8,sinks=4"
                                           << "recent:32768,sinks=4,old=fp8";
        QTest::addRow("stack") << "window:4096,sinks:4+fp8"
                               << "window:4096,sinks:4+fp8";
        QTest::addRow("stack, precision first") << "fp8 + window:4096,sinks:4"
                                                << "window:4096,sinks:4+fp8";
        QTest::addRow("preset") << "streamingllm"
                                << "window:4096,sinks:4";
        QTest::addRow("preset stack") << "StreamingLLM+fp8"
                                      << "window:4096,sinks:4+fp8";
        QTest::addRow("preset kivi + window")
            << "window:4096,sinks:4+kivi"
            << "window:4096,sinks:4+recent:128,old=int4,scale-bits=32";
        QTest::addRow("none") << "none"
                              << "none";
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(QString, spec);
        QString why;
        const auto k = KvStrategy::parse(text, &why);
        QVERIFY2(k, qPrintable(why));
        QCOMPARE(k->spec(), spec);
        // The canonical spec reads back to the same strategy.
        const auto again = KvStrategy::parse(spec, &why);
        QVERIFY2(again, qPrintable(why));
        QVERIFY(again->tokens == k->tokens);
        QVERIFY(again->precision == k->precision);
    }

    void presetNames()
    {
        const KvStrategy k = strategy("streamingllm+fp8");
        QCOMPARE(k.name, QStringLiteral("StreamingLLM + fp8"));
        QCOMPARE(k.label(), k.name);
        QVERIFY(k.citation.contains("arXiv:2309.17453"));
        QCOMPARE(strategy("window:4096").label(), QStringLiteral("window:4096"));
        QCOMPARE(KvStrategy{}.label(), QStringLiteral("full cache"));
    }

    void badSpecs_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("says");
        QTest::addRow("unknown") << "bogus"
                                 << "\"bogus\" is not a strategy";
        QTest::addRow("empty") << ""
                               << "empty part";
        QTest::addRow("empty part") << "fp8+"
                                    << "empty part";
        QTest::addRow("window words") << "window:abc"
                                      << "window: \"abc\" is not a token count";
        QTest::addRow("window zero") << "window:0"
                                     << "window: 0 is outside 1-";
        QTest::addRow("window option") << "window:4096,foo:3"
                                       << "\"foo\" is not an option here (sinks, layers)";
        QTest::addRow("twice") << "window:4096,sinks:4,sinks:8"
                               << "sinks given twice";
        QTest::addRow("layers") << "window:4096,layers:1.5"
                                << "layers: \"1.5\" is not a share";
        QTest::addRow("layers zero") << "window:4096,layers:0"
                                     << "layers: \"0\" is not a share";
        QTest::addRow("budget zero") << "budget:0"
                                     << "budget: 0 is outside 1-";
        QTest::addRow("budget percent") << "budget:120%"
                                        << "budget: \"120%\" is not a share";
        QTest::addRow("recent over budget") << "budget:2048,recent:4096"
                                            << "recent 4096 is more than the budget 2048";
        QTest::addRow("duo share") << "duo:2"
                                   << "duo: \"2\" is not a share";
        QTest::addRow("sparse no block") << "sparse:k=16"
                                         << "sparse needs block=";
        QTest::addRow("sparse no k") << "sparse:block=64"
                                     << "sparse needs k=";
        QTest::addRow("sparse bare") << "sparse"
                                     << "sparse needs k=K,block=S";
        QTest::addRow("sparse option") << "sparse:k=16,block=64,top=3"
                                       << "\"top\" is not an option";
        QTest::addRow("compress-block alone") << "sparse:k=16,block=64,compress-block=8"
                                              << "compress-block needs compress";
        QTest::addRow("compress-block short") << "sparse:k=16,block=64,compress=16,compress-block=8"
                                              << "shorter than the stride";
        QTest::addRow("recent without old") << "recent:128"
                                            << "recent needs old=P";
        QTest::addRow("bad old") << "recent:128,old=int3"
                                 << "old: \"int3\" is not a precision";
        QTest::addRow("bad recent precision") << "recent:128@fp12,old=int4"
                                              << "recent: \"fp12\" is not a precision";
        QTest::addRow("scale bits") << "int4,scale-bits=99"
                                    << "scale-bits: \"99\"";
        QTest::addRow("scale bits, no groups") << "fp8,scale-bits=16"
                                               << "fp8 has no group scales";
        QTest::addRow("two token policies") << "window:4096+budget:2048"
                                            << "two token policies (window and budget)";
        QTest::addRow("two presets") << "snapkv+quest"
                                     << "two token policies (budget and sparse)";
        QTest::addRow("two precisions") << "fp8+int4"
                                        << "two precisions";
        QTest::addRow("kivi + fp8") << "kivi+fp8"
                                    << "two precisions";
    }
    void badSpecs()
    {
        QFETCH(QString, text);
        QFETCH(QString, says);
        QString why;
        QVERIFY(!KvStrategy::parse(text, &why));
        QVERIFY2(why.contains(says), qPrintable(why));
    }

    void presets()
    {
        QCOMPARE(strategyPresets().size(), 8);
        for (const StrategyPreset &p : strategyPresets()) {
            QString why;
            const auto k = KvStrategy::parse(p.id, &why);
            QVERIFY2(k, qPrintable(p.id + u": " + why));
            QCOMPARE(k->spec(), p.spec);
            QCOMPARE(k->name, p.name);
            QVERIFY2(p.citation.contains("arXiv:"), qPrintable(p.id));
        }
    }

    // The article's own advice: each row parses to its spec, keeps every token, and the safe
    // money costs fp8's bytes plus the exact window's extra 2,048 B per token and layer.
    void articleStrategies()
    {
        const QList<StrategyPreset> rows = kvl::articleStrategies();
        QCOMPARE(rows.size(), 3);
        for (const StrategyPreset &p : rows) {
            QString why;
            const auto k = KvStrategy::parse(p.spec, &why);
            QVERIFY2(k, qPrintable(p.id + u": " + why));
            QCOMPARE(k->spec(), p.spec);
            QVERIFY(!k->dropsTokens());
            QVERIFY(!p.name.isEmpty() && !p.citation.isEmpty());
        }
        const Scenario s = scenario(llama70b());
        const StrategyResult fp8 = evaluateStrategy(s, strategy("fp8"));
        const StrategyResult safe =
            evaluateStrategy(s, strategy(kvl::articleStrategy("fp8-window")->spec));
        QCOMPARE(safe.heldBytes - fp8.heldBytes, 80 * 32772 * 2048.0);
        QVERIFY(!safe.losesTokens);
        QCOMPARE(safe.oldestReadableToken, qint64(0));
        QVERIFY2(safe.lossNote.contains("The first 4 and the newest 32,768 tokens at fp16"),
                 qPrintable(safe.lossNote));
    }

    void sweeps()
    {
        const Scenario s = scenario(llama70b());
        const QList<qint64> contexts = {100'000, 1'000'000, 2'000'000};
        const auto held = [&](const QString &spec) {
            return sweepStrategy(s, strategy(spec), StrategyQuantity::HeldBytes, contexts);
        };
        const auto read = [&](const QString &spec) {
            return sweepStrategy(s, strategy(spec), StrategyQuantity::ReadBytesPerStep, contexts);
        };
        // Windows flatten and budgets cap.
        QCOMPARE(held("window:4096,sinks:4").at(0).y(), held("window:4096,sinks:4").at(2).y());
        QCOMPARE(held("budget:2048").at(1).y(), 80 * kLayer * 2048);
        QCOMPARE(held("budget:2048").at(2).y(), 80 * kLayer * 2048);
        // Quantization scales: fp8 is half of fp16 at every context.
        for (int i = 0; i < 3; ++i)
            QCOMPARE(held("fp8").at(i).y() * 2, held("none").at(i).y());
        // Sparse reads grow with the summaries only: 1/16 of the full slope for NSA's compressed
        // tokens, one key (half a token) per 4,096-token block for MoBA: ceil(2M / 4,096) -
        // ceil(1M / 4,096) = 489 - 245 more keys.
        const auto slope = [&](const QString &spec) {
            const auto r = read(spec);
            const auto f = read("none");
            return (r.at(2).y() - r.at(1).y()) / (f.at(2).y() - f.at(1).y());
        };
        QCOMPARE(slope("nsa"), 1.0 / 16);
        QCOMPARE(slope("moba"), (489 - 245) * 0.5 / 1e6);
        QCOMPARE(slope("none"), 1.0);
        // Seconds per token sweep = evaluateStrategy at each context.
        const auto secs =
            sweepStrategy(s, strategy("snapkv"), StrategyQuantity::SecondsPerToken, contexts);
        for (int i = 0; i < 3; ++i) {
            Scenario t = s;
            t.context = contexts.at(i);
            QCOMPARE(secs.at(i).y(), evaluateStrategy(t, strategy("snapkv")).secondsPerToken);
            QCOMPARE(secs.at(i).x(), double(contexts.at(i)));
        }
        const auto gpus = sweepStrategy(s, strategy("fp8"), StrategyQuantity::GpusToFit, contexts);
        QCOMPARE(gpus.at(1).y(), double(evaluateStrategy(s, strategy("fp8")).gpusToFit));
    }

    // A model with trained sparse attention (DSA: 4 layers, a 64 + 16 latent at fp16 = 160 B and
    // a 132 B index key per token, top 8): the full cache reads every index key and 8 latents,
    // as the ledger says; the sparse rows are the model's own figures; a window drops tokens
    // from both parts, counted once per layer.
    void trainedSparseAttention()
    {
        ModelSpec m = deepseekV3();
        m.layers = 4;
        m.kvLoraRank = 64;
        m.qkRopeHeadDim = 16;
        m.indexHeads = 4;
        m.indexHeadDim = 128;
        m.indexTopK = 8;
        m.layerPattern = {AttentionKind::SparseLatent};
        Scenario s = scenario(m, 1000);
        QVERIFY2(s.validate().isEmpty(), qPrintable(s.validate()));
        const StrategyResult full = evaluateStrategy(s, KvStrategy{});
        QCOMPARE(full.heldBytes, 4.0 * (160 + 132) * 1000);
        QCOMPARE(full.readBytesPerStep, 4.0 * (132 * 1000 + 160 * 8));
        QCOMPARE(full.readBytesPerStep, evaluate(s).kvBytesReadPerStep);
        for (const char *sparse : {"nsa", "quest", "moba"}) {
            const StrategyResult r = evaluateStrategy(s, strategy(sparse));
            QCOMPARE(r.heldBytes, full.heldBytes);
            QCOMPARE(r.readBytesPerStep, full.readBytesPerStep);
            QVERIFY2(r.lossNote.contains(u"own trained sparse attention"), qPrintable(r.lossNote));
        }
        // At fp8 the latent is vLLM's 656-byte layout for 512 + 64; here 64 fp8 + one fp32
        // scale + 16 bf16 = 100 B; the index key is unchanged.
        QCOMPARE(evaluateStrategy(s, strategy("fp8")).heldBytes, 4.0 * (100 + 132) * 1000);
        const StrategyResult window = evaluateStrategy(s, strategy("window:100,sinks:4"));
        QCOMPARE(window.heldBytes, 4.0 * (160 + 132) * 104);
        QVERIFY2(window.lossNote.contains(u"on 4 of 4 layers"), qPrintable(window.lossNote));

        // Its dense reference: the same latents, every one read, no index keys held or read.
        const auto reference = denseReference(m);
        QVERIFY(reference);
        QCOMPARE(reference->spec(), QStringLiteral("dense"));
        QVERIFY(std::holds_alternative<DenseReads>(KvStrategy::parse("dense")->tokens));
        const StrategyResult dense = evaluateStrategy(s, *reference);
        QCOMPARE(dense.heldBytes, 4.0 * 160 * 1000);
        QCOMPARE(dense.readBytesPerStep, 4.0 * 160 * 1000);
        QVERIFY(!dense.losesTokens);
        // The sparse model reads (132,000 + 1,280) / 160,000 = 83.3% of what dense attention
        // would here: the index keys dominate at 1,000 tokens.
        QCOMPARE(full.readBytesPerStep / dense.readBytesPerStep, 133'280.0 / 160'000);
        // A model that reads what it holds has no dense reference.
        QVERIFY(!denseReference(llama70b()));
        QVERIFY(!denseReference(deepseekV3()));
    }

    // DeepSeek-V3.2 at 131,072 tokens (61 layers, a 1,152 B latent and a 132 B index key, top
    // 2,048): dense attention would read 61 × 1,152 × 131,072 = 9,210,691,584 B a step; DSA reads
    // 61 × (132 × 131,072 + 1,152 × 2,048) = 1,199,308,800 B, 13.0% of it.
    void denseReferenceOfDeepSeekV32()
    {
        Scenario s = scenario(*PresetLibrary::instance().model(QStringLiteral("deepseek-v3.2")));
        s.context = 131'072;
        const StrategyResult dense = evaluateStrategy(s, *denseReference(s.model));
        QCOMPARE(dense.readBytesPerStep, 9'210'691'584.0);
        QCOMPARE(dense.heldBytes, 9'210'691'584.0);
        const StrategyResult own = evaluateStrategy(s, KvStrategy{});
        QCOMPARE(own.readBytesPerStep, 1'199'308'800.0);
        QCOMPARE(own.heldBytes, 61.0 * (1152 + 132) * 131'072);
        QVERIFY(own.secondsPerToken < dense.secondsPerToken);
    }
};

QTEST_GUILESS_MAIN(TestKvStrategy)
#include "tst_kv_strategy.moc"
