// Bundled presets against the reference table (cost-model.md section 8), the preset JSON
// format, and user folders that override or break.
#include "presets.h"

#include "test_models.h"
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <QTest>

using namespace kvl;
using namespace Qt::StringLiterals;
using kvl::test::layerKinds;

namespace {

// KV bytes for one token summed over the layers, at 2 bytes per element (bf16/fp16).
qint64 kvBytesPerToken(const ModelSpec &m)
{
    const Precision fp16 = Precision::of(NumberFormat::FP16);
    qint64 sum = 0;
    for (int l = 0; l < m.layers; ++l)
        sum += m.layerCache(m.layerType(l)).heldBytesPerToken(fp16);
    return sum;
}

// KV bytes at context `context`: windowed layers stop at the window.
qint64 kvBytesAt(const ModelSpec &m, qint64 context)
{
    const Precision fp16 = Precision::of(NumberFormat::FP16);
    qint64 sum = 0;
    for (int l = 0; l < m.layers; ++l)
        sum += qint64(m.layerCache(m.layerType(l)).heldBytes(fp16, context));
    return sum;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    f.write(bytes);
}

QByteArray toBytes(const QJsonObject &o)
{
    return QJsonDocument(o).toJson();
}

QJsonObject llama8bJson()
{
    return QJsonObject{
        {u"id"_s, u"test-8b"_s},
        {u"name"_s, u"Test 8B"_s},
        {u"layers"_s, 32},
        {u"query_heads"_s, 32},
        {u"kv_heads"_s, 8},
        {u"head_dim"_s, 128},
        {u"hidden_size"_s, 4096},
        {u"intermediate_size"_s, 14336},
        {u"vocab_size"_s, 128256},
        {u"tie_word_embeddings"_s, false},
        {u"native_precision"_s, u"bf16"_s},
    };
}

QJsonObject h100Json()
{
    return QJsonObject{
        {u"id"_s, u"test-gpu"_s},
        {u"name"_s, u"Test GPU"_s},
        {u"memory_bytes"_s, 80e9},
        {u"bandwidth_bytes_per_second"_s, 3.35e12},
        {u"peak_flops"_s, QJsonObject{{u"bf16"_s, 989e12}, {u"fp8"_s, 1979e12}}},
    };
}

QStringList indexEntries(const QString &folder)
{
    QFile f(QString::fromUtf8(KVL_TEST_DATA) + u"/../../resources/presets/index.txt");
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QStringList ids;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QString entry = QString::fromUtf8(line.trimmed());
        if (entry.startsWith(folder + u'/'))
            ids << QFileInfo(entry).completeBaseName();
    }
    return ids;
}

} // namespace

class TestPresets : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void bundledLoadWithoutErrors();
    void bundledOrder();
    void referenceModels_data();
    void referenceModels();
    void windowedLayersStopGrowing();
    void mhaEquivalent();
    void parameters_data();
    void parameters();
    void referenceGpus_data();
    void referenceGpus();
    void reportedMemory_data();
    void reportedMemory();
    void roundTripBundled();
    void roundTripUnusual();
    void layerTypesRoundTrip();
    void gpuRoundTrip();
    void modelErrors_data();
    void modelErrors();
    void gpuErrors_data();
    void gpuErrors();
    void moeWithoutExpertSize();
    void userFolderCannotReplaceBuiltIns();
    void userIdTakenOnce();
    void brokenUserFiles_data();
    void brokenUserFiles();
    void presetDocuments_data();
    void presetDocuments();
    void missingFolderIsFine();
    void userDirectory();
};

void TestPresets::initTestCase()
{
    // Keep the real user folder out of instance().
    QStandardPaths::setTestModeEnabled(true);
}

void TestPresets::bundledLoadWithoutErrors()
{
    const PresetLibrary lib = PresetLibrary::load({});
    QVERIFY2(lib.errors().isEmpty(), qPrintable(lib.errors().join(u'\n')));

    // Every file in index.txt is compiled in and loads under its file name as id.
    const QStringList models = indexEntries(u"models"_s);
    const QStringList gpus = indexEntries(u"gpus"_s);
    QVERIFY(!models.isEmpty());
    QCOMPARE(lib.models().size(), models.size());
    QCOMPARE(lib.gpus().size(), gpus.size());
    for (const QString &id : models) {
        const auto m = lib.model(id);
        QVERIFY2(m, qPrintable(id));
        QVERIFY(!m->name.isEmpty());
        QVERIFY2(m->source.contains(u"config.json"), qPrintable(id));
        QCOMPARE(m->validate(), QString());
    }
    for (const QString &id : gpus) {
        const auto g = lib.gpu(id);
        QVERIFY2(g, qPrintable(id));
        QVERIFY(!g->source.isEmpty());
        QCOMPARE(g->validate(), QString());
    }
    QVERIFY(!lib.model(u"no-such-model"_s));
    QVERIFY(!lib.gpu(u"no-such-gpu"_s));

    // The app's instance has the same bundled presets (test mode keeps user files out).
    QVERIFY(PresetLibrary::instance().model(u"llama-3.1-70b"_s));
    QVERIFY(PresetLibrary::instance().gpu(u"h100-sxm"_s));
}

