// The layer families of 2025-2026 configs through the importer and the ledger: bytes held (what
// memory keeps) and bytes read (what a decode step streams), at two contexts and per GPU at TP 8,
// each figure hand arithmetic written here. Real configs are in tests/data/hf (SOURCES.md);
// where no whole config was found, the row writes one with the family's real field names.
#include "hf_config.h"
#include "ledger.h"
#include "scenario.h"

#include <QFile>
#include <QTest>

using namespace kvl;
using namespace Qt::StringLiterals;

namespace {

QByteArray fixture(const QString &name)
{
    QFile f(QString::fromUtf8(KVL_TEST_DATA) + u"/hf/" + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

Scenario at(const ModelSpec &m, qint64 context, int gpus)
{
    Scenario s = Scenario::seed(); // one H100 SXM; fp16 KV: 2 B per element
    s.model = m;
    s.context = context;
    s.gpus = gpus;
    return s;
}

// Written here: granite-4.0-h's layer_types (the transformers documentation's example shape).
const char kGranite[] = R"({"model_type": "granitemoehybrid", "hidden_size": 512,
 "num_hidden_layers": 8, "num_attention_heads": 8, "num_key_value_heads": 8,
 "intermediate_size": 1024, "vocab_size": 49152, "tie_word_embeddings": true,
 "layer_types": ["mamba", "mamba", "mamba", "attention", "mamba", "mamba", "mamba", "attention"],
 "mamba_n_heads": 8, "mamba_d_head": 128, "mamba_n_groups": 1, "mamba_d_state": 128,
 "mamba_d_conv": 4, "mamba_expand": 2, "num_local_experts": 8, "num_experts_per_tok": 2,
 "shared_intermediate_size": 512, "torch_dtype": "bfloat16"})";

// Falcon-H1: attention and Mamba 2 side by side in every layer.
const char kFalconH1[] = R"({"model_type": "falcon_h1", "hidden_size": 1024,
 "num_hidden_layers": 4, "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 128,
 "intermediate_size": 4096, "vocab_size": 32000, "mamba_d_ssm": 2048, "mamba_n_heads": 16,
 "mamba_d_head": 128, "mamba_n_groups": 1, "mamba_d_state": 128, "mamba_d_conv": 4,
 "torch_dtype": "bfloat16"})";

// LFM2-1.2B's shape: short convolutions and six attention layers (full_attn_idxs).
const char kLfm2[] = R"({"model_type": "lfm2", "hidden_size": 2048, "num_hidden_layers": 16,
 "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 65536,
 "full_attn_idxs": [2, 5, 8, 10, 12, 14], "conv_L_cache": 3, "block_ff_dim": 12288,
 "block_auto_adjust_ff_dim": true, "block_multiple_of": 256, "block_ffn_dim_multiplier": 1.0,
 "tie_word_embeddings": true, "torch_dtype": "bfloat16"})";

// MiniMax-Text-01's layout, shrunk: lightning attention with a softmax layer every fourth.
const char kLightning[] = R"({"model_type": "minimax", "hidden_size": 1024,
 "num_hidden_layers": 8, "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 128,
 "intermediate_size": 4096, "vocab_size": 32000, "attn_type_list": [0, 0, 0, 1, 0, 0, 0, 1],
 "num_local_experts": 4, "num_experts_per_tok": 2, "torch_dtype": "bfloat16"})";

// Zamba2: Mamba layers and hybrid layers applying one of two shared attention blocks.
const char kZamba2[] = R"({"model_type": "zamba2", "hidden_size": 1024, "num_hidden_layers": 6,
 "num_attention_heads": 16, "num_key_value_heads": 16, "attention_head_dim": 128,
 "intermediate_size": 4096, "vocab_size": 32000,
 "layers_block_type": ["mamba", "hybrid", "mamba", "mamba", "hybrid", "mamba"],
 "mamba_d_state": 64, "mamba_d_conv": 4, "mamba_expand": 2, "n_mamba_heads": 32,
 "mamba_headdim": 64, "mamba_ngroups": 1, "num_mem_blocks": 2, "torch_dtype": "bfloat16"})";

