// KV capacity as vLLM's V1 engine computes it, against hand arithmetic written out per row, and
// the start-up log read back.
#include "presets.h"
#include "serving_capacity.h"
#include "vllm_log.h"

#include <QTest>

using namespace kvl;

namespace {

Scenario scenario(const QString &model, int gpus, const QString &kv,
                  const QString &gpu = QStringLiteral("h100-sxm"))
{
    const auto &lib = PresetLibrary::instance();
    Scenario s = Scenario::seed();
    s.model = *lib.model(model);
    s.gpu = *lib.gpu(gpu);
    s.gpus = gpus;
    s.kvPrecision = *Precision::parse(kv);
    s.weightsAsStored = true;
    return s;
}

} // namespace

class TestCapacity : public QObject
{
    Q_OBJECT
private slots:
    // --kv-cache-memory 20e9 skips the budget: num_blocks = floor(X / page / group_size),
    // tokens = num_blocks // groups × block, concurrency = num_blocks / blocks per request.
    void givenKvMemory_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("kv");
        QTest::addColumn<qint64>("maxModelLen");
        QTest::addColumn<int>("blockSize");
        QTest::addColumn<qint64>("pageSize");
        QTest::addColumn<int>("groups");
        QTest::addColumn<qint64>("numBlocks");
        QTest::addColumn<qint64>("tokens");
        QTest::addColumn<qint64>("blocksPerRequest");