void TestPresets::bundledOrder()
{
    // Digits compare as numbers: 8B, 70B, 405B, not 405B, 70B, 8B.
    const PresetLibrary lib = PresetLibrary::load({});
    QStringList ids;
    for (const ModelSpec &m : lib.models())
        ids << m.id;
    QVERIFY(ids.indexOf(u"llama-3.1-8b"_s) < ids.indexOf(u"llama-3.1-70b"_s));
    QVERIFY(ids.indexOf(u"llama-3.1-70b"_s) < ids.indexOf(u"llama-3.1-405b"_s));
    QVERIFY(ids.indexOf(u"llama-3.1-405b"_s) < ids.indexOf(u"llama-3.3-70b"_s));
}

void TestPresets::referenceModels_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("queryHeads");
    QTest::addColumn<int>("kvHeads");
    QTest::addColumn<int>("headDim");
    QTest::addColumn<qint64>("kvBytes");
    QTest::addColumn<QString>("kinds"); // per layer: F full, W window, L latent
    QTest::addColumn<qint64>("window");

    const QString full80 = QString(u"F"_s).repeated(80);
    // Reference values: cost-model.md section 8.
    QTest::addRow("llama-3.1-8b") << u"llama-3.1-8b"_s << 32 << 32 << 8 << 128 << qint64(131072)
                                  << QString(u"F"_s).repeated(32) << qint64(0);
    QTest::addRow("llama-3.1-70b")
        << u"llama-3.1-70b"_s << 80 << 64 << 8 << 128 << qint64(327680) << full80 << qint64(0);
    QTest::addRow("llama-3.3-70b")
        << u"llama-3.3-70b"_s << 80 << 64 << 8 << 128 << qint64(327680) << full80 << qint64(0);
    QTest::addRow("llama-3.1-405b") << u"llama-3.1-405b"_s << 126 << 128 << 8 << 128
                                    << qint64(516096) << QString(u"F"_s).repeated(126) << qint64(0);
    QTest::addRow("mistral-7b-v0.1: window on every layer")
        << u"mistral-7b-v0.1"_s << 32 << 32 << 8 << 128 << qint64(131072)
        << QString(u"W"_s).repeated(32) << qint64(4096);
    QTest::addRow("mixtral-8x7b") << u"mixtral-8x7b"_s << 32 << 32 << 8 << 128 << qint64(131072)
                                  << QString(u"F"_s).repeated(32) << qint64(0);
    QTest::addRow("qwen2.5-72b: full despite sliding_window in config")
        << u"qwen2.5-72b"_s << 80 << 64 << 8 << 128 << qint64(327680) << full80 << qint64(0);
    // 344,064 if every layer were global; head_dim 256, not 3584 / 16 = 224.
    QTest::addRow("gemma-2-9b: alternating, layer 0 local")
        << u"gemma-2-9b"_s << 42 << 16 << 8 << 256 << qint64(344064)
        << QString(u"WF"_s).repeated(21) << qint64(4096);
    QTest::addRow("deepseek-v3: MLA 512 + 64, 61 layers, no factor 2")
        << u"deepseek-v3"_s << 61 << 128 << 128 << 128 << qint64(70272)
        << QString(u"L"_s).repeated(61) << qint64(0);
    // The 2026 presets, from their configs (tests/data/hf/SOURCES.md): 2 × layers × KV heads
    // × head_dim × 2 B over the layers that cache tokens.
    QTest::addRow("qwen3-8b") << u"qwen3-8b"_s << 36 << 32 << 8 << 128
                              << qint64(36 * 2 * 8 * 128 * 2) << QString(u"F"_s).repeated(36)
                              << qint64(0);
    QTest::addRow("qwen3-235b-a22b")
        << u"qwen3-235b-a22b"_s << 94 << 64 << 4 << 128 << qint64(94 * 2 * 4 * 128 * 2)
        << QString(u"F"_s).repeated(94) << qint64(0);
    QTest::addRow("qwen3-next-80b-a3b: 12 of 48 layers cache tokens")
        << u"qwen3-next-80b-a3b"_s << 48 << 16 << 2 << 256 << qint64(12 * 2 * 2 * 256 * 2)
        << QString(u"NNNF"_s).repeated(12) << qint64(0);
    QTest::addRow("gpt-oss-20b") << u"gpt-oss-20b"_s << 24 << 64 << 8 << 64
                                 << qint64(24 * 2 * 8 * 64 * 2) << QString(u"WF"_s).repeated(12)
                                 << qint64(128);
    QTest::addRow("gpt-oss-120b") << u"gpt-oss-120b"_s << 36 << 64 << 8 << 64
                                  << qint64(36 * 2 * 8 * 64 * 2) << QString(u"WF"_s).repeated(18)
                                  << qint64(128);
    QTest::addRow("llama-4-scout: chunked on 3 of 4 layers")
        << u"llama-4-scout"_s << 48 << 40 << 8 << 128 << qint64(48 * 2 * 8 * 128 * 2)
        << QString(u"CCCF"_s).repeated(12) << qint64(0);
    QTest::addRow("gemma-3-27b") << u"gemma-3-27b"_s << 62 << 32 << 16 << 128
                                 << qint64(62 * 2 * 16 * 128 * 2)
                                 << QString(u"WWWWWF"_s).repeated(11).left(62) << qint64(1024);
    QTest::addRow("kimi-k2: MLA") << u"kimi-k2"_s << 61 << 64 << 64 << 128
                                  << qint64(61 * (512 + 64) * 2) << QString(u"L"_s).repeated(61)
                                  << qint64(0);
    QTest::addRow("glm-4.5-air") << u"glm-4.5-air"_s << 46 << 96 << 8 << 128
                                 << qint64(46 * 2 * 8 * 128 * 2) << QString(u"F"_s).repeated(46)
                                 << qint64(0);
}