// Gemma 3n E4B's shape: 35 layers, the last 15 reading an earlier layer's cache.
const char kGemma3n[] = R"({"model_type": "gemma3n", "text_config": {"model_type": "gemma3n_text",
 "hidden_size": 2048, "num_hidden_layers": 35, "num_attention_heads": 8,
 "num_key_value_heads": 2, "head_dim": 256, "intermediate_size": 16384, "vocab_size": 262400,
 "sliding_window": 512, "num_kv_shared_layers": 15,
 "layer_types": ["sliding_attention", "sliding_attention", "sliding_attention",
  "sliding_attention", "full_attention", "sliding_attention", "sliding_attention",
  "sliding_attention", "sliding_attention", "full_attention", "sliding_attention",
  "sliding_attention", "sliding_attention", "sliding_attention", "full_attention",
  "sliding_attention", "sliding_attention", "sliding_attention", "sliding_attention",
  "full_attention", "sliding_attention", "sliding_attention", "sliding_attention",
  "sliding_attention", "full_attention", "sliding_attention", "sliding_attention",
  "sliding_attention", "sliding_attention", "full_attention", "sliding_attention",
  "sliding_attention", "sliding_attention", "sliding_attention", "full_attention"]},
 "torch_dtype": "bfloat16"})";

// Phi-4-mini-flash (SambaY, YOCO), shrunk: Mamba every second layer; layers 6 and 7 in the
// cross-decoder.
const char kSambaY[] = R"({"model_type": "phi4flash", "hidden_size": 512, "num_hidden_layers": 8,
 "num_attention_heads": 8, "num_key_value_heads": 4, "intermediate_size": 1024,
 "vocab_size": 1000, "mb_per_layer": 2, "sliding_window": 128, "mamba_d_state": 16,
 "mamba_d_conv": 4, "mamba_expand": 2, "tie_word_embeddings": true, "torch_dtype": "bfloat16"})";

// Llama 3.2 11B Vision's shape: 8 of 40 layers attend to one image of 4 tiles.
const char kVision[] =
    R"({"model_type": "mllama", "text_config": {"model_type": "mllama_text_model",
 "num_hidden_layers": 40, "hidden_size": 4096, "num_attention_heads": 32,
 "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 128256,
 "cross_attention_layers": [3, 8, 13, 18, 23, 28, 33, 38], "tie_word_embeddings": false},
 "vision_config": {"image_size": 560, "patch_size": 14, "max_num_tiles": 4},
 "torch_dtype": "bfloat16"})";

} // namespace

class TestFamilies : public QObject
{
    Q_OBJECT
private slots:
    void heldAndRead_data();
    void heldAndRead();
    void dsaAtFp8();
    void mtpCacheWithSpeculation();
    void perLayerShapes();
    void refusals_data();
    void refusals();
    void pythonTokens();
    void spellings();
    void falconRefinedWeb();
};

