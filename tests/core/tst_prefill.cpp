// Prefill FLOP, bytes, time and chunks against hand arithmetic written out here.
#include "prefill.h"
#include "test_models.h"

#include <QTest>

using namespace kvl;
using namespace kvl::test;

class TestPrefill : public QObject
{
    Q_OBJECT
private slots:
    void causalPairs_data()
    {
        QTest::addColumn<qint64>("P");
        QTest::addColumn<qint64>("L");
        QTest::addColumn<qint64>("cap");
        QTest::addColumn<double>("pairs");
        QTest::addRow("empty cache") << qint64(1000) << qint64(0) << qint64(0) << 500500.0;
        // 1000 × 4096 + 1000 × 1001 / 2
        QTest::addRow("on 4096 cached") << qint64(1000) << qint64(4096) << qint64(0) << 4596500.0;
        // Window 4096, 8000 cached: every query sees 4096.
        QTest::addRow("window full") << qint64(1000) << qint64(8000) << qint64(4096) << 4096000.0;
        // 1096 queries still growing: 1096 × 3000 + 1096 × 1097 / 2, then 904 × 4096.
        QTest::addRow("window filling")
            << qint64(2000) << qint64(3000) << qint64(4096) << 7591940.0;
        QTest::addRow("none") << qint64(0) << qint64(5) << qint64(0) << 0.0;
    }
    void causalPairs()
    {
        QFETCH(qint64, P);
        QFETCH(qint64, L);
        QFETCH(qint64, cap);
        QFETCH(double, pairs);
        QCOMPARE(kvl::causalPairs(P, L, cap), pairs);
    }

    void flops_data()
    {
        QTest::addColumn<ModelSpec>("model");
        QTest::addColumn<qint64>("P");
        QTest::addColumn<qint64>("L");
        QTest::addColumn<double>("flops");
        // 2 × 8.03e9 × 1000 + 32 × 4 × 128 × 32 × 1000·1001/2
        //   = 1.606e13 + 524,288 × 500,500 = 1.606e13 + 2.62406144e11
        QTest::addRow("Llama 8B, P 1000, L 0")
            << llama8b() << qint64(1000) << qint64(0) << 1.6322406144e13;
        // 1.606e13 + 524,288 × (1000 × 4096 + 500,500) = 1.606e13 + 2.409889792e12
        QTest::addRow("Llama 8B, P 1000, L 4096")
            << llama8b() << qint64(1000) << qint64(4096) << 1.8469889792e13;
        // Mistral 7B, 7.24e9 parameters, window 4096 on every layer, 8000 cached:
        // 2 × 7.24e9 × 1000 + 32 × 4 × 32 × 128 × 1000 × 4096 = 1.448e13 + 2.147483648e12
        ModelSpec mistral = mistral7b();
        mistral.totalParameters = 7.24e9;
        QTest::addRow("Mistral window")
            << mistral << qint64(1000) << qint64(8000) << 1.6627483648e13;
        // DeepSeek-V3 un-absorbed MLA: per pair 2 × 128 heads × (192 + 128) = 81,920 per layer,
        // × 61 layers = 4,997,120; 37e9 active: 2 × 37e9 × 100 + 4,997,120 × 100 × 101 / 2.
        ModelSpec ds = deepseekV3();
        ds.totalParameters = 671e9;
        ds.activeParameters = 37e9;
        QTest::addRow("DeepSeek-V3 MLA")
            << ds << qint64(100) << qint64(0) << 7.4e12 + 4997120.0 * 5050;
    }
    void flops()
    {
        QFETCH(ModelSpec, model);
        QFETCH(qint64, P);
        QFETCH(qint64, L);
        QFETCH(double, flops);
        QCOMPARE(prefill(scenario(model), P, L).flops, flops);
    }