void TestPresets::referenceModels()
{
    QFETCH(QString, id);
    QFETCH(int, layers);
    QFETCH(int, queryHeads);
    QFETCH(int, kvHeads);
    QFETCH(int, headDim);
    QFETCH(qint64, kvBytes);
    QFETCH(QString, kinds);
    QFETCH(qint64, window);

    const auto m = PresetLibrary::load({}).model(id);
    QVERIFY(m);
    QCOMPARE(m->id, id);
    QCOMPARE(m->layers, layers);
    QCOMPARE(m->queryHeads, queryHeads);
    QCOMPARE(m->kvHeads, kvHeads);
    QCOMPARE(m->headDim, headDim);
    QCOMPARE(kvBytesPerToken(*m), kvBytes);
    QCOMPARE(layerKinds(*m), kinds);
    if (m->hasKind(AttentionKind::SlidingWindow))
        QCOMPARE(m->window, window);
    QCOMPARE(m->sinkTokens, qint64(0));
}

void TestPresets::windowedLayersStopGrowing()
{
    // The alternating-layer trap: neither all-global nor all-local.
    const auto lib = PresetLibrary::load({});
    const auto gemma = lib.model(u"gemma-2-9b"_s);
    QVERIFY(gemma);
    const qint64 perLayer = 2 * 8 * 256 * 2; // 8,192 B per token per layer
    QCOMPARE(kvBytesAt(*gemma, 4096), 42 * perLayer * 4096);
    QCOMPARE(kvBytesAt(*gemma, 1'000'000), 21 * perLayer * 1'000'000 + 21 * perLayer * 4096);

    const auto mistral = lib.model(u"mistral-7b-v0.1"_s);
    QVERIFY(mistral);
    QCOMPARE(kvBytesAt(*mistral, 1'000'000), kvBytesAt(*mistral, 4096));
    QCOMPARE(kvBytesAt(*mistral, 4096), qint64(131072) * 4096);
}

void TestPresets::mhaEquivalent()
{
    const auto m = PresetLibrary::load({}).model(u"llama-3.1-70b"_s);
    QVERIFY(m);
    QCOMPARE(kvBytesPerToken(m->mhaEquivalent()), qint64(2621440));
    QCOMPARE(kvBytesPerToken(m->mqaEquivalent()), qint64(40960));
}

void TestPresets::parameters_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("total");
    QTest::addColumn<double>("active");
    QTest::addColumn<double>("estimateTolerance"); // relative gap allowed to estimateParameters()

    // Exact counts from the checkpoint shapes; the Llama and Mistral shapes are estimated
    // exactly, the others carry biases or norms the estimate leaves out.
    QTest::addRow("llama-3.1-8b") << u"llama-3.1-8b"_s << 8030261248.0 << 8030261248.0 << 0.0;
    QTest::addRow("llama-3.1-70b") << u"llama-3.1-70b"_s << 70553706496.0 << 70553706496.0 << 0.0;
    QTest::addRow("llama-3.3-70b") << u"llama-3.3-70b"_s << 70553706496.0 << 70553706496.0 << 0.0;
    QTest::addRow("llama-3.1-405b")
        << u"llama-3.1-405b"_s << 405853388800.0 << 405853388800.0 << 0.0;
    QTest::addRow("mistral-7b-v0.1") << u"mistral-7b-v0.1"_s << 7241732096.0 << 7241732096.0 << 0.0;
    QTest::addRow("mixtral-8x7b") << u"mixtral-8x7b"_s << 46702792704.0 << 12879925248.0 << 0.0;
    QTest::addRow("qwen2.5-72b") << u"qwen2.5-72b"_s << 72706203648.0 << 72706203648.0 << 1e-4;
    QTest::addRow("gemma-2-9b") << u"gemma-2-9b"_s << 9241705984.0 << 9241705984.0 << 1e-4;
    QTest::addRow("deepseek-v3") << u"deepseek-v3"_s << 671026419200.0 << 37552297472.0 << 1e-4;
}

void TestPresets::parameters()
{
    QFETCH(QString, id);
    QFETCH(double, total);
    QFETCH(double, active);
    QFETCH(double, estimateTolerance);

    const auto m = PresetLibrary::load({}).model(id);
    QVERIFY(m);
    QCOMPARE(m->parameters(), total);
    QCOMPARE(m->parametersActive(), active);
    const double estimate = m->estimateParameters();
    const double activeEstimate = m->estimateActiveParameters();
    QVERIFY2(std::abs(estimate - total) <= estimateTolerance * total,
             qPrintable(u"estimate %1 vs %2"_s.arg(estimate, 0, 'f', 0).arg(total, 0, 'f', 0)));
    QVERIFY2(
        std::abs(activeEstimate - active) <= estimateTolerance * active,
        qPrintable(u"active %1 vs %2"_s.arg(activeEstimate, 0, 'f', 0).arg(active, 0, 'f', 0)));
}