void TestFamilies::heldAndRead_data()
{
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<qint64>("contextA");
    QTest::addColumn<qint64>("contextB");
    QTest::addColumn<qint64>("perToken"); // held, whole model, one sequence
    QTest::addColumn<double>("heldA");
    QTest::addColumn<double>("readA");
    QTest::addColumn<double>("heldB");
    QTest::addColumn<double>("readB");
    QTest::addColumn<double>("state");
    QTest::addColumn<double>("heldB8"); // one GPU of 8 at context B
    QTest::addColumn<double>("readB8");
    QTest::addColumn<double>("state8");

    // DSA: per layer a latent of 512 + 64 elements (fp16: 1,152 B) and an index key of
    // 128 fp8 B + one fp32 scale = 132 B. A step reads every index key and min(L, 2048) latents.
    // At TP 8 both are whole on every rank.
    QTest::addRow("DeepSeek-V3.2 (DSA), L below and above index_topk")
        << fixture(u"deepseek-v3.2.json"_s) << qint64(1024) << qint64(131072)
        << qint64(61 * (1152 + 132)) << 61.0 * 1284 * 1024 << 61.0 * (132 + 1152) * 1024
        << 61.0 * 1284 * 131072 << 61.0 * (132.0 * 131072 + 1152.0 * 2048) << 0.0
        << 61.0 * 1284 * 131072 << 61.0 * (132.0 * 131072 + 1152.0 * 2048) << 0.0;
    // GLM-5: the same DSA on 78 layers (32 indexer heads do not change the bytes).
    QTest::addRow("GLM-5 (glm_moe_dsa)")
        << fixture(u"glm-5.json"_s) << qint64(2000) << qint64(200000) << qint64(78 * 1284)
        << 78.0 * 1284 * 2000 << 78.0 * 1284 * 2000 << 78.0 * 1284 * 200000
        << 78.0 * (132.0 * 200000 + 1152.0 * 2048) << 0.0 << 78.0 * 1284 * 200000
        << 78.0 * (132.0 * 200000 + 1152.0 * 2048) << 0.0;
    // Nemotron 3 Nano: 6 attention blocks (2 KV heads of 128), 23 Mamba 2 blocks of 64 heads
    // × 64 × d_state 128 in fp32 (mamba_ssm_cache_dtype) with a bf16 conv state of 3 taps over
    // 4,096 + 2 × 8 groups × 128. TP 8: one KV head per GPU (2 replicated), 8 Mamba heads and
    // 512 + 2 × 1 × 128 conv channels per GPU.
    QTest::addRow("Nemotron 3 Nano (hybrid_override_pattern)")
        << fixture(u"nemotron-3-nano-30b-a3b.json"_s) << qint64(4096) << qint64(262144)
        << qint64(6 * 2 * 2 * 128 * 2) << 6.0 * 1024 * 4096 << 6.0 * 1024 * 4096
        << 6.0 * 1024 * 262144 << 6.0 * 1024 * 262144
        << 23.0 * (64 * 64 * 128 * 4 + 3 * (4096 + 2 * 8 * 128) * 2) << 6.0 * 512 * 262144
        << 6.0 * 512 * 262144 << 23.0 * (8 * 64 * 128 * 4 + 3 * (512 + 2 * 1 * 128) * 2);
    // Nemotron-H 56B: attention_head_dim 128, no mamba_ssm_cache_dtype: vLLM's float32.
    QTest::addRow("Nemotron-H 56B (attention_head_dim, default state dtype)")
        << fixture(u"nemotron-h-56b.json"_s) << qint64(1000) << qint64(8192)
        << qint64(10 * 2 * 8 * 128 * 2) << 10.0 * 4096 * 1000 << 10.0 * 4096 * 1000
        << 10.0 * 4096 * 8192 << 10.0 * 4096 * 8192
        << 54.0 * (256 * 64 * 256 * 4 + 3 * (16384 + 2 * 8 * 256) * 2) << 10.0 * 512 * 8192
        << 10.0 * 512 * 8192 << 54.0 * (32 * 64 * 256 * 4 + 3 * (2048 + 2 * 1 * 256) * 2);
    // Granite 4.0-H: layer_types mamba/attention; head 512 / 8 = 64; the state at bf16.
    QTest::addRow("granite-4.0-h (layer_types mamba)")
        << QByteArray(kGranite) << qint64(100) << qint64(100000) << qint64(2 * 2 * 8 * 64 * 2)
        << 4096.0 * 100 << 4096.0 * 100 << 4096.0 * 100000 << 4096.0 * 100000
        << 6.0 * (8 * 128 * 128 * 2 + 3 * (1024 + 2 * 128) * 2) << 512.0 * 100000 << 512.0 * 100000
        << 6.0 * (1 * 128 * 128 * 2 + 3 * (128 + 2 * 1 * 128) * 2);
    // Falcon-H1: every layer both a KV cache (2 heads of 128) and a Mamba 2 state (16 heads of
    // 128 × 128, conv over 2,048 + 2 × 128).
    QTest::addRow("Falcon-H1 (attention and Mamba side by side)")
        << QByteArray(kFalconH1) << qint64(1000) << qint64(65536) << qint64(4 * 2 * 2 * 128 * 2)
        << 4096.0 * 1000 << 4096.0 * 1000 << 4096.0 * 65536 << 4096.0 * 65536
        << 4.0 * (16 * 128 * 128 * 2 + 3 * (2048 + 2 * 128) * 2) << 2048.0 * 65536 << 2048.0 * 65536
        << 4.0 * (2 * 128 * 128 * 2 + 3 * (256 + 2 * 128) * 2);
    // LFM2: 6 attention layers (8 KV heads of 2048 / 32 = 64); 10 conv layers keep
    // (3 − 1) × 2,048 channels at bf16.
    QTest::addRow("LFM2 (full_attn_idxs, short convolution)")
        << QByteArray(kLfm2) << qint64(1000) << qint64(32768) << qint64(6 * 2 * 8 * 64 * 2)
        << 12288.0 * 1000 << 12288.0 * 1000 << 12288.0 * 32768 << 12288.0 * 32768
        << 10.0 * 2 * 2048 * 2 << 6.0 * 2 * 1 * 64 * 2 * 32768 << 6.0 * 2 * 1 * 64 * 2 * 32768
        << 10.0 * 2 * 256 * 2;
    // Kimi-Linear: 7 MLA layers (576 elements, every rank); 20 KDA layers of 32 heads × 128 ×
    // 128 in fp32 and a bf16 conv of 3 taps over 3 × 32 × 128 channels.
    QTest::addRow("Kimi-Linear 48B (linear_attn_config, KDA)")
        << fixture(u"kimi-linear-48b-a3b.json"_s) << qint64(1000) << qint64(1048576)
        << qint64(7 * 576 * 2) << 8064.0 * 1000 << 8064.0 * 1000 << 8064.0 * 1048576
        << 8064.0 * 1048576 << 20.0 * (32 * 128 * 128 * 4 + 3 * (3 * 32 * 128) * 2)
        << 8064.0 * 1048576 << 8064.0 * 1048576
        << 20.0 * (4 * 128 * 128 * 4 + 3 * (3 * 4 * 128) * 2);
    // Lightning attention: 6 layers keep 8 heads × 128 × 128 at bf16, no convolution; 2
    // softmax layers of 2 KV heads of 128.
    QTest::addRow("MiniMax lightning (attn_type_list)")
        << QByteArray(kLightning) << qint64(1000) << qint64(100000) << qint64(2 * 2 * 2 * 128 * 2)
        << 2048.0 * 1000 << 2048.0 * 1000 << 2048.0 * 100000 << 2048.0 * 100000
        << 6.0 * 8 * 128 * 128 * 2 << 1024.0 * 100000 << 1024.0 * 100000 << 6.0 * 1 * 128 * 128 * 2;
    // MiMo-V2-Flash: 9 full layers of 4 KV heads × (K 192 + V 128); 39 sliding layers of 8 KV
    // heads, window 128. TP 8: one KV head per GPU on both.
    QTest::addRow("MiMo-V2-Flash (hybrid_layer_pattern, V != K)")
        << fixture(u"mimo-v2-flash.json"_s) << qint64(100) << qint64(131072)
        << qint64(9 * 4 * 320 * 2 + 39 * 8 * 320 * 2) << (9.0 * 2560 + 39.0 * 5120) * 100
        << (9.0 * 2560 + 39.0 * 5120) * 100 << 9.0 * 2560 * 131072 + 39.0 * 5120 * 128
        << 9.0 * 2560 * 131072 + 39.0 * 5120 * 128 << 0.0 << 9.0 * 640 * 131072 + 39.0 * 640 * 128
        << 9.0 * 640 * 131072 + 39.0 * 640 * 128 << 0.0;
    // Zamba2: 2 hybrid layers each with its own cache of 16 KV heads of 128; all 6 layers keep
    // a Mamba 2 state (32 heads × 64 × 64, conv over 2,048 + 2 × 64).
    QTest::addRow("Zamba2 (shared attention blocks)")
        << QByteArray(kZamba2) << qint64(1000) << qint64(16384) << qint64(2 * 2 * 16 * 128 * 2)
        << 16384.0 * 1000 << 16384.0 * 1000 << 16384.0 * 16384 << 16384.0 * 16384
        << 6.0 * (32 * 64 * 64 * 2 + 3 * (2048 + 2 * 64) * 2) << 2048.0 * 16384 << 2048.0 * 16384
        << 6.0 * (4 * 64 * 64 * 2 + 3 * (256 + 2 * 1 * 64) * 2);
    // Gemma 3n: 20 layers hold (16 sliding, window 512; 4 full), 2 KV heads of 256 = 2,048 B
    // per token; all 35 read (28 sliding, 7 full).
    QTest::addRow("Gemma 3n E4B (num_kv_shared_layers)")
        << QByteArray(kGemma3n) << qint64(256) << qint64(32768) << qint64(20 * 2048)
        << 20.0 * 2048 * 256 << 35.0 * 2048 * 256 << 16.0 * 2048 * 512 + 4.0 * 2048 * 32768
        << 28.0 * 2048 * 512 + 7.0 * 2048 * 32768 << 0.0 << 16.0 * 1024 * 512 + 4.0 * 1024 * 32768
        << 28.0 * 1024 * 512 + 7.0 * 1024 * 32768 << 0.0;
    // Gemma 4 26B: 25 sliding layers of 8 KV heads of 256 (window 1024), 5 global layers of 2
    // KV heads of 512.
    QTest::addRow("Gemma 4 26B-A4B (global_head_dim)")
        << fixture(u"gemma-4-26b-a4b.json"_s) << qint64(512) << qint64(131072)
        << qint64(25 * 8192 + 5 * 4096) << 225280.0 * 512 << 225280.0 * 512
        << 25.0 * 8192 * 1024 + 5.0 * 4096 * 131072 << 25.0 * 8192 * 1024 + 5.0 * 4096 * 131072
        << 0.0 << 25.0 * 1024 * 1024 + 5.0 * 2048 * 131072
        << 25.0 * 1024 * 1024 + 5.0 * 2048 * 131072 << 0.0;
    // SambaY: attention layers 1, 3 (sliding, 128), 5 (full) hold 4 KV heads of 64; layer 7
    // reads layer 5's cache. Mamba layers 0, 2, 4 keep d_inner 1,024 × 16 and 3 conv taps;
    // layer 6 is a gated memory unit holding nothing.
    QTest::addRow("Phi-4-mini-flash (SambaY, YOCO)")
        << QByteArray(kSambaY) << qint64(100) << qint64(4096) << qint64(3 * 1024)
        << 3.0 * 1024 * 100 << 4.0 * 1024 * 100 << 2.0 * 1024 * 128 + 1024.0 * 4096
        << 2.0 * 1024 * 128 + 2.0 * 1024 * 4096 << 3.0 * (1024 * 16 * 2 + 3 * 1024 * 2)
        << 2.0 * 256 * 128 + 256.0 * 4096 << 2.0 * 256 * 128 + 2.0 * 256 * 4096
        << 3.0 * (128 * 16 * 2 + 3 * 128 * 2);
    // NAS: 49 attention blocks of 64 / n_heads_in_group 8 = 8 KV heads; 31 without.
    QTest::addRow("Llama-3.3-Nemotron-Super-49B (block_configs)")
        << fixture(u"llama-3.3-nemotron-super-49b.json"_s) << qint64(1000) << qint64(131072)
        << qint64(49 * 2 * 8 * 128 * 2) << 200704.0 * 1000 << 200704.0 * 1000 << 200704.0 * 131072
        << 200704.0 * 131072 << 0.0 << 49.0 * 512 * 131072 << 49.0 * 512 * 131072 << 0.0;
    // Llama 3.2 Vision: 32 text layers of 8 KV heads of 128; 8 cross-attention layers hold
    // K and V of 4 tiles × (40² + 1) = 6,404 image tokens, whatever the context.
    QTest::addRow("Llama 3.2 Vision (cross_attention_layers)")
        << QByteArray(kVision) << qint64(1000) << qint64(131072) << qint64(32 * 4096)
        << 32.0 * 4096 * 1000 + 8.0 * 4096 * 6404 << 32.0 * 4096 * 1000 + 8.0 * 4096 * 6404
        << 32.0 * 4096 * 131072 + 8.0 * 4096 * 6404 << 32.0 * 4096 * 131072 + 8.0 * 4096 * 6404
        << 0.0 << 32.0 * 512 * 131072 + 8.0 * 512 * 6404 << 32.0 * 512 * 131072 + 8.0 * 512 * 6404
        << 0.0;
}

