// Hugging Face config.json import: real configs (tests/data/hf), every trap of cost-model.md
// section 9 as a small inline config, and every way a config can be wrong.
#include "hf_config.h"
#include "presets.h"

#include "test_models.h"
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <QTest>

using namespace kvl;
using namespace Qt::StringLiterals;
using kvl::test::layerKinds;

namespace {

QString fixture(const QString &name)
{
    return QString::fromUtf8(KVL_TEST_DATA) + u"/hf/" + name;
}

QByteArray readFixture(const QString &name)
{
    QFile f(fixture(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// KV bytes for one token summed over the layers, at 2 bytes per element.
qint64 kvBytesPerToken(const ModelSpec &m)
{
    qint64 sum = 0;
    for (int l = 0; l < m.layers; ++l)
        sum += m.layerCache(m.layerType(l)).heldBytesPerToken(Precision::of(NumberFormat::FP16));
    return sum;
}

QString rep(const QString &unit, int layers)
{
    return unit.repeated(layers / unit.size() + 1).left(layers);
}

bool near(double value, double expected, double relative)
{
    return std::abs(value - expected) <= relative * expected;
}

} // namespace

class TestHfConfig : public QObject
{
    Q_OBJECT

private slots:
    void fixtures_data();
    void fixtures();
    void matchesPresets_data();
    void matchesPresets();
    void llamaParameters();
    void deepseekParameters();
    void mixtralParameters();
    void traps_data();
    void traps();
    void errors_data();
    void errors();
    void fileImport();
    void neverCrashes();
};

void TestHfConfig::fixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("kvHeads");
    QTest::addColumn<int>("headDim");
    QTest::addColumn<qint64>("kvBytes");
    QTest::addColumn<QString>("kinds");
    QTest::addColumn<qint64>("window");
    QTest::addColumn<int>("experts");
    QTest::addColumn<int>("expertsPerToken");
    QTest::addColumn<bool>("tied");
    QTest::addColumn<QString>("precision");

    QTest::addRow("llama-3.1-70b")
        << u"llama-3.1-70b.json"_s << 80 << 64 << 8 << 128 << qint64(327680) << rep(u"F"_s, 80)
        << qint64(0) << 0 << 0 << false << u"bf16"_s;
    QTest::addRow("gemma-2-9b") << u"gemma-2-9b.json"_s << 42 << 16 << 8 << 256 << qint64(344064)
                                << rep(u"WF"_s, 42) << qint64(4096) << 0 << 0 << true << u"fp32"_s;
    QTest::addRow("qwen2.5-72b") << u"qwen2.5-72b.json"_s << 80 << 64 << 8 << 128 << qint64(327680)
                                 << rep(u"F"_s, 80) << qint64(0) << 0 << 0 << false << u"bf16"_s;
    QTest::addRow("deepseek-v3") << u"deepseek-v3.json"_s << 61 << 128 << 128 << 128
                                 << qint64(70272) << rep(u"L"_s, 61) << qint64(0) << 256 << 8
                                 << false << u"fp8"_s;
    QTest::addRow("mixtral-8x7b") << u"mixtral-8x7b.json"_s << 32 << 32 << 8 << 128
                                  << qint64(131072) << rep(u"F"_s, 32) << qint64(0) << 8 << 2
                                  << false << u"bf16"_s;
    QTest::addRow("mistral-7b-v0.1")
        << u"mistral-7b-v0.1.json"_s << 32 << 32 << 8 << 128 << qint64(131072) << rep(u"W"_s, 32)
        << qint64(4096) << 0 << 0 << false << u"bf16"_s;
    QTest::addRow("gpt-oss-20b (layer_types)")
        << u"gpt-oss-20b.json"_s << 24 << 64 << 8 << 64 << qint64(49152) << rep(u"WF"_s, 24)
        << qint64(128) << 32 << 4 << false << u"bf16"_s; // experts: fp4 (tst_architectures)
    QTest::addRow("gemma-3-27b-it (text_config)")
        << u"gemma-3-27b-it.json"_s << 62 << 32 << 16 << 128 << qint64(507904)
        << rep(u"WWWWWF"_s, 62) << qint64(1024) << 0 << 0 << true << u"bf16"_s;
}

void TestHfConfig::fixtures()
{
    QFETCH(QString, file);
    QFETCH(int, layers);
    QFETCH(int, heads);
    QFETCH(int, kvHeads);
    QFETCH(int, headDim);
    QFETCH(qint64, kvBytes);
    QFETCH(QString, kinds);
    QFETCH(qint64, window);
    QFETCH(int, experts);
    QFETCH(int, expertsPerToken);
    QFETCH(bool, tied);
    QFETCH(QString, precision);

    const QByteArray json = readFixture(file);
    QVERIFY2(!json.isEmpty(), qPrintable(fixture(file)));
    QString error;
    const auto imported = importHfConfig(json, &error);
    QVERIFY2(imported, qPrintable(error));
    const ModelSpec &m = imported->model;
    QCOMPARE(m.validate(), QString());
    QCOMPARE(m.layers, layers);
    QCOMPARE(m.queryHeads, heads);
    QCOMPARE(m.kvHeads, kvHeads);
    QCOMPARE(m.headDim, headDim);
    QCOMPARE(kvBytesPerToken(m), kvBytes);
    QCOMPARE(layerKinds(m), kinds);
    if (window > 0)
        QCOMPARE(m.window, window);
    QCOMPARE(m.sinkTokens, qint64(0));
    QCOMPARE(m.experts, experts);
    QCOMPARE(m.expertsPerToken, expertsPerToken);
    QCOMPARE(m.tieWordEmbeddings, tied);
    QCOMPARE(m.nativePrecision.name(), precision);
    // Estimated, never invented: the config states no parameter count.
    QCOMPARE(m.totalParameters, 0.0);
    QCOMPARE(m.activeParameters, 0.0);
    QVERIFY(!imported->model.notes.filter(u"parameters estimated"_s).isEmpty());
}

void TestHfConfig::matchesPresets_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("preset");
    QTest::addRow("llama-3.1-70b") << u"llama-3.1-70b.json"_s << u"llama-3.1-70b"_s;
    QTest::addRow("gemma-2-9b") << u"gemma-2-9b.json"_s << u"gemma-2-9b"_s;
    QTest::addRow("qwen2.5-72b") << u"qwen2.5-72b.json"_s << u"qwen2.5-72b"_s;
    QTest::addRow("deepseek-v3") << u"deepseek-v3.json"_s << u"deepseek-v3"_s;
    QTest::addRow("mixtral-8x7b") << u"mixtral-8x7b.json"_s << u"mixtral-8x7b"_s;
    QTest::addRow("mistral-7b-v0.1") << u"mistral-7b-v0.1.json"_s << u"mistral-7b-v0.1"_s;
}

void TestHfConfig::matchesPresets()
{
    // The bundled preset and the importer agree on every shape field.
    QFETCH(QString, file);
    QFETCH(QString, preset);
    QString error;
    const auto imported = importHfConfig(readFixture(file), &error);
    QVERIFY2(imported, qPrintable(error));
    const auto p = PresetLibrary::load({}).model(preset);
    QVERIFY(p);
    const ModelSpec &m = imported->model;
    QCOMPARE(m.layers, p->layers);
    QCOMPARE(m.queryHeads, p->queryHeads);
    QCOMPARE(m.kvHeads, p->kvHeads);
    QCOMPARE(m.headDim, p->headDim);
    QCOMPARE(m.hiddenSize, p->hiddenSize);
    QCOMPARE(m.intermediateSize, p->intermediateSize);
    QCOMPARE(m.vocabSize, p->vocabSize);
    QCOMPARE(m.tieWordEmbeddings, p->tieWordEmbeddings);
    QCOMPARE(m.experts, p->experts);
    QCOMPARE(m.expertsPerToken, p->expertsPerToken);
    QCOMPARE(m.sharedExperts, p->sharedExperts);
    QCOMPARE(m.moeIntermediateSize, p->moeIntermediateSize);
    QCOMPARE(m.firstDenseLayers, p->firstDenseLayers);
    QCOMPARE(m.kvLoraRank, p->kvLoraRank);
    QCOMPARE(m.qkRopeHeadDim, p->qkRopeHeadDim);
    QCOMPARE(m.qLoraRank, p->qLoraRank);
    QCOMPARE(m.qkNopeHeadDim, p->qkNopeHeadDim);
    QCOMPARE(layerKinds(m), layerKinds(*p));
    QCOMPARE(m.window, p->window);
}

void TestHfConfig::llamaParameters()
{
    QString error;
    const auto imported = importHfConfig(readFixture(u"llama-3.1-70b.json"_s), &error);
    QVERIFY2(imported, qPrintable(error));
    QCOMPARE(imported->model.parameters(), 70553706496.0);
    QVERIFY(
        !imported->model.notes.filter(u"head_dim absent: hidden_size / num_attention_heads = 128"_s)
             .isEmpty());
}

void TestHfConfig::deepseekParameters()
{
    QString error;
    const auto imported = importHfConfig(readFixture(u"deepseek-v3.json"_s), &error);
    QVERIFY2(imported, qPrintable(error));
    const ModelSpec &m = imported->model;
    QCOMPARE(m.qLoraRank, 1536);
    QCOMPARE(m.qkNopeHeadDim, 128);
    QCOMPARE(m.firstDenseLayers, 3);
    QCOMPARE(m.sharedExperts, 1);
    QCOMPARE(m.moeIntermediateSize, 2048);
    // The paper: 671B for the main model and 14B for the multi-token-prediction module, 685B
    // in all; 37B active per token, the MTP module excluded (it runs only while speculating).
    QCOMPARE(m.mtpLayers, 1);
    QVERIFY2(near(m.parameters(), 685e9, 0.01), qPrintable(QString::number(m.parameters())));
    QVERIFY2(near(m.parametersActive(), 37e9, 0.05),
             qPrintable(QString::number(m.parametersActive())));
    QVERIFY(!imported->model.notes.filter(u"num_nextn_predict_layers"_s).isEmpty());
}

void TestHfConfig::mixtralParameters()
{
    QString error;
    const auto imported = importHfConfig(readFixture(u"mixtral-8x7b.json"_s), &error);
    QVERIFY2(imported, qPrintable(error));
    QVERIFY(near(imported->model.parameters(), 46.7e9, 0.005));
    QVERIFY(near(imported->model.parametersActive(), 12.9e9, 0.005));
}

void TestHfConfig::traps_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("headDim");
    QTest::addColumn<int>("kvHeads");
    QTest::addColumn<qint64>("kvBytes"); // per token, all layers, 2 bytes per element
    QTest::addColumn<QString>("kinds");
    QTest::addColumn<QString>("note"); // a note that must explain what was inferred

