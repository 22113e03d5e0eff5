// Real Hugging Face configs (tests/data/hf, sources in SOURCES.md) through the importer and the
// ledger, checked against hand arithmetic written here: KV per token, fixed state, per-GPU
// figures at TP 8 and weights as stored.
#include "hf_config.h"
#include "ledger.h"
#include "presets.h"
#include "scenario.h"

#include <QFile>
#include <QTest>

using namespace kvl;
using namespace Qt::StringLiterals;

namespace {

std::optional<HfImport> importFixture(const QString &name, QString *error)
{
    QFile f(QString::fromUtf8(KVL_TEST_DATA) + u"/hf/" + name);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = f.errorString();
        return std::nullopt;
    }
    return importHfConfig(f.readAll(), error);
}

Scenario onH100(const ModelSpec &m, qint64 context, int gpus)
{
    Scenario s = Scenario::seed(); // one H100 SXM, 80e9 B, 3.35e12 B/s
    s.model = m;
    s.context = context;
    s.gpus = gpus;
    s.weightsAsStored = true;
    return s;
}

} // namespace

class TestArchitectures : public QObject
{
    Q_OBJECT
private slots:
    void cache_data();
    void cache();
    void weightsAsStored_data();
    void weightsAsStored();
    void chunkedFromNoRopeLayers();
    void refusals_data();
    void refusals();
    void notesReachTheLedger();
};

void TestArchitectures::cache_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("kvPerToken");    // whole model, one sequence, bf16
    QTest::addColumn<double>("state");         // fixed state, whole model, one sequence
    QTest::addColumn<qint64>("kvPerTokenTp8"); // one GPU of 8
    QTest::addColumn<double>("stateTp8");

    // Qwen3-Next: every 4th of 48 layers is full attention (2 KV heads of 256); the 36 Gated
    // DeltaNet layers hold 32 v heads × 128 × 128 plus 3 conv taps over 2·16·128 + 32·128.
    // TP 8: 2 KV heads replicate to 1 per GPU; 4 v heads and 2 k heads per GPU.
    QTest::addRow("Qwen3-Next 80B-A3B (full_attention_interval)")
        << u"qwen3-next-80b-a3b.json"_s << qint64(12 * 2 * 2 * 256 * 2)
        << 36.0 * (32 * 128 * 128 + 3 * (2 * 16 * 128 + 32 * 128)) * 2
        << qint64(12 * 2 * 1 * 256 * 2) << 36.0 * (4 * 128 * 128 + 3 * (2 * 2 * 128 + 4 * 128)) * 2;
    // Qwen3.5 writes the same through layer_types, and keeps the recurrent state in fp32
    // (mamba_ssm_dtype); the convolution state stays at the model's bf16, as vLLM's
    // gated_delta_net_state_dtype keeps it (mamba_cache_dtype "auto").
    QTest::addRow("Qwen3.5 35B-A3B (layer_types linear_attention)")
        << u"qwen3.5-35b-a3b.json"_s << qint64(10 * 2 * 2 * 256 * 2)
        << 30.0 * (32 * 128 * 128 * 4 + 3 * (2 * 16 * 128 + 32 * 128) * 2)
        << qint64(10 * 2 * 1 * 256 * 2)
        << 30.0 * (4 * 128 * 128 * 4 + 3 * (2 * 2 * 128 + 4 * 128) * 2);
    // Jamba: attention where i % 8 == 4 (4 of 32 layers), Mamba elsewhere: d_inner 2 × 4096,
    // d_state 16, 3 conv taps over d_inner. TP 8: 1 KV head and 1,024 channels per GPU.
    QTest::addRow("Jamba v0.1 (attn_layer_period)")
        << u"jamba-v0.1.json"_s << qint64(4 * 2 * 8 * 128 * 2) << 28.0 * (8192 * 16 + 3 * 8192) * 2
        << qint64(4 * 2 * 1 * 128 * 2) << 28.0 * (1024 * 16 + 3 * 1024) * 2;
    // Kimi-K2: MLA, one latent of 512 + 64 per layer, on every rank.
    QTest::addRow("Kimi-K2 (MLA)") << u"kimi-k2.json"_s << qint64(61 * (512 + 64) * 2) << 0.0
                                   << qint64(61 * (512 + 64) * 2) << 0.0;
    // gpt-oss-120b: 18 full + 18 sliding (128) layers of 8 KV heads × 64.
    QTest::addRow("gpt-oss-120b (layer_types sliding)")
        << u"gpt-oss-120b.json"_s << qint64(36 * 2 * 8 * 64 * 2) << 0.0
        << qint64(36 * 2 * 1 * 64 * 2) << 0.0;
    // Falcon 7B: multi_query, one KV head of 4544 / 71 = 64; TP 8 replicates it.
    QTest::addRow("Falcon 7B (multi_query)") << u"falcon-7b.json"_s << qint64(32 * 2 * 1 * 64 * 2)
                                             << 0.0 << qint64(32 * 2 * 1 * 64 * 2) << 0.0;
    // Falcon 40B: new_decoder_architecture with num_kv_heads 8 of 8192 / 128 = 64.
    QTest::addRow("Falcon 40B (num_kv_heads)")
        << u"falcon-40b.json"_s << qint64(60 * 2 * 8 * 64 * 2) << 0.0 << qint64(60 * 2 * 1 * 64 * 2)
        << 0.0;
    // GPT-2: n_layer, n_head, n_embd; MHA of 768 / 12 = 64. TP 8 does not divide 12 heads,
    // but the per-GPU arithmetic still splits them: 12 / 8 → 2.
    QTest::addRow("GPT-2 (n_layer, n_head, n_embd)")
        << u"gpt2.json"_s << qint64(12 * 2 * 12 * 64 * 2) << 0.0 << qint64(12 * 2 * 2 * 64 * 2)
        << 0.0;
    // GPT-J: 16 heads of 4096 / 16 = 256, n_inner null.
    QTest::addRow("GPT-J 6B (n_inner null)") << u"gpt-j-6b.json"_s << qint64(28 * 2 * 16 * 256 * 2)
                                             << 0.0 << qint64(28 * 2 * 2 * 256 * 2) << 0.0;
    // Mistral NeMo: head_dim 128 given, not 5120 / 32 = 160.
    QTest::addRow("Mistral NeMo (explicit head_dim)")
        << u"mistral-nemo.json"_s << qint64(40 * 2 * 8 * 128 * 2) << 0.0
        << qint64(40 * 2 * 1 * 128 * 2) << 0.0;
    QTest::addRow("Qwen3 8B") << u"qwen3-8b.json"_s << qint64(36 * 2 * 8 * 128 * 2) << 0.0
                              << qint64(36 * 2 * 1 * 128 * 2) << 0.0;
    QTest::addRow("Qwen3 235B-A22B") << u"qwen3-235b-a22b.json"_s << qint64(94 * 2 * 4 * 128 * 2)
                                     << 0.0 << qint64(94 * 2 * 1 * 128 * 2) << 0.0;
}

