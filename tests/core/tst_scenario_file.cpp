#include "presets.h"
#include "scenario_file.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <sys/resource.h>

using namespace kvl;

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