    // Trap: head_dim taken as hidden_size / num_attention_heads when the config gives it.
    QTest::addRow("head_dim explicit: Gemma 2 9B (256, not 224)")
        << QByteArray(R"({"model_type": "gemma2", "num_hidden_layers": 42,
            "num_attention_heads": 16, "num_key_value_heads": 8, "head_dim": 256,
            "hidden_size": 3584, "intermediate_size": 14336, "vocab_size": 256000})")
        << 256 << 8 << qint64(344064) << rep(u"F"_s, 42) << u"head_dim 256 from the config"_s;
    QTest::addRow("head_dim explicit: Qwen3 0.6B (128, not 64)")
        << QByteArray(R"({"model_type": "qwen3", "num_hidden_layers": 28,
            "num_attention_heads": 16, "num_key_value_heads": 8, "head_dim": 128,
            "hidden_size": 1024, "intermediate_size": 3072, "vocab_size": 151936,
            "tie_word_embeddings": true, "sliding_window": null, "use_sliding_window": false,
            "max_window_layers": 28})")
        << 128 << 8 << qint64(114688) << rep(u"F"_s, 28) << u"head_dim 128 from the config"_s;
    QTest::addRow("head_dim explicit: GLM-4.5 style (128 with 96 heads of 5120)")
        << QByteArray(R"({"model_type": "glm4_moe", "num_hidden_layers": 4,
            "num_attention_heads": 96, "num_key_value_heads": 8, "head_dim": 128,
            "hidden_size": 5120, "intermediate_size": 12288, "vocab_size": 151552})")
        << 128 << 8 << qint64(4 * 4096) << rep(u"F"_s, 4) << u"head_dim 128 from the config"_s;
    QTest::addRow("head_dim absent: derived")
        << QByteArray(R"({"model_type": "llama", "num_hidden_layers": 32,
            "num_attention_heads": 32, "num_key_value_heads": 8, "hidden_size": 4096,
            "intermediate_size": 14336, "vocab_size": 128256})")
        << 128 << 8 << qint64(131072) << rep(u"F"_s, 32) << u"head_dim absent"_s;

    // Trap: num_key_value_heads ignored (GQA counted as MHA); absent means MHA.
    QTest::addRow("GQA: 8 KV heads of 64")
        << QByteArray(R"({"num_hidden_layers": 80, "num_attention_heads": 64,
            "num_key_value_heads": 8, "hidden_size": 8192, "intermediate_size": 28672,
            "vocab_size": 128256, "tie_word_embeddings": false})")
        << 128 << 8 << qint64(327680) << rep(u"F"_s, 80) << QString();
    QTest::addRow("MHA: num_key_value_heads absent (Llama 2 7B)")
        << QByteArray(R"({"model_type": "llama", "num_hidden_layers": 32,
            "num_attention_heads": 32, "hidden_size": 4096, "intermediate_size": 11008,
            "vocab_size": 32000})")
        << 128 << 32 << qint64(524288) << rep(u"F"_s, 32) << u"multi-head attention (MHA)"_s;
    QTest::addRow("MHA: num_key_value_heads null")
        << QByteArray(R"({"num_hidden_layers": 2, "num_attention_heads": 4,
            "num_key_value_heads": null, "hidden_size": 256, "intermediate_size": 512,
            "vocab_size": 100})")
        << 64 << 4 << qint64(2 * 2 * 4 * 64 * 2) << u"FF"_s << u"multi-head attention (MHA)"_s;
    QTest::addRow("MQA: Falcon multi_query")
        << QByteArray(R"({"model_type": "falcon", "num_hidden_layers": 32,
            "num_attention_heads": 71, "multi_query": true, "hidden_size": 4544,
            "ffn_hidden_size": 18176, "vocab_size": 65024})")
        << 64 << 1 << qint64(32 * 2 * 64 * 2) << rep(u"F"_s, 32) << u"MQA"_s;

    // Trap: MLA with the GQA formula, with a factor 2, or for one layer only.
    // DeepSeek-V2-Lite: GQA formula 221,184; factor 2 62,208; one layer 1,152; right 31,104.
    QTest::addRow("MLA: DeepSeek-V2-Lite, 27 latent layers")
        << QByteArray(R"({"model_type": "deepseek_v2", "num_hidden_layers": 27,
            "num_attention_heads": 16, "num_key_value_heads": 16, "hidden_size": 2048,
            "intermediate_size": 10944, "moe_intermediate_size": 1408, "vocab_size": 102400,
            "kv_lora_rank": 512, "q_lora_rank": null, "qk_nope_head_dim": 128,
            "qk_rope_head_dim": 64, "v_head_dim": 128, "n_routed_experts": 64,
            "n_shared_experts": 2, "num_experts_per_tok": 6, "first_k_dense_replace": 1})")
        << 128 << 16 << qint64(31104) << rep(u"L"_s, 27) << u"q_lora_rank absent"_s;
    QTest::addRow("MLA: re-saved config with head_dim 64 (rope part)")
        << QByteArray(R"({"model_type": "deepseek_v3", "num_hidden_layers": 61,
            "num_attention_heads": 128, "num_key_value_heads": 128, "head_dim": 64,
            "hidden_size": 7168, "intermediate_size": 18432, "vocab_size": 129280,
            "kv_lora_rank": 512, "q_lora_rank": 1536, "qk_nope_head_dim": 128,
            "qk_rope_head_dim": 64, "v_head_dim": 128})")
        << 128 << 128 << qint64(70272) << rep(u"L"_s, 61) << u"v_head_dim 128"_s;

    // Trap: sliding_window applied when the config disables it.
    QTest::addRow("sliding_window with use_sliding_window false (Qwen2.5)")
        << QByteArray(R"({"model_type": "qwen2", "num_hidden_layers": 80,
            "num_attention_heads": 64, "num_key_value_heads": 8, "hidden_size": 8192,
            "intermediate_size": 29568, "vocab_size": 152064, "sliding_window": 131072,
            "use_sliding_window": false, "max_window_layers": 80})")
        << 128 << 8 << qint64(327680) << rep(u"F"_s, 80) << u"use_sliding_window is false"_s;
    QTest::addRow("sliding_window null (Mixtral)")
        << QByteArray(R"({"model_type": "mixtral", "num_hidden_layers": 32,
            "num_attention_heads": 32, "num_key_value_heads": 8, "hidden_size": 4096,
            "intermediate_size": 14336, "vocab_size": 32000, "sliding_window": null,
            "num_local_experts": 8, "num_experts_per_tok": 2})")
        << 128 << 8 << qint64(131072) << rep(u"F"_s, 32) << QString();
    QTest::addRow("sliding_window false")
        << QByteArray(R"({"num_hidden_layers": 2, "num_attention_heads": 4,
            "num_key_value_heads": 2, "hidden_size": 256, "intermediate_size": 512,
            "vocab_size": 100, "sliding_window": false})")
        << 64 << 2 << qint64(2 * 2 * 2 * 64 * 2) << u"FF"_s << QString();
    QTest::addRow("sliding_window on every layer (Mistral v0.1)")
        << QByteArray(R"({"model_type": "mistral", "num_hidden_layers": 32,
            "num_attention_heads": 32, "num_key_value_heads": 8, "hidden_size": 4096,
            "intermediate_size": 14336, "vocab_size": 32000, "sliding_window": 4096})")
        << 128 << 8 << qint64(131072) << rep(u"W"_s, 32) << u"on every layer"_s;
    QTest::addRow("use_sliding_window true: layers from max_window_layers (Qwen2)")
        << QByteArray(R"({"model_type": "qwen2", "num_hidden_layers": 28,
            "num_attention_heads": 28, "num_key_value_heads": 4, "hidden_size": 3584,
            "intermediate_size": 18944, "vocab_size": 152064, "sliding_window": 4096,
            "use_sliding_window": true, "max_window_layers": 21})")
        << 128 << 4 << qint64(28 * 2048) << rep(u"F"_s, 21) + rep(u"W"_s, 7)
        << u"max_window_layers"_s;

    // Trap: alternating local/global counted as all-global or all-local.
    QTest::addRow("Gemma 2: alternating, layer 0 local")
        << QByteArray(R"({"model_type": "gemma2", "num_hidden_layers": 26,
            "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
            "hidden_size": 2304, "intermediate_size": 9216, "vocab_size": 256000,
            "sliding_window": 4096})")
        << 256 << 4 << qint64(26 * 4096) << rep(u"WF"_s, 26) << u"layer 0 local"_s;
    QTest::addRow("Gemma 3: sliding_window_pattern 6")
        << QByteArray(R"({"model_type": "gemma3_text", "num_hidden_layers": 26,
            "num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 256,
            "hidden_size": 1152, "intermediate_size": 6912, "vocab_size": 262144,
            "sliding_window": 512, "sliding_window_pattern": 6})")
        << 256 << 1 << qint64(26 * 1024) << rep(u"WWWWWF"_s, 26) << u"5 of every 6"_s;
    QTest::addRow("Gemma 3: pattern absent, the transformers default 6")
        << QByteArray(R"({"model_type": "gemma3_text", "num_hidden_layers": 34,
            "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
            "hidden_size": 2560, "intermediate_size": 10240, "sliding_window": 1024})")
        << 256 << 4 << qint64(34 * 4096) << rep(u"WWWWWF"_s, 34)
        << u"sliding_window_pattern absent"_s;
    QTest::addRow("layer_types: irregular list taken as is")
        << QByteArray(R"({"num_hidden_layers": 5, "num_attention_heads": 4,
            "num_key_value_heads": 2, "hidden_size": 256, "intermediate_size": 512,
            "vocab_size": 100, "sliding_window": 64, "layer_types": ["full_attention",
            "sliding_attention", "sliding_attention", "full_attention", "sliding_attention"]})")
        << 64 << 2 << qint64(5 * 512) << u"FWWFW"_s << u"layer_types: 3 of 5"_s;
    QTest::addRow("layer_types: gpt-oss alternating from sliding")
        << QByteArray(R"({"model_type": "gpt_oss", "num_hidden_layers": 4,
            "num_attention_heads": 64, "num_key_value_heads": 8, "head_dim": 64,
            "hidden_size": 2880, "intermediate_size": 2880, "vocab_size": 201088,
            "sliding_window": 128, "num_local_experts": 32, "num_experts_per_tok": 4,
            "layer_types": ["sliding_attention", "full_attention", "sliding_attention",
            "full_attention"]})")
        << 64 << 8 << qint64(4 * 2048) << u"WFWF"_s << u"layer_types: 2 of 4"_s;
    QTest::addRow("layer_types: sliding switched off")
        << QByteArray(R"({"num_hidden_layers": 2, "num_attention_heads": 4,
            "num_key_value_heads": 2, "hidden_size": 256, "intermediate_size": 512,
            "vocab_size": 100, "sliding_window": 64, "use_sliding_window": false,
            "layer_types": ["sliding_attention", "full_attention"]})")
        << 64 << 2 << qint64(2 * 512) << u"FF"_s << u"use_sliding_window is false"_s;
    QTest::addRow("layer_types: Llama 4 chunked attention bounded by the chunk")
        << QByteArray(R"({"num_hidden_layers": 4, "num_attention_heads": 40,
            "num_key_value_heads": 8, "head_dim": 128, "hidden_size": 5120,
            "intermediate_size": 8192, "vocab_size": 202048, "attention_chunk_size": 8192,
            "layer_types": ["chunked_attention", "chunked_attention", "chunked_attention",
            "full_attention"]})")
        << 128 << 8 << qint64(4 * 4096) << u"CCCF"_s << u"chunked"_s;

    // Multimodal: the language model sits in text_config.
    QTest::addRow("text_config, dtype from the top level")
        << QByteArray(R"({"model_type": "llava", "torch_dtype": "float16",
            "vision_config": {"num_hidden_layers": 24, "hidden_size": 1024,
            "num_attention_heads": 16}, "text_config": {"model_type": "llama",
            "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8,
            "hidden_size": 4096, "intermediate_size": 14336, "vocab_size": 128256}})")
        << 128 << 8 << qint64(131072) << rep(u"F"_s, 32) << u"text_config"_s;
}