        // Page 2 × 16 × 8 heads × 128 × 2 B = 65,536; 20e9 / 65,536 / 32 = 9,536.7 → 9,536;
        // × 16 = 152,576 tokens; 131,072 / 16 = 8,192 blocks per request.
        QTest::addRow("Llama 3.1 8B fp16")
            << "llama-3.1-8b" << 1 << "fp16" << qint64(131072) << 16 << qint64(65536) << 1
            << qint64(9536) << qint64(152576) << qint64(8192);
        // TP 8: 8 KV heads / 8 = 1 per GPU; fp8: 2 × 16 × 1 × 128 × 1 B = 4,096;
        // 20e9 / 4,096 / 80 = 61,035.2 → 61,035; × 16 = 976,560.
        QTest::addRow("Llama 3.1 70B TP8 fp8")
            << "llama-3.1-70b" << 8 << "fp8" << qint64(131072) << 16 << qint64(4096) << 1
            << qint64(61035) << qint64(976560) << qint64(8192);
        // TP 16: heads replicated, still 1 per GPU: 2 × 16 × 1 × 128 × 2 B = 8,192;
        // 20e9 / 8,192 / 80 = 30,517.6 → 30,517; × 16 = 488,272.
        QTest::addRow("Llama 3.1 70B TP16 replicated")
            << "llama-3.1-70b" << 16 << "fp16" << qint64(131072) << 16 << qint64(8192) << 1
            << qint64(30517) << qint64(488272) << qint64(8192);
        // MLA: 16 × (512 + 64) × 2 B = 18,432, on every rank, no factor 2;
        // 20e9 / 18,432 / 61 = 17,788.02 → 17,788; × 16 = 284,608.
        QTest::addRow("DeepSeek-V3 MLA TP8")
            << "deepseek-v3" << 8 << "bf16" << qint64(131072) << 16 << qint64(18432) << 1
            << qint64(17788) << qint64(284608) << qint64(8192);
        // Sliding window 4096, max_num_batched_tokens 8,192 (H100 default):
        // cdiv(min(4,095 + 8,192, 32,768), 16) + 1 = 768 + 1 = 769 blocks per request.
        QTest::addRow("Mistral 7B window")
            << "mistral-7b-v0.1" << 1 << "fp16" << qint64(32768) << 16 << qint64(65536) << 1
            << qint64(9536) << qint64(152576) << qint64(769);
        // Gemma 2: 21 window + 21 full layers, 8 heads × 256: page 2 × 16 × 8 × 256 × 2 = 131,072;
        // two groups of 21; 20e9 / 131,072 / 21 = 7,266.1 → 7,266; 7,266 // 2 × 16 = 58,128;
        // per request 8,192 / 16 = 512 (full) + cdiv(min(12,287, 8,192), 16) + 1 = 513 (window).
        QTest::addRow("Gemma 2 9B hybrid window")
            << "gemma-2-9b" << 1 << "bf16" << qint64(8192) << 16 << qint64(131072) << 2
            << qint64(7266) << qint64(58128) << qint64(1025);
        // Gemma 3: 52 window (1,024) + 10 full layers; group size 10: 1 full group, 6 window
        // groups (8 padding layers); 2 × 16 × 16 × 128 × 2 = 131,072; 20e9 / 131,072 / 10 =
        // 15,258.8 → 15,258; 15,258 // 7 × 16 = 34,864; per request 2,048 + 6 × (cdiv(9,215, 16)
        // + 1 = 577) = 5,510.
        QTest::addRow("Gemma 3 27B padded groups")
            << "gemma-3-27b" << 1 << "bf16" << qint64(32768) << 16 << qint64(131072) << 7
            << qint64(15258) << qint64(34864) << qint64(5510);
        // Qwen3-Next TP4: full layers 1 KV head × 256: 2 × 1 × 256 × 2 = 1,024 B a token; Gated
        // DeltaNet state per GPU 8 × 128 × 128 + 3 × (2 × 4 × 128 + 8 × 128) = 137,216 × 2 B =
        // 274,432; block 16 × cdiv(274,432, 16 × 1,024) = 272; page 272 × 1,024 = 278,528;
        // 12 full + 36 linear: 4 groups of 12; 20e9 / 278,528 / 12 = 5,983.7 → 5,983;
        // 5,983 // 4 × 272 = 406,640; per request cdiv(262,144, 272) = 964 + 3 states = 967.
        QTest::addRow("Qwen3-Next hybrid linear")
            << "qwen3-next-80b-a3b" << 4 << "bf16" << qint64(262144) << 272 << qint64(278528) << 4
            << qint64(5983) << qint64(406640) << qint64(967);
    }
    void givenKvMemory()
    {
        QFETCH(QString, model);
        QFETCH(int, gpus);
        QFETCH(QString, kv);
        QFETCH(qint64, maxModelLen);
        QFETCH(int, blockSize);
        QFETCH(qint64, pageSize);
        QFETCH(int, groups);
        QFETCH(qint64, numBlocks);
        QFETCH(qint64, tokens);
        QFETCH(qint64, blocksPerRequest);
        CapacityInputs in;
        in.scenario = scenario(model, gpus, kv);
        in.maxModelLen = maxModelLen;
        in.kvCacheMemoryBytes = 20e9;
        const ServingCapacity c = servingCapacity(in);
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QCOMPARE(c.blockSize, blockSize);
        QCOMPARE(c.pageSizeBytes, pageSize);
        QCOMPARE(c.groups, groups);
        QCOMPARE(c.numBlocks, numBlocks);
        QCOMPARE(c.kvCacheTokens, tokens);
        QCOMPARE(c.blocksPerRequest, blocksPerRequest);
        QCOMPARE(c.maxConcurrency, double(numBlocks) / double(blocksPerRequest));
        QCOMPARE(c.kvCacheMemoryBytes, 20e9);
    }

    // The profiled budget, Llama 3.1 8B on one H100 SXM at 0.9:
    // requested 85,520,809,984 × 0.9 = 76,968,728,985.6; weights 8,030,261,248 × 2 B =
    // 16,060,522,496; activation 8,192 × (2 × 4,096 + 3 × 14,336) × 2 B + 1,024 × 128,256 × 4 B =
    // 838,860,800 + 525,336,576 = 1,364,197,376; non-torch 0.5 GiB = 536,870,912; non-KV
    // 17,961,590,784; KV int(76,968,728,985.6 − 17,961,590,784) = 59,007,138,201;
    // 59,007,138,201 / 65,536 / 32 = 28,136.8 → 28,136 blocks, 450,176 tokens.
    void profiledBudget_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("value");
        QTest::addRow("requested") << "requested" << 85520809984.0 * 0.9;
        QTest::addRow("weights") << "weights" << 16060522496.0;
        QTest::addRow("activation") << "activation" << 1364197376.0;
        QTest::addRow("non-torch") << "nontorch" << 536870912.0;
        QTest::addRow("non-KV") << "nonkv" << 17961590784.0;
        QTest::addRow("KV memory") << "kv" << 59007138201.0;
        QTest::addRow("blocks") << "blocks" << 28136.0;
        QTest::addRow("tokens") << "tokens" << 450176.0;
    }
    void profiledBudget()
    {
        QFETCH(QString, key);
        QFETCH(double, value);
        CapacityInputs in;
        in.scenario = scenario(QStringLiteral("llama-3.1-8b"), 1, QStringLiteral("fp16"));
        in.maxModelLen = 131072;
        const ServingCapacity c = servingCapacity(in);
        const double got = key == u"requested"    ? c.requestedBytes
                           : key == u"weights"    ? c.weightBytes
                           : key == u"activation" ? c.activationBytes
                           : key == u"nontorch"   ? c.nonTorchBytes
                           : key == u"nonkv"      ? c.nonKvBytes
                           : key == u"kv"         ? c.kvCacheMemoryBytes
                           : key == u"blocks"     ? double(c.numBlocks)
                                                  : double(c.kvCacheTokens);
        QCOMPARE(got, value);
        QCOMPARE(c.maxNumBatchedTokens, qint64(8192)); // H100: >= 70 GiB, not an A100
    }

    // The lines as vLLM prints them: f"{n:,}" tokens, "%.2fx", "%.2f GiB", padding "%.2f%%".
    void logLines_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<qint64>("maxModelLen");
        QTest::addColumn<QString>("line");
        QTest::addRow("size") << "llama-3.1-8b" << 1 << qint64(131072)
                              << "GPU KV cache size: 152,576 tokens";
        // 9,536 / 8,192 = 1.164.
        QTest::addRow("concurrency") << "llama-3.1-8b" << 1 << qint64(131072)
                                     << "Maximum concurrency for 131,072 tokens per request: 1.16x";
        // 8 padding window layers over 52: 15.38%.
        QTest::addRow("padding")
            << "gemma-3-27b" << 1 << qint64(32768)
            << "Add 8 padding layers, may waste at most 15.38% KV cache memory";
        // (278,528 − 274,432) / 274,432 = 1.49%.
        QTest::addRow("mamba padding")
            << "qwen3-next-80b-a3b" << 4 << qint64(262144)
            << "Padding mamba page size by 1.49% to ensure that mamba page size and attention "
               "page size are exactly equal.";
        QTest::addRow("block raised")
            << "qwen3-next-80b-a3b" << 4 << qint64(262144)
            << "Setting attention block size to 272 tokens to ensure that attention page size "
               "is >= mamba page size.";
    }
    void logLines()
    {
        QFETCH(QString, model);
        QFETCH(int, gpus);
        QFETCH(qint64, maxModelLen);
        QFETCH(QString, line);
        CapacityInputs in;
        in.scenario = scenario(model, gpus, QStringLiteral("bf16"));
        in.maxModelLen = maxModelLen;
        in.kvCacheMemoryBytes = 20e9;
        const ServingCapacity c = servingCapacity(in);
        QVERIFY2(c.logLines.contains(line), qPrintable(c.logLines.join(u'\n')));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<double>("kvBytes"); // 0: profiled
        QTest::addColumn<qint64>("maxModelLen");
        QTest::addColumn<QString>("error");
        QTest::addColumn<qint64>("estimated");
        // Llama 3.1 70B in bf16 on one H100: 141 GB of weights over a 77 GB budget.
        QTest::addRow("negative budget")
            << "llama-3.1-70b" << 0.0 << qint64(131072)
            << "No available memory for the cache blocks. Try increasing "
               "`gpu_memory_utilization` when initializing the engine. See "
               "https://docs.vllm.ai/en/latest/configuration/conserving_memory/ for more details."
            << qint64(0);
        // Needed 32 × 65,536 × 8,192 = 17,179,869,184 B = 16.0 GiB; 1e9 B = 0.93 GiB; the
        // longest that fits: cdiv(L, 16) <= floor(1e9 / (32 × 65,536)) = 476, L = 7,616.
        QTest::addRow("does not fit")
            << "llama-3.1-8b" << 1e9 << qint64(131072)
            << "To serve at least one request with the models's max seq len (131072), (16.0 GiB "
               "KV cache is needed, which is larger than the available KV cache memory (0.93 "
               "GiB). Based on the available memory, the estimated maximum model length is 7616. "
               "Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when "
               "initializing the engine. See "
               "https://docs.vllm.ai/en/latest/configuration/conserving_memory/ for more details."
            << qint64(7616);
    }
    void errors()
    {
        QFETCH(QString, model);
        QFETCH(double, kvBytes);
        QFETCH(qint64, maxModelLen);
        QFETCH(QString, error);
        QFETCH(qint64, estimated);
        CapacityInputs in;
        in.scenario = scenario(model, 1, QStringLiteral("fp16"));
        in.scenario.weightsAsStored = false; // every part in fp16
        in.maxModelLen = maxModelLen;
        if (kvBytes > 0)
            in.kvCacheMemoryBytes = kvBytes;
        const ServingCapacity c = servingCapacity(in);
        QCOMPARE(c.error, error);
        QCOMPARE(c.estimatedMaxModelLen, estimated);
        QCOMPARE(c.numBlocks, qint64(0));
    }

    // format_gib: round(b / 2^30, 2) as Python prints the float.
    void formatGib_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<QString>("text");
        QTest::addRow("whole") << 24.0 * (1 << 30) << "24.0";
        QTest::addRow("two places") << 3.18 * (1 << 30) << "3.18";
        QTest::addRow("one place") << 1.5 * (1 << 30) << "1.5";
        QTest::addRow("1e9 B") << 1e9 << "0.93";
    }
    void formatGib()
    {
        QFETCH(double, bytes);
        QFETCH(QString, text);
        QCOMPARE(kvl::formatGib(bytes), text);
    }

    void parseLog_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("found");
        QTest::addColumn<qint64>("tokens");
        QTest::addColumn<qint64>("maxModelLen");
        QTest::addColumn<double>("concurrency");
        QTest::addColumn<double>("memoryGiB"); // -1: absent
        QTest::addColumn<QString>("error");
        // Prefixes as vLLM writes them (the first two lines from guqiong96/Lvllm issue #35).
        QTest::addRow("engine core prefixes")
            << "(EngineCore_DP0 pid=15098) INFO 02-12 08:34:25 [gpu_worker.py:360] Available KV "
               "cache memory: 12.57 GiB\n(EngineCore_DP0 pid=15098) INFO 02-12 08:34:25 "
               "[kv_cache_utils.py:1307] GPU KV cache size: 53,136 tokens\n(EngineCore_DP0 "
               "pid=15098) INFO 02-12 08:34:25 [kv_cache_utils.py:1312] Maximum concurrency for "
               "32,768 tokens per request: 1.62x\n"
            << true << qint64(53136) << qint64(32768) << 1.62 << 12.57 << "";
        // Older logs: no separators, no memory line.
        QTest::addRow("no separators")
            << "INFO 04-09 10:00:00 kv_cache_utils.py:578] GPU KV cache size: 75888 tokens\r\n"
               "INFO 04-09 10:00:00 kv_cache_utils.py:581] Maximum concurrency for 8192 tokens "
               "per request: 9.26x\r\n"
            << true << qint64(75888) << qint64(8192) << 9.26 << -1.0 << "";
        QTest::addRow("size missing")
            << "Maximum concurrency for 8192 tokens per request: 9.26x" << false << qint64(0)
            << qint64(0) << 0.0 << -1.0 << "no \"GPU KV cache size: N tokens\" line";
        QTest::addRow("concurrency missing")
            << "GPU KV cache size: 75,888 tokens" << false << qint64(0) << qint64(0) << 0.0 << -1.0
            << "no \"Maximum concurrency for L tokens per request: Xx\" line";
        // Impossible figures are refused by the line's name, not read as 0 or a negative.
        const QString concurrencyLine =
            QStringLiteral("\nMaximum concurrency for 8192 tokens per request: 9.26x\n");
        QTest::addRow("tokens overflow")
            << "GPU KV cache size: 99999999999999999999999999 tokens" + concurrencyLine << false
            << qint64(0) << qint64(0) << 0.0 << -1.0
            << "GPU KV cache size: \"99999999999999999999999999\" is too large";
        QTest::addRow("tokens all commas")
            << "GPU KV cache size: ,,, tokens" + concurrencyLine << false << qint64(0) << qint64(0)
            << 0.0 << -1.0 << "GPU KV cache size: \",,,\" is not a token count";
        QTest::addRow("tokens with a decimal comma")
            << "GPU KV cache size: 75,8880 tokens" + concurrencyLine << false << qint64(0)
            << qint64(0) << 0.0 << -1.0
            << "GPU KV cache size: \"75,8880\" is not a whole number of tokens";
        QTest::addRow("no tokens")
            << "GPU KV cache size: 0 tokens" + concurrencyLine << false << qint64(0) << qint64(0)
            << 0.0 << -1.0 << "GPU KV cache size: 0 tokens is impossible";
        QTest::addRow("for 0 tokens")
            << "GPU KV cache size: 75888 tokens\nMaximum concurrency for 0 tokens per request: "
               "9.26x"
            << false << qint64(0) << qint64(0) << 0.0 << -1.0
            << "Maximum concurrency for L tokens per request: 0 tokens is impossible";
        QTest::addRow("concurrency 1.2.3x")
            << "GPU KV cache size: 75888 tokens\nMaximum concurrency for 8192 tokens per request: "
               "1.2.3x"
            << false << qint64(0) << qint64(0) << 0.0 << -1.0
            << "Maximum concurrency: \"1.2.3\" is not a number";
        QTest::addRow("negative memory")
            << "Available KV cache memory: -20.00 GiB\nGPU KV cache size: 75888 tokens" +
                   concurrencyLine
            << false << qint64(0) << qint64(0) << 0.0 << -1.0
            << "Available KV cache memory: -20.00 is impossible (not above zero)";
        QTest::addRow("empty") << "" << false << qint64(0) << qint64(0) << 0.0 << -1.0
                               << "no \"GPU KV cache size: N tokens\" line";
    }
    void parseLog()
    {
        QFETCH(QString, text);
        QFETCH(bool, found);
        QFETCH(qint64, tokens);
        QFETCH(qint64, maxModelLen);
        QFETCH(double, concurrency);
        QFETCH(double, memoryGiB);
        QFETCH(QString, error);
        QString why;
        const auto f = parseVllmLog(text, &why);
        QCOMPARE(f.has_value(), found);
        if (!found) {
            QCOMPARE(why, error);
            return;
        }
        QCOMPARE(f->kvCacheTokens, tokens);
        QCOMPARE(f->maxModelLen, maxModelLen);
        QCOMPARE(f->maxConcurrency, concurrency);
        QCOMPARE(f->kvMemoryBytes.has_value(), memoryGiB >= 0);
        if (f->kvMemoryBytes)
            QCOMPARE(*f->kvMemoryBytes, memoryGiB * 1024 * 1024 * 1024);
    }
};

QTEST_GUILESS_MAIN(TestCapacity)
#include "tst_capacity.moc"