void TestFamilies::heldAndRead()
{
    QFETCH(QByteArray, config);
    QFETCH(qint64, contextA);
    QFETCH(qint64, contextB);
    QFETCH(qint64, perToken);
    QFETCH(double, heldA);
    QFETCH(double, readA);
    QFETCH(double, heldB);
    QFETCH(double, readB);
    QFETCH(double, state);
    QFETCH(double, heldB8);
    QFETCH(double, readB8);
    QFETCH(double, state8);
    QString error;
    const auto imported = importHfConfig(config, &error);
    QVERIFY2(imported, qPrintable(error));
    const ModelSpec &m = imported->model;

    const Ledger a = evaluate(at(m, contextA, 1));
    QCOMPARE(a.kvBytesPerToken, perToken);
    QCOMPARE(a.kvBytes, heldA);
    QCOMPARE(a.kvBytesReadPerStep, readA);
    QCOMPARE(a.kvBytesReadPerToken, readA);
    QCOMPARE(a.stateBytes, state);
    const Ledger b = evaluate(at(m, contextB, 1));
    QCOMPARE(b.kvBytes, heldB);
    QCOMPARE(b.kvBytesReadPerStep, readB);
    QCOMPARE(b.stateBytes, state);
    // The KV term of the step time is what it reads, not what it holds.
    QCOMPARE(b.kvSecondsPerToken, readB / Scenario::seed().gpu.bandwidth);
    const Ledger b8 = evaluate(at(m, contextB, 8));
    QCOMPARE(b8.kvBytesPerGpu, heldB8);
    QCOMPARE(b8.kvBytesReadPerGpu, readB8);
    QCOMPARE(b8.stateBytesPerGpu, state8);
    // The layer rows add up to the totals, held and read.
    double held = 0, read = 0;
    for (const LayerKindRow &r : b.layersByKind) {
        held += r.bytes;
        read += r.readBytes;
    }
    QCOMPARE(held, b.kvBytes + b.stateBytes);
    QCOMPARE(read, b.kvBytesReadPerStep + b.stateBytes);
}