void TestHfConfig::traps()
{
    QFETCH(QByteArray, json);
    QFETCH(int, headDim);
    QFETCH(int, kvHeads);
    QFETCH(qint64, kvBytes);
    QFETCH(QString, kinds);
    QFETCH(QString, note);

    QString error;
    const auto imported = importHfConfig(json, &error);
    QVERIFY2(imported, qPrintable(error));
    const ModelSpec &m = imported->model;
    QCOMPARE(m.validate(), QString());
    QCOMPARE(m.headDim, headDim);
    QCOMPARE(m.kvHeads, kvHeads);
    QCOMPARE(kvBytesPerToken(m), kvBytes);
    QCOMPARE(layerKinds(m), kinds);
    if (!note.isEmpty())
        QVERIFY2(!imported->model.notes.filter(note).isEmpty(),
                 qPrintable(imported->model.notes.join(u'\n')));
}

void TestHfConfig::errors_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("error"); // expected start of the message

    // A valid base; each row breaks one thing.
    // The base config with `fields` set (replacing a base field of the same name: a key given
    // twice is an error of its own).
    const auto with = [](const QByteArray &fields) -> QByteArray {
        QJsonObject o = QJsonDocument::fromJson(R"({"num_hidden_layers": 32,
            "num_attention_heads": 32, "num_key_value_heads": 8, "hidden_size": 4096,
            "intermediate_size": 14336, "vocab_size": 32000})")
                            .object();
        const QJsonObject set = QJsonDocument::fromJson("{" + fields + "}").object();
        for (auto it = set.begin(); it != set.end(); ++it)
            o.insert(it.key(), it.value());
        return QJsonDocument(o).toJson();
    };
    QVERIFY(importHfConfig(with(""), nullptr)); // the base itself is fine

    QTest::addRow("not JSON") << QByteArray(R"({"num_hidden_layers": 80,)") << u"not JSON"_s;
    QTest::addRow("empty") << QByteArray() << u"not JSON"_s;
    QTest::addRow("whitespace") << QByteArray(" \n\t") << u"not JSON"_s;
    QTest::addRow("garbage") << QByteArray("hello") << u"not JSON"_s;
    // Python's bare NaN is read as null: a missing value, not broken JSON.
    QTest::addRow("NaN literal") << QByteArray(R"({"num_hidden_layers": NaN})")
                                 << u"num_hidden_layers: missing (null)"_s;
    QTest::addRow("1e400 literal")
        << QByteArray(R"({"num_hidden_layers": 1e400})") << u"not JSON"_s;
    QTest::addRow("trailing garbage") << with("") + "x" << u"not JSON"_s;
    QTest::addRow("array") << QByteArray("[1, 2]") << u"not a JSON object"_s;
    QTest::addRow("string") << QByteArray(R"("config")") << u"not JSON"_s; // Qt 6.4 wants {} or []
    QTest::addRow("empty object") << QByteArray("{}") << u"num_hidden_layers: missing"_s;

    // No intermediate_size is not an error: GPT-2, GPT-J and Falcon use 4 × hidden
    // (tst_architectures).
    for (const char *field :
         {"num_hidden_layers", "num_attention_heads", "hidden_size", "vocab_size"}) {
        QJsonObject o = QJsonDocument::fromJson(with("")).object();
        o.remove(QString::fromLatin1(field));
        QTest::addRow("%s missing", field)
            << QJsonDocument(o).toJson() << QString::fromLatin1(field) + u": missing";
    }
    // Later duplicate keys win in QJsonDocument, so appending a field overrides the base.
    QTest::addRow("layers null") << with(R"("num_hidden_layers": null)")
                                 << u"num_hidden_layers: missing (null)"_s;
    QTest::addRow("layers string") << with(R"("num_hidden_layers": "32")")
                                   << u"num_hidden_layers: expected an integer, got a string"_s;
    QTest::addRow("layers boolean") << with(R"("num_hidden_layers": true)")
                                    << u"num_hidden_layers: expected an integer, got a boolean"_s;
    QTest::addRow("layers float") << with(R"("num_hidden_layers": 32.5)")
                                  << u"num_hidden_layers: 32.5 is not an integer"_s;
    QTest::addRow("layers list") << with(R"("num_hidden_layers": [32])")
                                 << u"num_hidden_layers: expected an integer, got a list"_s;
    QTest::addRow("layers object") << with(R"("num_hidden_layers": {"value": 32})")
                                   << u"num_hidden_layers: expected an integer, got an object"_s;
    QTest::addRow("layers negative") << with(R"("num_hidden_layers": -1)")
                                     << u"num_hidden_layers: -1 is not a positive integer"_s;
    QTest::addRow("layers zero") << with(R"("num_hidden_layers": 0)")
                                 << u"num_hidden_layers: 0 is not a positive integer"_s;
    QTest::addRow("layers over limit")
        << with(R"("num_hidden_layers": 257)") << u"num_hidden_layers: 257 is outside 1-256"_s;
    QTest::addRow("layers huge") << with(R"("num_hidden_layers": 1e300)")
                                 << u"num_hidden_layers: 1e+300 is outside"_s;
    QTest::addRow("layers past 2^64") << with(R"("num_hidden_layers": 99999999999999999999999)")
                                      << u"num_hidden_layers: 1e+23 is outside"_s;
    QTest::addRow("layers NaN string") << with(R"("num_hidden_layers": "NaN")")
                                       << u"num_hidden_layers: expected an integer, got a string"_s;
    QTest::addRow("layers Infinity string")
        << with(R"("num_hidden_layers": "Infinity")")
        << u"num_hidden_layers: expected an integer, got a string"_s;
    QTest::addRow("heads zero") << with(R"("num_attention_heads": 0)")
                                << u"num_attention_heads: 0 is not a positive integer"_s;
    QTest::addRow("heads huge") << with(R"("num_attention_heads": 100000)")
                                << u"num_attention_heads: 100000 is outside"_s;
    QTest::addRow("hidden negative")
        << with(R"("hidden_size": -4096)") << u"hidden_size: -4096 is not a positive integer"_s;
    QTest::addRow("hidden huge") << with(R"("hidden_size": 4294967296)")
                                 << u"hidden_size: 4294967296 is outside"_s;
    QTest::addRow("intermediate string")
        << with(R"("intermediate_size": "14336")") << u"intermediate_size: expected an integer"_s;
    QTest::addRow("vocab huge") << with(R"("vocab_size": 1e9)")
                                << u"vocab_size: 1000000000 is outside"_s;
    QTest::addRow("vocab float") << with(R"("vocab_size": 32000.5)")
                                 << u"vocab_size: 32000.5 is not an integer"_s;

    QTest::addRow("kv not dividing heads")
        << with(R"("num_key_value_heads": 3)")
        << u"num_key_value_heads: 3 does not divide num_attention_heads 32"_s;
    QTest::addRow("kv more than heads")
        << with(R"("num_key_value_heads": 64)")
        << u"num_key_value_heads: 64 is more than num_attention_heads 32"_s;
    QTest::addRow("kv zero") << with(R"("num_key_value_heads": 0)")
                             << u"num_key_value_heads: 0 is not a positive integer"_s;
    QTest::addRow("kv negative") << with(R"("num_key_value_heads": -8)")
                                 << u"num_key_value_heads: -8 is not a positive integer"_s;
    QTest::addRow("kv string") << with(R"("num_key_value_heads": "8")")
                               << u"num_key_value_heads: expected an integer"_s;
    QTest::addRow("head_dim negative")
        << with(R"("head_dim": -3)") << u"head_dim: -3 is not a positive integer"_s;
    QTest::addRow("head_dim zero")
        << with(R"("head_dim": 0)") << u"head_dim: 0 is not a positive integer"_s;
    QTest::addRow("head_dim huge")
        << with(R"("head_dim": 65536)") << u"head_dim: 65536 is outside"_s;
    QTest::addRow("head_dim not derivable")
        << with(R"("num_attention_heads": 3, "num_key_value_heads": 1, "hidden_size": 1000)")
        << u"head_dim: missing, and hidden_size 1000 is not a multiple"_s;
    QTest::addRow("tie string") << with(R"("tie_word_embeddings": "false")")
                                << u"tie_word_embeddings: expected true or false"_s;
    QTest::addRow("torch_dtype number")
        << with(R"("torch_dtype": 16)") << u"torch_dtype: expected a string"_s;

    QTest::addRow("sliding_window negative")
        << with(R"("sliding_window": -1)") << u"sliding_window: -1 is not a positive integer"_s;
    QTest::addRow("sliding_window zero")
        << with(R"("sliding_window": 0)") << u"sliding_window: 0 is not a positive integer"_s;
    QTest::addRow("sliding_window string")
        << with(R"("sliding_window": "4096")") << u"sliding_window: expected an integer"_s;
    QTest::addRow("sliding_window huge")
        << with(R"("sliding_window": 1e18)") << u"sliding_window: 1e+18 is outside"_s;
    QTest::addRow("use_sliding_window string")
        << with(R"("sliding_window": 4096, "use_sliding_window": "false")")
        << u"use_sliding_window: expected true or false"_s;
    QTest::addRow("sliding_window_pattern zero")
        << with(R"("sliding_window": 4096, "sliding_window_pattern": 0)")
        << u"sliding_window_pattern: 0 is not a positive integer"_s;
    QTest::addRow("layer_types wrong length")
        << with(R"("sliding_window": 4096, "layer_types": ["full_attention"])")
        << u"layer_types: 1 entries, but num_hidden_layers is 32"_s;
    QTest::addRow("layer_types not a list")
        << with(R"("layer_types": "full_attention")") << u"layer_types: expected a list"_s;
    QByteArray types = "\"layer_types\": [\"full_attention\", \"linear_attention\"";
    for (int i = 2; i < 32; ++i)
        types += ", \"full_attention\"";
    QTest::addRow("layer_types unknown kind")
        << with(types.replace("linear_attention", "lightning") + ']')
        << u"layer_types[1]: a string (\"lightning\") is not a layer kind"_s;
    QByteArray sliding = "\"layer_types\": [\"sliding_attention\"";
    for (int i = 1; i < 32; ++i)
        sliding += ", \"full_attention\"";
    QTest::addRow("layer_types sliding without sliding_window")
        << with(sliding + ']') << u"sliding_window: missing, but layer_types"_s;

    QTest::addRow("experts without per-token count")
        << with(R"("num_local_experts": 8)") << u"num_experts_per_tok: missing"_s;
    QTest::addRow("experts per token above experts")
        << with(R"("num_local_experts": 8, "num_experts_per_tok": 9)")
        << u"num_experts_per_tok: 9 is outside 1-8"_s;
    QTest::addRow("experts negative")
        << with(R"("n_routed_experts": -8)") << u"n_routed_experts: -8 is negative"_s;
    QTest::addRow("experts string")
        << with(R"("num_local_experts": "8")") << u"num_local_experts: expected an integer"_s;
    QTest::addRow("first dense past layers")
        << with(R"("num_local_experts": 8, "num_experts_per_tok": 2, "first_k_dense_replace": 33)")
        << u"first_k_dense_replace: 33 is outside 0-32"_s;
    QTest::addRow("kv_lora_rank without rope dim")
        << with(R"("kv_lora_rank": 512)") << u"qk_rope_head_dim: missing"_s;
    QTest::addRow("kv_lora_rank zero") << with(R"("kv_lora_rank": 0, "qk_rope_head_dim": 64)")
                                       << u"kv_lora_rank: 0 is not a positive integer"_s;
    QTest::addRow("kv_lora_rank float") << with(R"("kv_lora_rank": 512.5, "qk_rope_head_dim": 64)")
                                        << u"kv_lora_rank: 512.5 is not an integer"_s;
    QTest::addRow("qk_rope_head_dim negative")
        << with(R"("kv_lora_rank": 512, "qk_rope_head_dim": -64)")
        << u"qk_rope_head_dim: -64 is negative"_s;
    QTest::addRow("text_config incomplete")
        << QByteArray(R"({"model_type": "llava", "text_config": {"model_type": "llama",
            "vocab_size": 32064}})")
        << u"num_hidden_layers: missing"_s;
}