    void time_data()
    {
        QTest::addColumn<qint64>("P");
        QTest::addColumn<qint64>("L");
        QTest::addColumn<qint64>("chunk");
        QTest::addColumn<double>("computeEfficiency");
        QTest::addColumn<qint64>("chunks");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<bool>("computeBound");
        // One H100 SXM, fp16 weights: 989e12 FLOP/s, 3.35e12 B/s.
        // Bytes 1.606e10 + 1000 × 131,072; FLOP 1.6322406144e13 → 16.5 ms of compute.
        QTest::addRow("1k, compute-bound")
            << qint64(1000) << qint64(0) << qint64(8192) << 1.0 << qint64(1)
            << 1.606e10 + 1000 * 131072.0 << 1.6322406144e13 / 989e12 << true;
        // At compute efficiency 0.5: twice the time.
        QTest::addRow("1k at compute efficiency 0.5")
            << qint64(1000) << qint64(0) << qint64(8192) << 0.5 << qint64(1)
            << 1.606e10 + 1000 * 131072.0 << 1.6322406144e13 / 494.5e12 << true;
        // 20,000 tokens in chunks of 8192, 8192, 3616: weights read 3 times, KV read at the
        // chunk starts (0 + 8192 + 16,384 tokens), 20,000 tokens written:
        // 3 × 1.606e10 + 44,576 × 131,072 = 5.4022665472e10 B. FLOP: 2 × 8.03e9 × 20,000
        // + 524,288 × 20,000 × 20,001 / 2 = 3.212e14 + 1.04860..e14 → still compute-bound.
        QTest::addRow("20k in 3 chunks")
            << qint64(20000) << qint64(0) << qint64(8192) << 1.0 << qint64(3) << 5.4022665472e10
            << (3.212e14 + 524288.0 * 20000 * 20001 / 2) / 989e12 << true;
        // One token on 100,000 cached: memory-bound, a decode step in all but name:
        // (1.606e10 + 100,000 × 131,072 read + 131,072 written) / 3.35e12.
        QTest::addRow("1 on 100k, memory-bound")
            << qint64(1) << qint64(100000) << qint64(8192) << 1.0 << qint64(1)
            << 1.606e10 + 100001 * 131072.0 << (1.606e10 + 100001 * 131072.0) / 3.35e12 << false;
    }
    void time()
    {
        QFETCH(qint64, P);
        QFETCH(qint64, L);
        QFETCH(qint64, chunk);
        QFETCH(double, computeEfficiency);
        QFETCH(qint64, chunks);
        QFETCH(double, bytes);
        QFETCH(double, seconds);
        QFETCH(bool, computeBound);
        Scenario s = scenario(llama8b());
        s.computeEfficiency = computeEfficiency;
        QCOMPARE(s.validate(), QString());
        const Prefill r = prefill(s, P, L, chunk);
        QCOMPARE(r.chunks, chunks);
        QCOMPARE(r.bytes, bytes);
        QCOMPARE(r.seconds, seconds);
        QCOMPARE(r.computeBound, computeBound);
    }

    // Mistral 7B (7.24e9 parameters, fp16 weights 1.448e10 B, window 4096 on every layer,
    // 131,072 B of KV per token): a chunk reads at most the window and writes at most the window.
    void windowedChunks_data()
    {
        QTest::addColumn<qint64>("P");
        QTest::addColumn<qint64>("L");
        QTest::addColumn<qint64>("chunk");
        QTest::addColumn<double>("bytes");
        // Chunks of 8192, 8192, 3616 from 0: reads min(0, 8192, 16,384; 4096) = 0 + 4096 + 4096,
        // writes 4096 + 4096 + 3616; 3 × 1.448e10 + 20,000 × 131,072.
        QTest::addRow("from nothing")
            << qint64(20000) << qint64(0) << qint64(8192) << 3 * 1.448e10 + 20000 * 131072.0;
        // Chunks of 1000 from 3000: reads 3000 + 4000 + 4096, writes 3 × 1000.
        QTest::addRow("filling the window") << qint64(3000) << qint64(3000) << qint64(1000)
                                            << 3 * 1.448e10 + (11096 + 3000) * 131072.0;
    }
    void windowedChunks()
    {
        QFETCH(qint64, P);
        QFETCH(qint64, L);
        QFETCH(qint64, chunk);
        QFETCH(double, bytes);
        ModelSpec m = mistral7b();
        m.totalParameters = 7.24e9;
        QCOMPARE(prefill(scenario(m), P, L, chunk).bytes, bytes);
    }

    // Tensor parallel over 2: FLOP split two ways; each GPU reads half the weights and its 4 KV
    // heads (65,536 B per token), so the bytes over both GPUs are those of one.
    void tensorParallel()
    {
        const Prefill r = prefill(scenario(llama8b(), 0, 2), 1000, 0);
        QCOMPARE(r.flops, 1.6322406144e13);
        QCOMPARE(r.computeSeconds, 1.6322406144e13 / (2 * 989e12));
        QCOMPARE(r.bytes, 1.606e10 + 1000 * 131072.0);
        QCOMPARE(r.memorySeconds, (1.606e10 + 1000 * 131072.0) / 2 / 3.35e12);
    }
};

QTEST_GUILESS_MAIN(TestPrefill)
#include "tst_prefill.moc"