void TestFamilies::dsaAtFp8()
{
    // vLLM's fp8_ds_mla: 512 fp8 + 4 fp32 scales + 64 bf16 = 656 B per latent; the index key
    // stays 132 B.
    const auto imported = importHfConfig(fixture(u"deepseek-v3.2.json"_s), nullptr);
    QVERIFY(imported);
    Scenario s = at(imported->model, 4096, 1);
    s.kvPrecision = Precision::of(NumberFormat::FP8);
    const Ledger l = evaluate(s);
    QCOMPARE(l.kvBytesPerToken, qint64(61 * (656 + 132)));
    QCOMPARE(l.kvBytesReadPerStep, 61.0 * (132.0 * 4096 + 656.0 * 2048));
}

void TestFamilies::mtpCacheWithSpeculation()
{
    const auto imported = importHfConfig(fixture(u"deepseek-v3.2.json"_s), nullptr);
    QVERIFY(imported);
    QCOMPARE(imported->model.mtpLayers, 1);
    Scenario s = at(imported->model, 1000, 1);
    QCOMPARE(evaluate(s).kvBytesPerToken, qint64(61 * 1284));
    // The MTP layer is a DSA layer too: one more latent and index key per token.
    s.speculativeDecoding = true;
    const Ledger l = evaluate(s);
    QCOMPARE(l.kvBytesPerToken, qint64(62 * 1284));
    QCOMPARE(l.kvBytes, 62.0 * 1284 * 1000);
}