void TestPresets::referenceGpus_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("memory");
    QTest::addColumn<double>("bandwidth");
    QTest::addColumn<double>("bf16");
    QTest::addColumn<double>("fp8");

    // Dense rates, SI units: cost-model.md section 8.
    QTest::addRow("a100-80gb-sxm") << u"a100-80gb-sxm"_s << 80e9 << 2.039e12 << 312e12 << 0.0;
    QTest::addRow("h100-sxm") << u"h100-sxm"_s << 80e9 << 3.35e12 << 989e12 << 1979e12;
    QTest::addRow("h100-pcie") << u"h100-pcie"_s << 80e9 << 2.0e12 << 756e12 << 1513e12;
    QTest::addRow("h200") << u"h200"_s << 141e9 << 4.8e12 << 989e12 << 1979e12;
    QTest::addRow("b200") << u"b200"_s << 180e9 << 7.7e12 << 2250e12 << 4500e12;
    QTest::addRow("mi300x") << u"mi300x"_s << 192e9 << 5.3e12 << 1307e12 << 2615e12;
    QTest::addRow("rtx-4090") << u"rtx-4090"_s << 24e9 << 1.008e12 << 165e12 << 330e12;
}

void TestPresets::referenceGpus()
{
    QFETCH(QString, id);
    QFETCH(double, memory);
    QFETCH(double, bandwidth);
    QFETCH(double, bf16);
    QFETCH(double, fp8);

    const auto g = PresetLibrary::load({}).gpu(id);
    QVERIFY(g);
    QCOMPARE(g->memoryBytes, memory); // 80e9, not 80 GiB
    QCOMPARE(g->bandwidth, bandwidth);
    QCOMPARE(g->peakBf16, bf16); // dense, not the 2:4-sparse 2x
    QCOMPARE(g->peakFp8, fp8);
    QVERIFY2(g->notes.contains(u"dense", Qt::CaseInsensitive) &&
                 g->notes.contains(u"sparse", Qt::CaseInsensitive),
             qPrintable(g->notes));
}

void TestPresets::reportedMemory_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("mib");
    // What nvidia-smi reports, not the datasheet label: cost-model.md section 12.
    QTest::addRow("h100-sxm: 81,559 MiB") << u"h100-sxm"_s << 81559.0;
    QTest::addRow("a100-80gb-sxm: 81,920 MiB") << u"a100-80gb-sxm"_s << 81920.0;
    QTest::addRow("h200: 143,771 MiB") << u"h200"_s << 143771.0;
}

void TestPresets::reportedMemory()
{
    QFETCH(QString, id);
    QFETCH(double, mib);
    const auto g = PresetLibrary::load({}).gpu(id);
    QVERIFY(g);
    QCOMPARE(g->reportedMemoryBytes, mib * 1024 * 1024);
    QVERIFY(!g->reportedMemorySource.isEmpty());
}

