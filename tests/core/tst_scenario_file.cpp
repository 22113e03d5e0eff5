#include "kv_strategy.h"
#include "presets.h"
#include "scenario_file.h"
#include "synthetic_mass.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <sys/resource.h>

using namespace kvl;

Q_DECLARE_METATYPE(kvl::ScenarioDocumentData)

class TestScenarioFile : public QObject
{
    Q_OBJECT
    static QJsonObject seedJson() { return scenarioToJson(Scenario::seed()); }

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<Scenario>("scenario");
        QTest::addRow("seed") << Scenario::seed();
        Scenario s = Scenario::seed();
        s.model = *PresetLibrary::instance().model(QStringLiteral("gemma-2-9b"));
        s.gpu = *PresetLibrary::instance().gpu(QStringLiteral("h200"));
        s.gpus = 4;
        s.context = 131072;
        s.batch = 16;
        s.kvPrecision = *Precision::parse(QStringLiteral("int4:g128"));
        s.weightPrecision = Precision::of(NumberFormat::FP8);
        s.efficiency = 0.83;
        s.memoryFraction = 0.9;
        s.responseTokens = 250;
        s.computeEfficiency = 0.6;
        s.gpuHourPrice = 2.49;
        QTest::addRow("everything changed") << s;
        Scenario d = Scenario::seed();
        d.model = *PresetLibrary::instance().model(QStringLiteral("deepseek-v3"));
        QTest::addRow("MLA + MoE") << d;
        Scenario m = Scenario::seed();
        m.measured = MeasuredBandwidth{"cuda:0", "NVIDIA H200", 4.1e12,
                                       4.2e12,   4LL << 30,     {{1e6, 9.5e12}, {4e9, 4.1e12}}};
        QTest::addRow("with a measurement") << m;
        Scenario mimo = Scenario::seed();
        mimo.model = *PresetLibrary::instance().model(QStringLiteral("mimo-v2-flash"));
        QTest::addRow("layer types of their own") << mimo;
        Scenario dsa = Scenario::seed();
        dsa.model = *PresetLibrary::instance().model(QStringLiteral("deepseek-v3.2"));
        dsa.speculativeDecoding = true;
        QTest::addRow("DSA, speculative decoding") << dsa;
        Scenario engine = Scenario::seed();
        engine.engine = QStringLiteral("sglang");
        QTest::addRow("a serving engine") << engine;
    }
    void roundTrip()
    {
        QFETCH(Scenario, scenario);
        QString error;
        const auto back = readScenario(writeScenario(scenario), &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        QVERIFY(*back == scenario);
    }

    void broken_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("message");
        QTest::addRow("empty") << QByteArray() << "not valid JSON";
        QTest::addRow("truncated") << writeScenario(Scenario::seed()).left(100) << "not valid JSON";
        QTest::addRow("array") << QByteArray("[1,2]") << "not a JSON object";
        QTest::addRow("other format")
            << QByteArray(R"({"format":"something"})") << "not a KV Ledger scenario";
        QJsonObject o = seedJson();
        o.insert("speculative_decoding", "yes");
        QTest::addRow("speculative_decoding a string")
            << QJsonDocument(o).toJson() << "speculative_decoding: expected true or false";
        o = seedJson();
        o.insert("engine", 3);
        QTest::addRow("engine a number") << QJsonDocument(o).toJson() << "engine: expected a name";
        o.insert("engine", "ollama");
        QTest::addRow("engine without constants")
            << QJsonDocument(o).toJson() << "engine: \"ollama\" has no fitted constants";
        o = seedJson();
        o.insert("version", 99);
        QTest::addRow("future version") << QJsonDocument(o).toJson() << "version 99";
        // Not "written by a newer KV Ledger": no version was ever 0 or negative.
        for (const int v : {0, -3}) {
            o.insert("version", v);
            QTest::addRow("version %d", v)
                << QJsonDocument(o).toJson() << QStringLiteral("version %1 is no scenario").arg(v);
        }
        o = seedJson();
        o.remove("context");
        QTest::addRow("missing context") << QJsonDocument(o).toJson() << "context: missing";
        o = seedJson();
        o.insert("batch", "many");
        QTest::addRow("batch is text") << QJsonDocument(o).toJson() << "batch";
        o = seedJson();
        o.insert("efficiency", -1);
        QTest::addRow("negative efficiency") << QJsonDocument(o).toJson() << "efficiency";
        o = seedJson();
        o.insert("kv_precision", "fp12");
        QTest::addRow("unknown precision") << QJsonDocument(o).toJson() << "kv_precision";
        o = seedJson();
        QJsonObject model = o.value("model").toObject();
        model.insert("kv_heads", 3);
        o.insert("model", model);
        QTest::addRow("kv heads not dividing") << QJsonDocument(o).toJson() << "kv_heads";
        o = seedJson();
        o.insert("context", 1.5);
        QTest::addRow("fractional context") << QJsonDocument(o).toJson() << "context";
        o = seedJson();
        o.insert("measured", QJsonObject{{"median_bytes_per_second", -4}});
        QTest::addRow("negative measurement") << QJsonDocument(o).toJson() << "measured bandwidth";
        // Values that once passed and overflowed (inf/NaN) or cast out of range (undefined).
        o = seedJson();
        o.insert("kv_precision", "int4:g2147483648");
        QTest::addRow("group size 2^31") << QJsonDocument(o).toJson() << "group size";
        o = seedJson();
        o.insert("efficiency", 1e-300);
        QTest::addRow("efficiency near zero") << QJsonDocument(o).toJson() << "efficiency";
        o = seedJson();
        o.insert(QStringLiteral("gpu_hour_price"), -1);
        QTest::addRow("negative price") << QJsonDocument(o).toJson() << "GPU-hour price";
        o.insert(QStringLiteral("gpu_hour_price"), QStringLiteral("cheap"));
        QTest::addRow("price is text") << QJsonDocument(o).toJson() << "gpu_hour_price";
        o = seedJson();
        o.insert(QStringLiteral("compute_efficiency"), 1e-300);
        QTest::addRow("compute efficiency near zero")
            << QJsonDocument(o).toJson() << "compute efficiency";
        o = seedJson();
        o.insert("memory_fraction", 5e-324);
        QTest::addRow("memory fraction near zero")
            << QJsonDocument(o).toJson() << "memory fraction";
        o = seedJson();
        QJsonObject gpu = o.value("gpu").toObject();
        gpu.insert("bandwidth_bytes_per_second", 1e-300);
        o.insert("gpu", gpu);
        QTest::addRow("bandwidth near zero") << QJsonDocument(o).toJson() << "bandwidth";
        o = seedJson();
        o.insert("measured", QJsonObject{{"median_bytes_per_second", 1e12},
                                         {"best_bytes_per_second", 1e12},
                                         {"buffer_bytes", 1e300}});
        QTest::addRow("measured buffer 1e300") << QJsonDocument(o).toJson() << "buffer_bytes";
        o = seedJson();
        o.insert("measured", QJsonObject{{"median_bytes_per_second", 1e-300},
                                         {"best_bytes_per_second", 1e-300},
                                         {"buffer_bytes", 1 << 30}});
        QTest::addRow("measured bandwidth near zero")
            << QJsonDocument(o).toJson() << "measured bandwidth";
    }
    // Files written before compute_efficiency and gpu_hour_price read with their defaults.
    void olderFileDefaults()
    {
        QJsonObject o = seedJson();
        o.remove(QStringLiteral("compute_efficiency"));
        o.remove(QStringLiteral("gpu_hour_price"));
        QString error;
        const auto s = readScenario(QJsonDocument(o).toJson(), &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->computeEfficiency, 1.0);
        QCOMPARE(s->gpuHourPrice, 3.99);
        QVERIFY(*s == Scenario::seed());
    }

    // A version-2 document: the baseline and what the window showed come back as they were.
    void documentRoundTrip_data()
    {
        QTest::addColumn<ScenarioDocumentData>("document");
        QTest::addRow("scenario only") << ScenarioDocumentData{Scenario::seed(), {}, {}};
        Scenario fp8 = Scenario::seed();
        fp8.kvPrecision = Precision::of(NumberFormat::FP8);
        QTest::addRow("fp8 against an fp16 baseline")
            << ScenarioDocumentData{fp8, Scenario::seed(), {}};
        ViewState v;
        v.tab = QStringLiteral("strategies");
        v.units = ByteUnits::Binary;
        const auto spec = [](const char *text) {
            return KvStrategy::parse(QString::fromLatin1(text))->spec();
        };
        v.strategies =
            QList<ViewState::Strategy>{{spec("fp8"), true}, {spec("window:4096,sinks:4"), false}};
        v.rooflinePrompt = 32000;
        v.mass = ViewState::Mass{
            SyntheticMass::parse(QStringLiteral("power-law:exponent=1.2"))->spec(), {}, 64, 0.05};
        v.session = ViewState::Session{20, 2000, 500};
        v.reality = RealityQuantity::Ttft;
        QTest::addRow("every view part") << ScenarioDocumentData{fp8, Scenario::seed(), v};
        ViewState file;
        file.mass = ViewState::Mass{{}, QStringLiteral("/data/attention mass.npy"), 16, 0.01};
        QTest::addRow("a mass file") << ScenarioDocumentData{Scenario::seed(), {}, file};
    }
    void documentRoundTrip()
    {
        QFETCH(ScenarioDocumentData, document);
        QString error;
        const QByteArray written = writeScenarioDocument(document);
        const auto back = readScenarioDocument(written, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        QVERIFY(*back == document);
        QCOMPARE(writeScenarioDocument(*back), written);
        QCOMPARE(QJsonDocument::fromJson(written).object().value("version").toInt(), 3);
    }

    // A version-1 file (no baseline, no view) opens as it always did.
    void versionOneReads()
    {
        QJsonObject o = seedJson();
        o.insert(QStringLiteral("version"), 1);
        QString error;
        const auto d = readScenarioDocument(QJsonDocument(o).toJson(), &error);
        QVERIFY2(d, qPrintable(error));
        QVERIFY(d->scenario == Scenario::seed());
        QVERIFY(!d->baseline);
        QVERIFY(d->view == ViewState());
    }

    void brokenDocument_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("message");
        const auto with = [](const QString &key, const QJsonValue &value) {
            QJsonObject o = seedJson();
            o.insert(key, value);
            return QJsonDocument(o).toJson();
        };
        QJsonObject baseline = seedJson();
        baseline.insert(QStringLiteral("kv_precision"), QStringLiteral("fp12"));
        QTest::addRow("baseline precision")
            << with(QStringLiteral("baseline"), baseline) << "baseline: kv_precision";
        QTest::addRow("baseline not an object")
            << with(QStringLiteral("baseline"), 3) << "baseline: model";
        const auto view = [&](const QJsonObject &v) { return with(QStringLiteral("view"), v); };
        QTest::addRow("units") << view({{"units", "furlongs"}}) << "view: units: not si or binary";
        QTest::addRow("tab not text") << view({{"tab", 4}}) << "view: tab";
        QTest::addRow("strategy spec")
            << view({{"strategies", QJsonArray{QJsonObject{{"spec", "window:-1"}}}}})
            << "view: strategies";
        QTest::addRow("strategies not a list") << view({{"strategies", "fp8"}}) << "strategies";
        QTest::addRow("roofline prompt")
            << view({{"roofline_prompt", 0}}) << "view: roofline_prompt: 0 tokens";
        QTest::addRow("reality quantity")
            << view({{"reality", "itl"}}) << "view: reality: expected \"tpot\" or \"ttft\"";
        QTest::addRow("mass block") << view({{"mass", QJsonObject{{"block_size", 0},
                                                                  {"top_fraction", 0.01},
                                                                  {"synthetic", "uniform"}}}})
                                    << "view: mass: mass: block_size";
        QTest::addRow("mass both sources") << view({{"mass", QJsonObject{{"block_size", 16},
                                                                         {"top_fraction", 0.01},
                                                                         {"synthetic", "uniform"},
                                                                         {"file", "a.npy"}}}})
                                           << "either synthetic or file";
        QTest::addRow("mass synthetic") << view({{"mass", QJsonObject{{"block_size", 16},
                                                                      {"top_fraction", 0.01},
                                                                      {"synthetic", "zipf"}}}})
                                        << "view: mass";
        QTest::addRow("session turns")
            << view({{"session", QJsonObject{{"turns", 0}, {"turn_input", 10}, {"response", 5}}}})
            << "view: session: turns";
        QTest::addRow("session past the context limit")
            << view({{"session",
                      QJsonObject{{"turns", 1000}, {"turn_input", 1e6}, {"response", 5}}}})
            << "view: session";
    }
    void brokenDocument()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!readScenarioDocument(data, &error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void broken()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!readScenario(data, &error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void failedSaveKeepsOldFile()
    {
        // A full disk, simulated with a file-size limit (works as root too).
        QTemporaryDir dir;
        const QString path = dir.filePath("a.kvledger");
        QString error;
        QVERIFY(saveScenarioFile(Scenario::seed(), path, &error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray before = f.readAll();
        f.close();

        Scenario other = Scenario::seed();
        other.gpus = 8;
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit old{};
        getrlimit(RLIMIT_FSIZE, &old);
        rlimit tiny = old;
        tiny.rlim_cur = 64;
        setrlimit(RLIMIT_FSIZE, &tiny);
        const bool saved = saveScenarioFile(other, path, &error);
        setrlimit(RLIMIT_FSIZE, &old);
        QVERIFY(!saved);
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary left
    }

    void unwritablePath()
    {
        QString error;
        QVERIFY(!saveScenarioFile(Scenario::seed(), "/proc/kvledger/none.kvledger", &error));
        QVERIFY(error.contains("/proc/kvledger/none.kvledger"));
        QVERIFY(!loadScenarioFile("/nonexistent/x.kvledger", &error));
        QVERIFY(error.contains("/nonexistent/x.kvledger"));
    }
};

QTEST_GUILESS_MAIN(TestScenarioFile)
#include "tst_scenario_file.moc"