void TestFamilies::perLayerShapes()
{
    QString error;
    const auto mimo = importHfConfig(fixture(u"mimo-v2-flash.json"_s), &error);
    QVERIFY2(mimo, qPrintable(error));
    // moe_layer_freq as a list: the first layer dense, the other 47 MoE.
    QCOMPARE(mimo->model.moeLayers(), 47);
    QCOMPARE(mimo->model.layerCount(AttentionKind::SlidingWindow), 39);

    const auto nas = importHfConfig(fixture(u"llama-3.3-nemotron-super-49b.json"_s), &error);
    QVERIFY2(nas, qPrintable(error));
    QCOMPARE(nas->model.kvHeads, 8);
    QCOMPARE(nas->model.layerCount(AttentionKind::NoMixer), 31);
    // ffn_mult 2.625 on hidden 8,192: 2/3 × 2.625 × 8,192 = 14,336, a multiple of 256.
    QCOMPARE(nas->model.layerType(0).ffnSize, 14336);
    QVERIFY2(qAbs(nas->model.parameters() / 49.9e9 - 1) < 0.01,
             qPrintable(QString::number(nas->model.parameters())));

    const auto lfm2 = importHfConfig(kLfm2, &error);
    QVERIFY2(lfm2, qPrintable(error));
    // block_ff_dim 12,288 × 2/3 = 8,192 (already a multiple of 256).
    QCOMPARE(lfm2->model.intermediateSize, 8192);

    const auto vision = importHfConfig(kVision, &error);
    QVERIFY2(vision, qPrintable(error));
    QCOMPARE(vision->model.imageTokens, qint64(6404));
    QVERIFY(!vision->model.notes.filter(u"image tokens"_s).isEmpty());
}