void TestPresets::roundTripBundled()
{
    const PresetLibrary lib = PresetLibrary::load({});
    for (const ModelSpec &m : lib.models()) {
        QString error;
        const QJsonObject json = modelToJson(m);
        auto back = modelFromJson(json, &error);
        QVERIFY2(back, qPrintable(m.id + u": " + error));
        QCOMPARE(modelToJson(*back), json);
        // Through text as well: doubles keep every digit.
        const auto reparsed = QJsonDocument::fromJson(toBytes(json)).object();
        back = modelFromJson(reparsed, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(modelToJson(*back), json);
        QCOMPARE(back->totalParameters, m.totalParameters);
        QCOMPARE(back->layerPattern, m.layerPattern);
        QCOMPARE(back->nativePrecision, m.nativePrecision);
        // The model itself, every field: a saved scenario reopens as the same preset.
        QVERIFY2(*back == m, qPrintable(m.id));
    }
}

void TestPresets::roundTripUnusual()
{
    ModelSpec m;
    m.id = u"custom"_s;
    m.name = u"Odd \"model\" \u00e9"_s;
    m.layers = 7;
    m.queryHeads = 12;
    m.kvHeads = 4;
    m.headDim = 96;
    m.hiddenSize = 1000;
    m.intermediateSize = 3001;
    m.vocabSize = 50257;
    m.tieWordEmbeddings = true;
    m.experts = 16;
    m.expertsPerToken = 3;
    m.sharedExperts = 2;
    m.moeIntermediateSize = 777;
    m.firstDenseLayers = 1;
    m.window = 1234567;
    m.sinkTokens = 4;
    m.layerPattern = {AttentionKind::SlidingWindow, AttentionKind::SlidingWindow,
                      AttentionKind::Full};
    m.totalParameters = 123456789012.0;
    m.activeParameters = 0.5;
    // Not expressible as a short spec: an int4 with 8-bit scales per 64.
    m.nativePrecision = Precision{NumberFormat::INT4, 64, 8};

    QString error;
    const QJsonObject json = modelToJson(m);
    const auto back = modelFromJson(QJsonDocument::fromJson(toBytes(json)).object(), &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->name, m.name);
    QCOMPARE(back->window, m.window);
    QCOMPARE(back->sinkTokens, m.sinkTokens);
    QCOMPARE(back->layerPattern, m.layerPattern);
    QCOMPARE(back->activeParameters, m.activeParameters);
    QCOMPARE(back->nativePrecision, m.nativePrecision);
    QCOMPARE(modelToJson(*back), json);
}

// Layer types with shapes of their own write a table and an index per layer, and read back the
// same; a bad entry is named.
void TestPresets::layerTypesRoundTrip()
{
    QJsonObject o = llama8bJson();
    o.insert(u"layer_types"_s,
             QJsonArray{QJsonObject{{u"kind"_s, u"window"_s},
                                    {u"kv_heads"_s, 4},
                                    {u"head_dim"_s, 192},
                                    {u"value_head_dim"_s, 128},
                                    {u"window"_s, 512},
                                    {u"ffn"_s, u"moe"_s}},
                        QJsonObject{{u"kind"_s, u"full"_s}, {u"shares_cache"_s, true}},
                        QJsonObject{{u"kind"_s, u"none"_s}, {u"ffn"_s, u"dense"_s}}});
    o.insert(u"layer_pattern"_s, QJsonArray{0, 0, 1, 2});
    QString error;
    const auto m = modelFromJson(o, &error);
    QVERIFY2(m, qPrintable(error));
    QCOMPARE(m->layerPattern.size(), 4);
    QCOMPARE(m->layerType(1).kvHeads, 4);
    QCOMPARE(m->valueDimOf(m->layerType(0)), 128);
    QVERIFY(m->layerType(2).sharesCache);
    QCOMPARE(m->layerType(3).kind, AttentionKind::NoMixer);
    // 32 layers repeat the four: 16 sliding (4 × (192 + 128) × 2 B), 8 full reading another
    // layer's cache (nothing held), 8 without attention.
    QCOMPARE(m->layerCount(AttentionKind::SlidingWindow), 16);
    const QJsonObject written = modelToJson(*m);
    QCOMPARE(written.value(u"layer_types"_s).toArray().size(), 3);
    const auto back = modelFromJson(written, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(*back == *m);

    o.insert(u"layer_pattern"_s, QJsonArray{0, 3});
    QVERIFY(!modelFromJson(o, &error));
    QVERIFY2(error.startsWith(u"layer_pattern[1]: 3 is outside 0-2"_s), qPrintable(error));
    o.insert(u"layer_types"_s, QJsonArray{QJsonObject{{u"kind"_s, u"warp"_s}}});
    QVERIFY(!modelFromJson(o, &error));
    QVERIFY2(error.startsWith(u"layer_types[0]: kind: expected one of"_s), qPrintable(error));
}

void TestPresets::gpuRoundTrip()
{
    const PresetLibrary lib = PresetLibrary::load({});
    for (const GpuSpec &g : lib.gpus()) {
        QString error;
        const QJsonObject json = gpuToJson(g);
        const auto back = gpuFromJson(QJsonDocument::fromJson(toBytes(json)).object(), &error);
        QVERIFY2(back, qPrintable(g.id + u": " + error));
        QCOMPARE(gpuToJson(*back), json);
        QCOMPARE(back->peakFp32, g.peakFp32);
        QCOMPARE(back->notes, g.notes);
    }
}

void TestPresets::modelErrors_data()
{
    QTest::addColumn<QString>("key");      // field to change ("" = none)
    QTest::addColumn<QJsonValue>("value"); // undefined = remove
    QTest::addColumn<QString>("error");    // expected start of the message

    const QJsonValue removed(QJsonValue::Undefined);
    for (const char *key : {"layers", "query_heads", "kv_heads", "head_dim", "hidden_size",
                            "intermediate_size", "vocab_size"}) {
        const QString k = QString::fromLatin1(key);
        QTest::addRow("%s missing", key) << k << removed << k + u": missing";
        QTest::addRow("%s string", key) << k << QJsonValue(u"32"_s) << k + u": expected an integer";
        QTest::addRow("%s negative", key) << k << QJsonValue(-3) << k + u": -3 is not a positive";
        QTest::addRow("%s zero", key) << k << QJsonValue(0) << k + u": 0 is not a positive";
        QTest::addRow("%s huge", key) << k << QJsonValue(1e300) << k + u": 1e+300 is outside";
    }
    QTest::addRow("layers fractional")
        << u"layers"_s << QJsonValue(32.5) << u"layers: 32.5 is not an integer"_s;
    QTest::addRow("layers boolean")
        << u"layers"_s << QJsonValue(true) << u"layers: expected an integer, got a boolean"_s;
    QTest::addRow("layers null") << u"layers"_s << QJsonValue(QJsonValue::Null)
                                 << u"layers: expected an integer, got null"_s;
    QTest::addRow("layers list") << u"layers"_s << QJsonValue(QJsonArray{32})
                                 << u"layers: expected an integer, got a list"_s;
    QTest::addRow("layers over limit")
        << u"layers"_s << QJsonValue(257) << u"layers: 257 is outside 1-256"_s;
    QTest::addRow("layers NaN string")
        << u"layers"_s << QJsonValue(u"NaN"_s) << u"layers: expected an integer, got a string"_s;
    QTest::addRow("kv_heads not dividing")
        << u"kv_heads"_s << QJsonValue(3) << u"kv_heads: 3 does not divide query_heads 32"_s;
    QTest::addRow("kv_heads above heads") << u"kv_heads"_s << QJsonValue(64) << u"kv_heads:"_s;
    QTest::addRow("head_dim over limit")
        << u"head_dim"_s << QJsonValue(5000) << u"head_dim: 5000 is outside"_s;
    QTest::addRow("tie string") << u"tie_word_embeddings"_s << QJsonValue(u"false"_s)
                                << u"tie_word_embeddings: expected true or false"_s;
    QTest::addRow("id number") << u"id"_s << QJsonValue(7) << u"id: expected a string"_s;
    QTest::addRow("pattern unknown")
        << u"layer_pattern"_s << QJsonValue(QJsonArray{u"global"_s}) << u"layer_pattern[0]:"_s;
    QTest::addRow("pattern not list")
        << u"layer_pattern"_s << QJsonValue(u"full"_s) << u"layer_pattern: expected a list"_s;
    QTest::addRow("pattern empty")
        << u"layer_pattern"_s << QJsonValue(QJsonArray{}) << u"layer_pattern: needs"_s;
    QTest::addRow("window pattern, no window")
        << u"layer_pattern"_s << QJsonValue(QJsonArray{u"window"_s}) << u"window:"_s;
    QTest::addRow("latent pattern, no rank")
        << u"layer_pattern"_s << QJsonValue(QJsonArray{u"latent"_s}) << u"kv_lora_rank:"_s;
    QTest::addRow("window negative")
        << u"window"_s << QJsonValue(-1) << u"window: -1 is negative"_s;
    // Layer types: a table, and the pattern indexing it.
    QTest::addRow("pattern index without types")
        << u"layer_pattern"_s << QJsonValue(QJsonArray{0}) << u"layer_pattern[0]: expected"_s;
    QTest::addRow("dsa pattern, no indexer")
        << u"layer_pattern"_s << QJsonValue(QJsonArray{u"dsa"_s}) << u"kv_lora_rank:"_s;
    QTest::addRow("cross pattern, no image tokens")
        << u"layer_pattern"_s << QJsonValue(QJsonArray{u"cross"_s}) << u"image_tokens:"_s;
    QTest::addRow("conv pattern, no conv dim")
        << u"layer_pattern"_s << QJsonValue(QJsonArray{u"conv"_s}) << u"short_conv_dim:"_s;
    QTest::addRow("speculative layers negative")
        << u"mtp_layers"_s << QJsonValue(-1) << u"mtp_layers: -1 is negative"_s;
    QTest::addRow("precision unknown")
        << u"native_precision"_s << QJsonValue(u"fp9"_s) << u"native_precision:"_s;
    QTest::addRow("precision number")
        << u"native_precision"_s << QJsonValue(16) << u"native_precision: expected a precision"_s;
    QTest::addRow("total negative")
        << u"total_parameters"_s << QJsonValue(-1) << u"total_parameters: -1 is outside"_s;
    QTest::addRow("total string") << u"total_parameters"_s << QJsonValue(u"70B"_s)
                                  << u"total_parameters: expected a number"_s;
    QTest::addRow("experts negative")
        << u"experts"_s << QJsonValue(-8) << u"experts: -8 is negative"_s;
    QTest::addRow("first_dense_layers beyond layers")
        << u"first_dense_layers"_s << QJsonValue(33)
        << u"first_dense_layers: 33 is more than layers 32"_s;
}

void TestPresets::modelErrors()
{
    QFETCH(QString, key);
    QFETCH(QJsonValue, value);
    QFETCH(QString, error);

    QJsonObject o = llama8bJson();
    if (value.isUndefined())
        o.remove(key);
    else
        o.insert(key, value);
    QString message;
    QVERIFY(!modelFromJson(o, &message));
    QVERIFY2(message.startsWith(error), qPrintable(message));
    QVERIFY(!modelFromJson(o, nullptr)); // no error pointer: still no crash
}

void TestPresets::gpuErrors_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("error");

    const QJsonValue removed(QJsonValue::Undefined);
    QTest::addRow("memory missing") << u"memory_bytes"_s << removed << u"memory_bytes: missing"_s;
    QTest::addRow("memory string")
        << u"memory_bytes"_s << QJsonValue(u"80 GB"_s) << u"memory_bytes: expected a number"_s;
    QTest::addRow("memory negative")
        << u"memory_bytes"_s << QJsonValue(-80e9) << u"memory_bytes:"_s;
    QTest::addRow("memory zero") << u"memory_bytes"_s << QJsonValue(0) << u"memory_bytes:"_s;
    QTest::addRow("bandwidth missing")
        << u"bandwidth_bytes_per_second"_s << removed << u"bandwidth_bytes_per_second: missing"_s;
    QTest::addRow("bandwidth huge")
        << u"bandwidth_bytes_per_second"_s << QJsonValue(1e300) << u"bandwidth_bytes_per_second:"_s;
    QTest::addRow("peaks missing") << u"peak_flops"_s << removed << u"peak_flops: missing"_s;
    QTest::addRow("peaks number") << u"peak_flops"_s << QJsonValue(989e12)
                                  << u"peak_flops: expected an object"_s;
    QTest::addRow("bf16 missing") << u"peak_flops"_s << QJsonValue(QJsonObject{{u"fp8"_s, 1979e12}})
                                  << u"peak_flops.bf16: missing"_s;
    QTest::addRow("fp8 negative") << u"peak_flops"_s
                                  << QJsonValue(QJsonObject{{u"bf16"_s, 989e12}, {u"fp8"_s, -1}})
                                  << u"peak_flops.fp8:"_s;
    QTest::addRow("bf16 string") << u"peak_flops"_s
                                 << QJsonValue(QJsonObject{{u"bf16"_s, u"989T"_s}})
                                 << u"peak_flops.bf16: expected a number"_s;
    QTest::addRow("name number") << u"name"_s << QJsonValue(1) << u"name: expected a string"_s;
    // Positive but so small that every time and GPU count derived from them overflows.
    QTest::addRow("memory near zero")
        << u"memory_bytes"_s << QJsonValue(1e-300) << u"memory_bytes: 1e-300 is outside"_s;
    QTest::addRow("bandwidth near zero") << u"bandwidth_bytes_per_second"_s << QJsonValue(1e-300)
                                         << u"bandwidth_bytes_per_second: 1e-300 is outside"_s;
    QTest::addRow("bf16 near zero")
        << u"peak_flops"_s << QJsonValue(QJsonObject{{u"bf16"_s, 1e-300}})
        << u"peak_flops.bf16: 1e-300 is outside"_s;
    QTest::addRow("fp8 near zero")
        << u"peak_flops"_s << QJsonValue(QJsonObject{{u"bf16"_s, 989e12}, {u"fp8"_s, 1e-300}})
        << u"peak_flops.fp8: 1e-300 is outside"_s;
}

// A MoE preset without moe_intermediate_size or active_parameters: its experts, sized from
// intermediate_size, outweigh the published total, so the active count would be zero or
// negative (negative bytes read, a compute-bound verdict). Refused, naming the field.
void TestPresets::moeWithoutExpertSize()
{
    QJsonObject o = modelToJson(*PresetLibrary::load({}).model(u"qwen3-next-80b-a3b"_s));
    QVERIFY(modelFromJson(o, nullptr));
    o.remove(u"moe_intermediate_size"_s);
    o.remove(u"active_parameters"_s);
    QString message;
    QVERIFY(!modelFromJson(o, &message));
    QVERIFY2(message.contains(u"intermediate_size: experts of 5120"_s), qPrintable(message));
    QVERIFY2(message.contains(u"active_parameters"_s), qPrintable(message));
}

void TestPresets::gpuErrors()
{
    QFETCH(QString, key);
    QFETCH(QJsonValue, value);
    QFETCH(QString, error);

    QJsonObject o = h100Json();
    if (value.isUndefined())
        o.remove(key);
    else
        o.insert(key, value);
    QString message;
    QVERIFY(!gpuFromJson(o, &message));
    QVERIFY2(message.startsWith(error), qPrintable(message));
}

void TestPresets::userFolderCannotReplaceBuiltIns()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Same id as a bundled preset: refused by name, the built-in kept (it once replaced it
    // without a word: `layers: 1` made Llama 3.1 70B 4,096 B per token). A new id: appended.
    QJsonObject llama = modelToJson(*PresetLibrary::load({}).model(u"llama-3.1-70b"_s));
    llama[u"name"_s] = u"My Llama"_s;
    llama[u"layers"_s] = 1;
    writeFile(dir.filePath(u"models/llama-3.1-70b.json"_s), toBytes(llama));
    writeFile(dir.filePath(u"models/test-8b.json"_s), toBytes(llama8bJson()));
    QJsonObject gpu = h100Json();
    gpu[u"id"_s] = u"h100-sxm"_s;
    gpu[u"bandwidth_bytes_per_second"_s] = 3.0e12;
    writeFile(dir.filePath(u"gpus/measured.json"_s), toBytes(gpu));
    writeFile(dir.filePath(u"models/readme.txt"_s), "not a preset, not *.json");

    const PresetLibrary bundled = PresetLibrary::load({});
    const PresetLibrary lib = PresetLibrary::load({dir.path()});
    QCOMPARE(lib.errors().size(), 2);
    QVERIFY2(lib.errors().at(0).endsWith(u"llama-3.1-70b.json: id \"llama-3.1-70b\" is a "
                                         u"built-in preset's; give yours an id of its own"_s),
             qPrintable(lib.errors().at(0)));
    QVERIFY2(lib.errors().at(1).contains(u"measured.json: id \"h100-sxm\" is a built-in"_s),
             qPrintable(lib.errors().at(1)));
    QCOMPARE(lib.models().size(), bundled.models().size() + 1);
    QCOMPARE(lib.gpus().size(), bundled.gpus().size());
    QCOMPARE(lib.model(u"llama-3.1-70b"_s)->name, bundled.model(u"llama-3.1-70b"_s)->name);
    QCOMPARE(kvBytesPerToken(*lib.model(u"llama-3.1-70b"_s)), qint64(327680));
    QCOMPARE(lib.models().last().id, u"test-8b"_s);
    QCOMPARE(lib.gpu(u"h100-sxm"_s)->bandwidth, bundled.gpu(u"h100-sxm"_s)->bandwidth);
}

void TestPresets::userIdTakenOnce()
{
    QTemporaryDir first, second;
    QJsonObject a = llama8bJson();
    a[u"name"_s] = u"first"_s;
    QJsonObject b = llama8bJson();
    b[u"name"_s] = u"second"_s;
    writeFile(first.filePath(u"models/a.json"_s), toBytes(a));
    writeFile(second.filePath(u"models/b.json"_s), toBytes(b));
    const PresetLibrary lib = PresetLibrary::load({first.path(), second.path()});
    QCOMPARE(lib.model(u"test-8b"_s)->name, u"first"_s);
    QCOMPARE(lib.errors().size(), 1);
    QVERIFY2(lib.errors().first().endsWith(u"b.json: id \"test-8b\" is already models/a.json's"_s),
             qPrintable(lib.errors().first()));
}

void TestPresets::brokenUserFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("reason");

    QJsonObject noLayers = llama8bJson();
    noLayers.remove(u"layers"_s);
    QJsonObject badKv = llama8bJson();
    badKv[u"kv_heads"_s] = 3;
    QJsonObject noId = llama8bJson();
    noId.remove(u"id"_s);
    QJsonObject gpuNoPeaks = h100Json();
    gpuNoPeaks.remove(u"peak_flops"_s);

    QTest::addRow("not JSON") << u"models/broken.json"_s << QByteArray("{\"layers\": 32,")
                              << u"not JSON"_s;
    QTest::addRow("empty") << u"models/empty.json"_s << QByteArray() << u"not JSON"_s;
    QTest::addRow("array") << u"models/list.json"_s << QByteArray("[1, 2]")
                           << u"not a JSON object"_s;
    QTest::addRow("missing layers")
        << u"models/x.json"_s << toBytes(noLayers) << u"layers: missing"_s;
    QTest::addRow("kv not dividing")
        << u"models/kv.json"_s << toBytes(badKv) << u"kv_heads: 3 does not divide query_heads 32"_s;
    QTest::addRow("no id") << u"models/noid.json"_s << toBytes(noId) << u"id: missing"_s;
    QTest::addRow("gpu without peaks")
        << u"gpus/g.json"_s << toBytes(gpuNoPeaks) << u"peak_flops: missing"_s;
    QTest::addRow("model in gpus folder")
        << u"gpus/m.json"_s << toBytes(llama8bJson()) << u"memory_bytes: missing"_s;
    QTest::addRow("binary") << u"models/bin.json"_s << QByteArray("\x00\xff\xfe{", 4)
                            << u"not JSON"_s;
    QTest::addRow("huge") << u"models/huge.json"_s << QByteArray(2 << 20, ' ')
                          << u"larger than 1 MiB"_s;
}