void TestHfConfig::errors()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, error);

    QString message;
    const auto imported = importHfConfig(json, &message);
    QVERIFY2(!imported, qPrintable(imported ? imported->model.attentionSummary() : QString()));
    QVERIFY2(message.startsWith(error), qPrintable(message));
    if (error == u"not JSON" && !json.trimmed().isEmpty())
        QVERIFY2(message.contains(u"offset"), qPrintable(message));
    QVERIFY(!importHfConfig(json, nullptr)); // no error pointer: still no crash
}

void TestHfConfig::fileImport()
{
    QString error;
    const auto imported = importHfConfigFile(fixture(u"gemma-2-9b.json"_s), &error);
    QVERIFY2(imported, qPrintable(error));
    QCOMPARE(imported->model.name, u"gemma-2-9b"_s);
    QVERIFY(imported->model.source.endsWith(u"gemma-2-9b.json"));

    QVERIFY(!importHfConfigFile(fixture(u"no-such-config.json"_s), &error));
    QVERIFY2(error.contains(u"no-such-config.json"), qPrintable(error));
}

void TestHfConfig::neverCrashes()
{
    // Every prefix and a set of byte substitutions of every fixture: a result or a reason.
    const QStringList files = {u"llama-3.1-70b.json"_s, u"gemma-2-9b.json"_s,
                               u"qwen2.5-72b.json"_s,   u"deepseek-v3.json"_s,
                               u"mixtral-8x7b.json"_s,  u"mistral-7b-v0.1.json"_s,
                               u"gpt-oss-20b.json"_s,   u"gemma-3-27b-it.json"_s};
    const QByteArray substitutes = "0-9.\"{}[]en, \xff";
    int imported = 0;
    for (const QString &file : files) {
        const QByteArray json = readFixture(file);
        QVERIFY(!json.isEmpty());
        auto check = [&](const QByteArray &bytes) {
            QString error;
            const auto r = importHfConfig(bytes, &error);
            if (r) {
                ++imported;
                QCOMPARE(r->model.validate(), QString());
            } else {
                QVERIFY(!error.isEmpty());
            }
        };
        for (qsizetype n = 0; n <= json.size(); n += 7)
            check(json.left(n));
        for (qsizetype i = 0; i < json.size(); i += 3) {
            QByteArray mutated = json;
            mutated[i] = substitutes.at(i % substitutes.size());
            check(mutated);
        }
    }
    QVERIFY(imported > 0);
}

QTEST_GUILESS_MAIN(TestHfConfig)
#include "tst_hf_config.moc"