void TestFamilies::refusals_data()
{
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QString>("error");
    QTest::addRow("DeepSeek-V4 compress_ratios")
        << fixture(u"deepseek-v4-flash.json"_s) << u"compress_ratios (DeepSeek-V4"_s;
    QTest::addRow("MiniMax-M3 sparse_attention_config")
        << fixture(u"minimax-m3.json"_s) << u"sparse_attention_config"_s;
    QTest::addRow("DSA without its indexer heads")
        << QByteArray(R"({"model_type": "deepseek_v32", "num_hidden_layers": 2,
            "num_attention_heads": 4, "hidden_size": 256, "vocab_size": 100, "kv_lora_rank": 64,
            "qk_rope_head_dim": 16, "v_head_dim": 32, "index_topk": 8, "index_head_dim": 128})")
        << u"index_n_heads: missing"_s;
    QTest::addRow("hybrid_override_pattern of the wrong length")
        << QByteArray(R"({"model_type": "nemotron_h", "num_hidden_layers": 3,
            "num_attention_heads": 4, "hidden_size": 256, "vocab_size": 100,
            "hybrid_override_pattern": "M*"})")
        << u"hybrid_override_pattern: 2 blocks, but num_hidden_layers is 3"_s;
    QTest::addRow("a Kimi layer in neither list")
        << QByteArray(R"({"model_type": "kimi_linear", "num_hidden_layers": 3,
            "num_attention_heads": 4, "hidden_size": 256, "vocab_size": 100,
            "linear_attn_config": {"kda_layers": [1], "full_attn_layers": [3], "num_heads": 4,
            "head_dim": 64, "short_conv_kernel_size": 4}})")
        << u"linear_attn_config: layer 2 (1-based) is in neither kda_layers nor full_attn_layers"_s;
}