void TestPresets::brokenUserFiles()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, reason);

    QTemporaryDir dir;
    writeFile(dir.filePath(file), content);
    writeFile(dir.filePath(u"models/good.json"_s), toBytes(llama8bJson()));
    const PresetLibrary lib = PresetLibrary::load({dir.path()});
    QCOMPARE(lib.errors().size(), 1);
    const QString error = lib.errors().first();
    QVERIFY2(error.contains(QDir::toNativeSeparators(file) + u": " + reason), qPrintable(error));
    // The rest still loads.
    QVERIFY(lib.model(u"test-8b"_s));
    QVERIFY(lib.model(u"llama-3.1-70b"_s));
}

void TestPresets::presetDocuments_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("model");
    QTest::addColumn<QString>("name");   // of the preset read
    QTest::addColumn<QString>("reason"); // empty: accepted

    QJsonObject noName = llama8bJson();
    noName.remove(u"name"_s);
    QJsonObject noId = h100Json();
    noId.remove(u"id"_s);
    QByteArray twice = toBytes(llama8bJson());
    twice.replace("\"layers\": 32,", "\"layers\": 32, \"layers\": 16,");

    QTest::addRow("model") << toBytes(llama8bJson()) << true << u"Test 8B"_s << QString();
    QTest::addRow("model named by its id") << toBytes(noName) << true << u"test-8b"_s << QString();
    QTest::addRow("gpu") << toBytes(h100Json()) << false << u"Test GPU"_s << QString();
    QTest::addRow("gpu without id") << toBytes(noId) << false << QString() << u"id: missing"_s;
    QTest::addRow("model as gpu") << toBytes(llama8bJson()) << false << QString()
                                  << u"memory_bytes: missing"_s;
    QTest::addRow("key twice") << twice << true << QString() << u"\"layers\" appears twice"_s;
    QTest::addRow("not JSON") << QByteArray("{\"layers\": 32,") << true << QString()
                              << u"not JSON"_s;
    QTest::addRow("array") << QByteArray("[1, 2]") << false << QString() << u"not a JSON object"_s;
}