void TestArchitectures::cache()
{
    QFETCH(QString, file);
    QFETCH(qint64, kvPerToken);
    QFETCH(double, state);
    QFETCH(qint64, kvPerTokenTp8);
    QFETCH(double, stateTp8);
    QString error;
    const auto imported = importFixture(file, &error);
    QVERIFY2(imported, qPrintable(error));
    const qint64 context = 32768;
    const Ledger one = evaluate(onH100(imported->model, context, 1));
    QCOMPARE(one.kvBytesPerToken, kvPerToken);
    QCOMPARE(one.stateBytes, state);
    // Windowed layers stop at their window; the rest hold the whole context.
    double kv = 0;
    for (const LayerKindRow &r : one.layersByKind)
        kv += double(r.bytesPerToken) * double(r.tokensHeld);
    QCOMPARE(one.kvBytes, kv);
    QCOMPARE(one.totalBytes, one.kvBytes + one.stateBytes + one.weightBytes);

    const Ledger eight = evaluate(onH100(imported->model, context, 8));
    QCOMPARE(eight.stateBytesPerGpu, stateTp8);
    // Per token at a context inside every window: the per-GPU bytes per token.
    const Ledger small = evaluate(onH100(imported->model, 100, 8));
    QCOMPARE(small.kvBytesPerGpu, double(kvPerTokenTp8) * 100);
}

void TestArchitectures::weightsAsStored_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<double>("expected");  // bytes
    QTest::addColumn<double>("tolerance"); // relative
    QTest::addColumn<int>("gpusToFit");    // H100 80 GB at 32k tokens

    // gpt-oss-120b: 36 layers × 128 experts × 3 × 2880 × 2880 in MXFP4 (4.25 bits) and the
    // other 2,127,263,040 estimated parameters in bf16: ~65 GB, one GPU (not 233.6 GB, 3).
    QTest::addRow("gpt-oss-120b, mxfp4 experts")
        << u"gpt-oss-120b.json"_s << 36.0 * 128 * 3 * 2880 * 2880 * 4.25 / 8 + 2127263040.0 * 2
        << 1e-9 << 1;
    // Kimi-K2: fp8 with one fp32 scale per 128 × 128 block (8 + 32/16384 bits), embeddings
    // (2 × 163,840 × 7,168) in bf16: about 1.03 TB, not 2.05.
    QTest::addRow("Kimi-K2, fp8 blocks")
        << u"kimi-k2.json"_s
        << (1026408209408.0 - 2 * 163840.0 * 7168) * (8 + 32.0 / 16384) / 8 +
               2 * 163840.0 * 7168 * 2
        << 1e-9 << 13;
    // AWQ int4, group 128 with fp16 scales and 4-bit zero points: 4 + 20/128 bits; the
    // untied fp16 embeddings (2 × 152,064 × 8,192) stay 16-bit.
    QTest::addRow("Qwen2.5 72B AWQ")
        << u"qwen2.5-72b-awq.json"_s
        << (72705384448.0 - 2 * 152064.0 * 8192) * (4 + 20.0 / 128) / 8 + 2 * 152064.0 * 8192 * 2
        << 1e-9 << 1;
    // Jamba v0.1: AI21 publishes 52B total parameters; the shape estimate is within 1%.
    QTest::addRow("Jamba v0.1, bf16") << u"jamba-v0.1.json"_s << 52e9 * 2 << 0.01 << 2;
    // GPT-2: 124M parameters (the model card), fp32 → taken as bf16 here (no torch_dtype);
    // two-matrix MLP of 4 × 768.
    QTest::addRow("GPT-2 124M") << u"gpt2.json"_s << 124e6 * 2 << 0.01 << 1;
    // GPT-J 6B: 6,053,381,344 parameters (EleutherAI), stored fp32.
    QTest::addRow("GPT-J 6B, fp32") << u"gpt-j-6b.json"_s << 6053381344.0 * 4 << 0.005 << 1;
}