void TestFamilies::refusals()
{
    QFETCH(QByteArray, config);
    QFETCH(QString, error);
    QString message;
    QVERIFY(!importHfConfig(config, &message));
    QVERIFY2(message.startsWith(error), qPrintable(message));
}

void TestFamilies::pythonTokens()
{
    // Nemotron 3 Super's time_step_limit holds a bare Infinity; it is read, and unused.
    QString error;
    QVERIFY2(importHfConfig(fixture(u"nemotron-3-super-120b-a12b-fp8.json"_s), &error),
             qPrintable(error));
    // NaN and -Infinity outside strings; the same words inside a string stay as they are.
    const auto imported = importHfConfig(R"({"_name_or_path": "NaN -Infinity", "x": NaN,
        "y": [-Infinity, Infinity], "num_hidden_layers": 2, "num_attention_heads": 4,
        "hidden_size": 256, "vocab_size": 100})",
                                         &error);
    QVERIFY2(imported, qPrintable(error));
    QCOMPARE(imported->model.name, u"NaN -Infinity"_s);
    // A used field written as NaN is missing, by its name.
    QVERIFY(!importHfConfig(R"({"num_hidden_layers": NaN})", &error));
    QCOMPARE(error, u"num_hidden_layers: missing (null)"_s);
}

void TestFamilies::spellings()
{
    QString error;
    const auto kimi = importHfConfig(fixture(u"kimi-linear-48b-a3b.json"_s), &error);
    QVERIFY2(kimi, qPrintable(error));
    QCOMPARE(kimi->model.expertsPerToken, 8); // num_experts_per_token
    QCOMPARE(kimi->model.sharedExperts, 1);   // num_shared_experts
    const auto minimax = importHfConfig(fixture(u"minimax-m2.5.json"_s), &error);
    QVERIFY2(minimax, qPrintable(error));
    QCOMPARE(minimax->model.experts, 256); // num_local_experts
    QCOMPARE(minimax->model.mtpLayers, 3); // num_mtp_modules × mtp_transformer_layers
    // language_config, as DeepSeek-VL writes it.
    const auto nested = importHfConfig(R"({"model_type": "deepseek_vl_v2", "language_config": {
        "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
        "hidden_size": 256, "vocab_size": 100, "n_routed_experts": 4, "num_experts_per_tok": 2}})",
                                       &error);
    QVERIFY2(nested, qPrintable(error));
    QCOMPARE(nested->model.experts, 4); // n_routed_experts
    QCOMPARE(nested->model.kvHeads, 2);
}

void TestFamilies::falconRefinedWeb()
{
    // tiiuae/falcon-7b's first config, as quoted in stored code: a RefinedWebModel is Falcon
    // with one KV head and an ungated MLP of 4 × hidden. Tied embeddings 65,024 × 4,544; per
    // layer q 4,544², k and v 4,544 × 128, out 4,544², MLP 2 × 4,544 × 18,176, two norms.
    QString error;
    const auto imported = importHfConfig(R"({"alibi": false, "architectures": ["RWForCausalLM"],
        "bias": false, "hidden_size": 4544, "model_type": "RefinedWebModel", "multi_query": true,
        "n_head": 71, "n_layer": 32, "parallel_attn": true, "torch_dtype": "bfloat16",
        "vocab_size": 65024})",
                                         &error);
    QVERIFY2(imported, qPrintable(error));
    const ModelSpec &m = imported->model;
    QCOMPARE(m.kvHeads, 1);
    QVERIFY(!m.gatedMlp);
    const double layer = 4544.0 * 4544 * 2 + 4544.0 * 128 + 2 * 4544.0 * 18176 + 2 * 4544.0;
    QCOMPARE(m.parameters(), 65024.0 * 4544 + 32 * layer + 4544);
}

QTEST_GUILESS_MAIN(TestFamilies)
#include "tst_families.moc"