// One preset document read as the library reads each file, with no folder around it.
void TestPresets::presetDocuments()
{
    QFETCH(QByteArray, bytes);
    QFETCH(bool, model);
    QFETCH(QString, name);
    QFETCH(QString, reason);

    QString error;
    std::optional<QString> read;
    if (model) {
        if (const auto m = readModelPreset(bytes, &error))
            read = m->name;
    } else if (const auto g = readGpuPreset(bytes, &error)) {
        read = g->name;
    }
    QCOMPARE(read.has_value(), reason.isEmpty());
    if (read)
        QCOMPARE(*read, name);
    QVERIFY2(error.contains(reason), qPrintable(error));
    // The error is optional.
    QCOMPARE(model ? readModelPreset(bytes, nullptr).has_value()
                   : readGpuPreset(bytes, nullptr).has_value(),
             reason.isEmpty());
}

void TestPresets::missingFolderIsFine()
{
    const PresetLibrary lib = PresetLibrary::load({u"/nonexistent/kvl-presets"_s, QString()});
    QVERIFY(lib.errors().isEmpty());
    QCOMPARE(lib.models().size(), PresetLibrary::load({}).models().size());
}

// The folder the README names, ~/.local/share/kvledger/presets (the data home, a private one in
// this test), the same for the window and the CLI whatever the organization and application.
void TestPresets::userDirectory()
{
    const QString expected = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
                             u"/kvledger/presets"_s;
    QCoreApplication::setOrganizationName(u"kvledger"_s);
    QCoreApplication::setApplicationName(u"kvledger"_s);
    QCOMPARE(PresetLibrary::userDirectory(), expected);
    QCoreApplication::setApplicationName(u"kvledger-cli"_s);
    QCOMPARE(PresetLibrary::userDirectory(), expected);
}

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