void TestArchitectures::weightsAsStored()
{
    QFETCH(QString, file);
    QFETCH(double, expected);
    QFETCH(double, tolerance);
    QFETCH(int, gpusToFit);
    QString error;
    const auto imported = importFixture(file, &error);
    QVERIFY2(imported, qPrintable(error));
    const Ledger l = evaluate(onH100(imported->model, 32768, 1));
    QVERIFY2(
        std::abs(l.weightBytes / expected - 1) <= tolerance,
        qPrintable(u"%1 B, expected %2"_s.arg(l.weightBytes, 0, 'f', 0).arg(expected, 0, 'f', 0)));
    QCOMPARE(l.weightBytes, l.weightBytesEmbeddings + l.weightBytesExperts + l.weightBytesRest);
    QCOMPARE(l.gpusToFit, gpusToFit);
}

void TestArchitectures::chunkedFromNoRopeLayers()
{
    // Llama 4 Scout's text config writes attention_chunk_size and no_rope_layers (1 = RoPE,
    // chunked; 0 = NoPE, global), not layer_types: 36 chunked + 12 global layers of 8 KV heads
    // × 128. At 32,768 tokens: 12 × 4096 × 32768 + 36 × 4096 × 8192 B (2.3× less than 48
    // global layers); at 10^6: 12 × 4096 × 10^6 + 36 × 4096 × 8192 (3.9× less).
    QByteArray rope = "[";
    for (int i = 0; i < 48; ++i)
        rope += (i ? ", " : "") + QByteArray((i + 1) % 4 == 0 ? "0" : "1");
    rope += ']';
    const QByteArray json = R"({"model_type": "llama4", "text_config": {"model_type":
        "llama4_text", "num_hidden_layers": 48, "num_attention_heads": 40,
        "num_key_value_heads": 8, "head_dim": 128, "hidden_size": 5120,
        "intermediate_size": 8192, "intermediate_size_mlp": 16384, "vocab_size": 202048,
        "num_local_experts": 16, "num_experts_per_tok": 1, "interleave_moe_layer_step": 1,
        "attention_chunk_size": 8192, "no_rope_layers": )" +
                            rope + "}}";
    QString error;
    const auto imported = importHfConfig(json, &error);
    QVERIFY2(imported, qPrintable(error));
    const ModelSpec &m = imported->model;
    QCOMPARE(m.layerCount(AttentionKind::Chunked), 36);
    QCOMPARE(m.layerCount(AttentionKind::Full), 12);
    QCOMPARE(m.chunkSize, qint64(8192));
    QCOMPARE(evaluate(onH100(m, 32768, 1)).kvBytes, 12.0 * 4096 * 32768 + 36.0 * 4096 * 8192);
    QCOMPARE(evaluate(onH100(m, 1000000, 1)).kvBytes, 12.0 * 4096 * 1e6 + 36.0 * 4096 * 8192);
    // The shared expert (one of intermediate_size beside the 16 routed) and dense sizes:
    // routed experts 48 × 16 × 3 × 5120 × 8192 parameters.
    QCOMPARE(m.sharedExperts, 1);
    QCOMPARE(m.moeIntermediateSize, 8192);
    QCOMPARE(m.estimateParts().routedExperts, 48.0 * 16 * 3 * 5120 * 8192);
    // The model card: 17B active, 109B total with the vision encoder (not counted here).
    QVERIFY(std::abs(m.estimateActiveParameters() / 17e9 - 1) < 0.02);
    QVERIFY(m.estimateParameters() < 109e9 && m.estimateParameters() > 0.98 * 109e9);
}

void TestArchitectures::refusals_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::addRow("T5") << u"t5-small.json"_s << u"encoder-decoder models are not supported"_s;
}

void TestArchitectures::refusals()
{
    QFETCH(QString, file);
    QFETCH(QString, message);
    QString error;
    QVERIFY(!importFixture(file, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestArchitectures::notesReachTheLedger()
{
    QString error;
    const auto imported = importFixture(u"falcon-7b.json"_s, &error);
    QVERIFY2(imported, qPrintable(error));
    QVERIFY(!imported->model.notes.filter(u"4 × hidden_size = 18176"_s).isEmpty());
    QCOMPARE(imported->model.intermediateSize, 4 * 4544);
    QVERIFY(!imported->model.gatedMlp);
}

QTEST_GUILESS_MAIN(TestArchitectures)
#include "tst_architectures.moc"
