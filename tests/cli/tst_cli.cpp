// Runs the kvledger-cli binary itself: output, JSON keys, and every bad-input path.
#include "../pdf_text.h"
#include "cli_run.h"
#include "presets.h"
#include "scenario_file.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

class TestCli : public QObject
{
    Q_OBJECT
    using Run = kvl::test::CliRun;
    static Run run(const QStringList &args) { return kvl::test::runCli(args); }
    static QJsonObject json(const QStringList &args) { return kvl::test::cliJson(args); }

private slots:
    // Bad input is quoted escaped and cut: no terminal escape reaches stderr, and a 100 kB value
    // (about the most one argument can hold) makes a short line.
    void errorsQuoteInputSafely_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString escape = QStringLiteral("\x1b]0;owned\x07\x1b[2J");
        QTest::addRow("context") << QStringList{"ledger", "--context", escape};
        QTest::addRow("precision") << QStringList{"ledger", "--kv-precision", escape};
        QTest::addRow("command") << QStringList{escape};
        QTest::addRow("100 kB context")
            << QStringList{"ledger", "--context", QString(100000, u'9') + u'x'};
        QTest::addRow("100 kB strategy")
            << QStringList{"strategies", "--strategy", QString(100000, u'w')};
    }
    void errorsQuoteInputSafely()
    {
        QFETCH(QStringList, args);
        const kvl::test::CliRun r = kvl::test::runCli(args);
        QCOMPARE(r.exit, 2);
        QVERIFY2(!r.err.contains(QChar(0x1b)) && !r.err.contains(QChar(0x07)), qPrintable(r.err));
        QVERIFY2(r.err.size() < 1000, qPrintable(r.err.left(1000))); // the grammar included
    }

    void seedLedgerByDefault()
    {
        const Run r = run({});
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.out.contains(QStringLiteral("2 × 80 × 8 × 128 × 2 = 327,680 B")),
                 qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("Llama 3.1 70B")));
        QVERIFY(r.err.isEmpty());
    }

    void jsonKeys()
    {
        const QJsonObject o = json({QStringLiteral("ledger"), QStringLiteral("--json")});
        for (const char *key :
             {"kv_bytes_per_token", "kv_bytes_per_token_mha", "gqa_factor", "kv_bytes",
              "kv_bytes_per_gpu", "weight_bytes", "gpus_to_fit", "tp_degree", "seconds_per_token",
              "kv_seconds_per_token", "tokens_per_second", "response_seconds",
              "arithmetic_intensity", "ridge_point"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        QCOMPARE(o.value(QStringLiteral("kv_bytes_per_token")).toInteger(), 327680);
        QCOMPARE(o.value(QStringLiteral("kv_bytes")).toInteger(), 327680000000);
        QCOMPARE(o.value(QStringLiteral("gpus_to_fit")).toInt(), 6);
        QCOMPARE(o.value(QStringLiteral("tp_degree")).toInt(), 8);
    }

    // DeepSeek-V3.2 (DSA): held and read apart, by their keys; 61 layers of a 1,152 B latent
    // and a 132 B index key per token; a step at 131,072 tokens reads every index key and the
    // top 2,048 latents. With speculative decoding the MTP layer caches one more.
    void heldAndReadKeys()
    {
        const QString config = QString::fromUtf8(KVL_TEST_DATA) + u"/hf/deepseek-v3.2.json";
        QStringList args{
            QStringLiteral("ledger"),    QStringLiteral("--config"), config,
            QStringLiteral("--context"), QStringLiteral("128Ki"),    QStringLiteral("--gpus"),
            QStringLiteral("8"),         QStringLiteral("--json")};
        const QJsonObject o = json(args);
        QCOMPARE(o.value(QStringLiteral("kv_bytes_per_token")).toInteger(), 61 * 1284);
        QCOMPARE(o.value(QStringLiteral("kv_bytes")).toInteger(), qint64(61) * 1284 * 131072);
        const qint64 read = 61 * (qint64(132) * 131072 + 1152 * 2048);
        QCOMPARE(o.value(QStringLiteral("kv_bytes_read_per_step")).toInteger(), read);
        QCOMPARE(o.value(QStringLiteral("kv_bytes_read_per_token")).toInteger(), read);
        QCOMPARE(o.value(QStringLiteral("kv_bytes_read_per_gpu")).toInteger(), read);
        QCOMPARE(o.value(QStringLiteral("kv_bytes_per_gpu")).toInteger(),
                 qint64(61) * 1284 * 131072);
        QCOMPARE(o.value(QStringLiteral("state_bytes")).toInteger(), 0);
        const QJsonObject row =
            o.value(QStringLiteral("layers_by_kind")).toArray().first().toObject();
        QCOMPARE(row.value(QStringLiteral("kind")).toString(), QStringLiteral("dsa"));
        QCOMPARE(row.value(QStringLiteral("tokens_read")).toInteger(), 2048);
        args << QStringLiteral("--speculative") << QStringLiteral("on");
        QCOMPARE(json(args).value(QStringLiteral("kv_bytes_per_token")).toInteger(), 62 * 1284);
        args.removeLast();
        args << QStringLiteral("sometimes");
        const Run bad = run(args);
        QCOMPARE(bad.exit, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("--speculative")), qPrintable(bad.err));
        // The text ledger says so where the two differ.
        const Run text = run({QStringLiteral("ledger"), QStringLiteral("--config"), config,
                              QStringLiteral("--context"), QStringLiteral("128Ki")});
        QVERIFY2(text.out.contains(QStringLiteral("KV read per decode step")),
                 qPrintable(text.out));
        QVERIFY(!run({QStringLiteral("ledger")})
                     .out.contains(QStringLiteral("KV read per decode step")));
    }

    // A config.json becomes a preset file that reads back as the same model.
    void presetFromConfig()
    {
        const QString config = QString::fromUtf8(KVL_TEST_DATA) + u"/hf/mimo-v2-flash.json";
        const QJsonObject preset =
            json({QStringLiteral("presets"), QStringLiteral("--from-config"), config});
        QCOMPARE(preset.value(QStringLiteral("id")).toString(), QStringLiteral("mimo-v2-flash"));
        QCOMPARE(preset.value(QStringLiteral("layer_types")).toArray().size(), 3);
        QTemporaryDir home;
        QString why;
        const auto back = kvl::readModelPreset(QJsonDocument(preset).toJson(), &why);
        QVERIFY2(back, qPrintable(why));
        QCOMPARE(back->layerCount(kvl::AttentionKind::SlidingWindow), 39);
        QCOMPARE(run({QStringLiteral("presets"), QStringLiteral("--from-config"),
                      home.filePath(QStringLiteral("missing.json"))})
                     .exit,
                 2);
    }

    void referenceTable_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<qint64>("bytesPerToken");
        // cost-model.md section 8, bf16/fp16 KV, batch 1.
        QTest::addRow("llama-3.1-8b") << "llama-3.1-8b" << qint64(131072);
        QTest::addRow("llama-3.1-70b") << "llama-3.1-70b" << qint64(327680);
        QTest::addRow("llama-3.3-70b") << "llama-3.3-70b" << qint64(327680);
        QTest::addRow("llama-3.1-405b") << "llama-3.1-405b" << qint64(516096);
        QTest::addRow("mistral-7b-v0.1") << "mistral-7b-v0.1" << qint64(131072);
        QTest::addRow("mixtral-8x7b") << "mixtral-8x7b" << qint64(131072);
        QTest::addRow("qwen2.5-72b") << "qwen2.5-72b" << qint64(327680);
        QTest::addRow("gemma-2-9b") << "gemma-2-9b" << qint64(344064);
        QTest::addRow("deepseek-v3") << "deepseek-v3" << qint64(70272);
    }
    void referenceTable()
    {
        QFETCH(QString, model);
        QFETCH(qint64, bytesPerToken);
        const QJsonObject o = json(
            {QStringLiteral("ledger"), QStringLiteral("--json"), QStringLiteral("--model"), model});
        QCOMPARE(o.value(QStringLiteral("kv_bytes_per_token")).toInteger(), bytesPerToken);
    }

    void options_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("value");
        QTest::addRow("8 GPUs ~12 ms")
            << QStringList{"--gpus", "8"} << "kv_seconds_per_token" << 40.96e9 / 3.35e12;
        QTest::addRow("128Ki context")
            << QStringList{"--context", "128Ki"} << "kv_bytes" << 327680.0 * 131072;
        QTest::addRow("fp8 KV") << QStringList{"--kv-precision", "fp8"} << "kv_bytes_per_token"
                                << 163840.0;
        QTest::addRow("batch 4") << QStringList{"--batch", "4"} << "kv_bytes" << 4 * 327.68e9;
        QTest::addRow("H200") << QStringList{"--gpu", "h200"} << "kv_seconds_per_token"
                              << 327.68e9 / 4.8e12;
        QTest::addRow("efficiency") << QStringList{"--efficiency", "0.5"} << "kv_seconds_per_token"
                                    << 327.68e9 / 3.35e12 / 0.5;
    }
    void options()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, key);
        QFETCH(double, value);
        const QJsonObject o =
            json(QStringList{QStringLiteral("ledger"), QStringLiteral("--json")} + args);
        QCOMPARE(o.value(key).toDouble(), value);
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addRow("negative context") << QStringList{"ledger", "--context", "-5"}
                                          << "kvledger-cli: --context: \"-5\" is not a token count";
        QTest::addRow("context words") << QStringList{"ledger", "--context", "lots"} << "--context";
        QTest::addRow("context too long")
            << QStringList{"ledger", "--context", "1e9"} << "--context";
        QTest::addRow("gpus zero") << QStringList{"ledger", "--gpus", "0"} << "--gpus";
        QTest::addRow("image tokens without cross-attention")
            << QStringList{"ledger", "--image-tokens", "100"} << "--image-tokens";
        QTest::addRow("gpus text") << QStringList{"ledger", "--gpus", "eight"} << "--gpus";
        QTest::addRow("batch") << QStringList{"ledger", "--batch", "5000"} << "--batch";
        QTest::addRow("NaN efficiency")
            << QStringList{"ledger", "--efficiency", "nan"} << "--efficiency";
        QTest::addRow("precision")
            << QStringList{"ledger", "--kv-precision", "fp12"} << "--kv-precision";
        QTest::addRow("model") << QStringList{"ledger", "--model", "gpt-9"} << "--model";
        QTest::addRow("gpu") << QStringList{"ledger", "--gpu", "voodoo2"} << "--gpu";
        QTest::addRow("missing config")
            << QStringList{"ledger", "--config", "/nonexistent/config.json"} << "--config";
        QTest::addRow("missing scenario file")
            << QStringList{"ledger", "--scenario", "/nonexistent/x.kvledger"}
            << "--scenario: /nonexistent/x.kvledger";
        QTest::addRow("unknown option") << QStringList{"ledger", "--frobnicate"} << "frobnicate";
        QTest::addRow("unknown command") << QStringList{"explode"} << "explode";
        QTest::addRow("missing value") << QStringList{"ledger", "--context"} << "context";
        QTest::addRow("sweep quantity")
            << QStringList{"sweep", "--over", "context", "--quantity", "x"} << "--quantity";
        QTest::addRow("sweep over")
            << QStringList{"sweep", "--over", "time", "--quantity", "kv_bytes"} << "--over";
        QTest::addRow("units") << QStringList{"ledger", "--units", "furlongs"} << "--units";
        QTest::addRow("negative price")
            << QStringList{"ledger", "--gpu-hour-price", "-1"}
            << "kvledger-cli: --gpu-hour-price: \"-1\" is outside 0-1000";
        QTest::addRow("negative price in a session")
            << QStringList{"session", "--turns", "3", "--gpu-hour-price", "-0.5"}
            << "--gpu-hour-price";
        QTest::addRow("compute efficiency")
            << QStringList{"prefill", "--prompt", "1k", "--compute-efficiency", "0"}
            << "--compute-efficiency";
        QTest::addRow("zero turns") << QStringList{"session", "--turns", "0"} << "--turns";
        QTest::addRow("no turns") << QStringList{"session"} << "--turns";
        QTest::addRow("prefix cache")
            << QStringList{"session", "--turns", "2", "--prefix-cache", "maybe"}
            << "--prefix-cache: \"maybe\" is not on or off";
        QTest::addRow("session too long")
            << QStringList{"session", "--turns", "1000", "--turn-input", "1M"} << "session ends";
        QTest::addRow("no prompt") << QStringList{"prefill"} << "--prompt";
        QTest::addRow("zero prompt") << QStringList{"prefill", "--prompt", "0"} << "--prompt";
        QTest::addRow("chunk") << QStringList{"prefill", "--prompt", "1k", "--max-batched-tokens",
                                              "0"}
                               << "--max-batched-tokens";
        QTest::addRow("report language")
            << QStringList{"export", "--report", "/nonexistent/r.pdf", "--language", "tlh"}
            << "kvledger-cli: --language: \"tlh\" is not one of en, pt_BR";
        QTest::addRow("report chart")
            << QStringList{"export", "--report", "/nonexistent/r.pdf", "--chart", "memory,pie"}
            << "--chart: \"pie\"";
        QTest::addRow("report and out")
            << QStringList{"export", "--report", "/nonexistent/r.pdf", "--out", "x.png"}
            << "--out: not used with --report";
        QTest::addRow("report, no file") << QStringList{"export", "--report", ""} << "--report";
        QTest::addRow("report, unwritable")
            << QStringList{"export", "--report", "/proc/kvl-no-such-dir/r.pdf", "--chart", "memory"}
            << "kvledger-cli: --report: /proc/kvl-no-such-dir/r.pdf: ";
        QTest::addRow("batch sweep, nothing fits")
            << QStringList{"sweep", "--over", "batch", "--quantity", "seconds_per_token"}
            << "--over batch";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = run(args);
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(r.err.count(u'\n'), 1); // one line
        QVERIFY(r.out.isEmpty());
    }

    // A saved scenario is the starting point; options change it.
    void scenarioFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.kvledger"));
        kvl::Scenario s = kvl::Scenario::seed();
        s.batch = 4;
        QString error;
        QVERIFY2(kvl::saveScenarioFile(s, path, &error), qPrintable(error));
        const QJsonObject o =
            json({QStringLiteral("ledger"), QStringLiteral("--json"), QStringLiteral("--scenario"),
                  path, QStringLiteral("--context"), QStringLiteral("128Ki")});
        QCOMPARE(o.value(QStringLiteral("kv_bytes")).toDouble(), 4 * 327680.0 * 131072);
    }

    void brokenConfig()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"num_hidden_layers": 80, "num_attention_heads": "sixty-four"})");
        f.close();
        const Run r = run({QStringLiteral("ledger"), QStringLiteral("--config"), path});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains(QStringLiteral("num_attention_heads")), qPrintable(r.err));
        QCOMPARE(r.err.count(path), 1); // named once, whatever the reason

        const QString fifo = dir.filePath(QStringLiteral("fifo.json"));
        QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const Run f2 = run({QStringLiteral("ledger"), QStringLiteral("--config"), fifo});
        QCOMPARE(f2.exit, 2);
        QVERIFY2(f2.err.contains(QStringLiteral("FIFO")), qPrintable(f2.err));
        QCOMPARE(f2.err.count(fifo), 1);

        // A scenario file likewise, broken or a FIFO.
        const QString scenario = dir.filePath(QStringLiteral("broken.kvledger"));
        QFile s(scenario);
        QVERIFY(s.open(QIODevice::WriteOnly));
        s.write("{");
        s.close();
        for (const QString &file : {scenario, fifo}) {
            const Run r2 = run({QStringLiteral("ledger"), QStringLiteral("--scenario"), file});
            QCOMPARE(r2.exit, 2);
            QCOMPARE(r2.err.count(file), 1);
        }
    }

    void presets()
    {
        const QJsonObject o = json({QStringLiteral("presets"), QStringLiteral("--json")});
        QCOMPARE(o.value(QStringLiteral("models")).toArray().size(), 27);
        QCOMPARE(o.value(QStringLiteral("gpus")).toArray().size(),
                 15); // with GB200 and GB300 (NVL72)
        const Run r = run({QStringLiteral("presets")});
        QCOMPARE(r.exit, 0);
        QVERIFY(r.out.contains(QStringLiteral("deepseek-v3")));
        QVERIFY(r.out.contains(QStringLiteral("DSA: MLA 512+64, top 2048")));
        // The folder the README names, which the window reads too.
        const QString folder =
            QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
            QStringLiteral("/kvledger/presets/{models,gpus}/*.json");
        QVERIFY2(r.out.contains(folder), qPrintable(r.out));
    }

    void sweepCsv()
    {
        const Run r =
            run({QStringLiteral("sweep"), QStringLiteral("--over"), QStringLiteral("gpus"),
                 QStringLiteral("--quantity"), QStringLiteral("kv_bytes_per_gpu"),
                 QStringLiteral("--to"), QStringLiteral("16"), QStringLiteral("--csv")});
        QCOMPARE(r.exit, 0);
        const QStringList lines = r.out.trimmed().split(u'\n');
        QCOMPARE(lines.size(), 17);
        QCOMPARE(lines.at(0), QStringLiteral("gpus,kv_bytes_per_gpu"));
        QCOMPARE(lines.at(8), QStringLiteral("8,40960000000"));
        QCOMPARE(lines.at(16), QStringLiteral("16,40960000000"));
    }

    void probeJson()
    {
        const Run r =
            run({"probe", "--device", "host", "--bytes", "64Mi", "--samples", "3", "--json"});
        QCOMPARE(r.exit, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        for (const char *key :
             {"device", "bytes", "median_gbps", "best_gbps", "samples", "checksum_ok"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        QCOMPARE(o.value("device").toString(), QStringLiteral("host"));
        QCOMPARE(o.value("bytes").toInteger(), 64LL << 20);
        QVERIFY(o.value("checksum_ok").toBool());
        QVERIFY(o.value("median_gbps").toDouble() > 0);
        const Run bad = run({"probe", "--device", "tpu:0"});
        QCOMPARE(bad.exit, 2);
        QVERIFY(bad.err.contains("--device"));
    }

    // A wrong checksum (injected after the fill) voids the rates: null, exit 1, a message.
    void probeWrongChecksumIsVoid()
    {
        qputenv("KVL_PROBE_FAULT", "checksum");
        const Run r =
            run({"probe", "--device", "host", "--bytes", "64Mi", "--samples", "3", "--json"});
        qunsetenv("KVL_PROBE_FAULT");
        QCOMPARE(r.exit, 1);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value("checksum_ok").toBool(true), false);
        QVERIFY(o.value("median_gbps").isNull());
        QVERIFY(o.value("best_gbps").isNull());
        QVERIFY(r.err.contains("checksum"));
    }

    // Under a file-size limit (ulimit -f) the write that crosses it would raise SIGXFSZ and kill
    // the CLI without a word; it fails instead, names the limit and leaves no file behind.
    void fileSizeLimit_data()
    {
        QTest::addColumn<QString>("format");
        for (const char *f : {"png", "svg", "pdf", "csv"})
            QTest::addRow("%s", f) << QString::fromLatin1(f);
    }
    void fileSizeLimit()
    {
        QFETCH(QString, format);
        QTemporaryDir dir;
        const QString out = dir.filePath("chart." + format);
        QProcess p;
        p.start(QStringLiteral("sh"),
                {QStringLiteral("-c"), QStringLiteral("ulimit -f 1; exec \"$0\" \"$@\""),
                 QStringLiteral(KVL_CLI), QStringLiteral("export"), QStringLiteral("--chart"),
                 QStringLiteral("memory"), QStringLiteral("--out"), out});
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains(QStringLiteral("File too large")), qPrintable(err));
        QVERIFY(QDir(dir.path()).isEmpty());
    }

    // --report: the PDF report with the charts asked for, in the language asked for.
    void report_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("charts");
        QTest::addColumn<QString>("page"); // how "Page 1 of N" reads
        QTest::addRow("every chart") << QStringList{} << 9 << "Page %1 of %2";
        QTest::addRow("two, all options")
            << QStringList{"--chart", "session,latency", "--gpus", "8", "--units", "binary"} << 2
            << "Page %1 of %2";
        QTest::addRow("pt_BR") << QStringList{"--language", "pt_BR", "--chart", "memory"} << 1
                               << "Página %1 de %2";
    }
    void report()
    {
        QFETCH(QStringList, args);
        QFETCH(int, charts);
        QFETCH(QString, page);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.pdf"));
        const Run r = run(QStringList{"export", "--report", path} + args);
        QVERIFY2(r.exit == 0, qPrintable(r.err));
        QCOMPARE(r.out, path + u'\n');
        QFile pdf(path);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        if (!kvl::test::havePdfToText())
            QSKIP("pdftotext (poppler-utils) is not installed: the text is not checked");
        const QStringList pages = kvl::test::pdfPageTexts(path);
        QVERIFY(pages.size() >= 2 + charts);
        for (int i = 0; i < pages.size(); ++i)
            QVERIFY2(pages.at(i).contains(page.arg(i + 1).arg(pages.size())),
                     qPrintable(pages.at(i)));
        const bool portuguese = page.startsWith(u"Pág");
        const QString figure = portuguese ? QStringLiteral("Figura %1. ") : "Figure %1. ";
        for (int k = 1; k <= charts; ++k)
            QVERIFY(pages.at(pages.size() - charts + k - 1).contains(figure.arg(k)));
        QVERIFY(!pages.join(u' ').contains(figure.arg(charts + 1)));
        QVERIFY(
            pages.first().startsWith(portuguese ? "Relatório do KV Ledger" : "KV Ledger report"));
        if (portuguese)
            QVERIFY(pages.join(u' ').contains("1.000.000 tokens"));
    }

    // A FIFO or a folder as --report is refused by name and left as it was; nothing is written
    // beside it.
    void reportRefusesWhatIsNotAFile()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("fifo.pdf"));
        QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        for (const QString &path : {fifo, dir.path()}) {
            const Run r = run({"export", "--report", path, "--chart", "memory"});
            QCOMPARE(r.exit, 2);
            QVERIFY2(r.err.startsWith(u"kvledger-cli: --report: ") && r.err.contains(path),
                     qPrintable(r.err));
            QCOMPARE(r.err.count(u'\n'), 1);
            QVERIFY(r.out.isEmpty());
        }
        QCOMPARE(
            QDir(dir.path())
                .entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot | QDir::Hidden),
            QStringList{"fifo.pdf"});
        struct stat st
        {
        };
        QCOMPARE(stat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
    }

    void costKey()
    {
        // Seed on 8 GPUs: 12.2 ms per token (KV 40.96 GB + weights 17.64 GB per GPU at 3.35 TB/s);
        // 8 × $2 / 3600 × 10^6 × t.
        const QJsonObject o = json({"ledger", "--json", "--gpus", "8", "--gpu-hour-price", "2"});
        const double t = (141107412992.0 / 8 + 40.96e9) / 3.35e12;
        QCOMPARE(o.value("seconds_per_token").toDouble(), t);
        QCOMPARE(o.value("cost_per_million_output_tokens").toDouble(), 8 * 2.0 / 3600 * 1e6 * t);
        QCOMPARE(o.value("scenario").toObject().value("gpu_hour_price").toDouble(), 2.0);
        QVERIFY(run({"ledger", "--gpus", "8"}).out.contains("Cost per million output tokens"));
    }

    void prefillJson()
    {
        // Llama 3.1 8B (8,030,261,248 parameters, bf16) on one H100, 1,000 tokens from nothing:
        // 2 × 8,030,261,248 × 1000 + 32 × 4 × 128 × 32 × 500,500 FLOP at 989e12 FLOP/s.
        const QJsonObject o =
            json({"prefill", "--model", "llama-3.1-8b", "--prompt", "1000", "--json"});
        for (const char *key : {"prefill_seconds", "flops", "bytes", "bound", "chunks"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        const double flops = 2 * 8030261248.0 * 1000 + 524288.0 * 500500;
        QCOMPARE(o.value("flops").toDouble(), flops);
        QCOMPARE(o.value("prefill_seconds").toDouble(), flops / 989e12);
        QCOMPARE(o.value("bound").toString(), QStringLiteral("compute"));
        QCOMPARE(o.value("chunks").toInt(), 1);
        // At compute efficiency 0.5, twice as long; 20k tokens in 3 chunks of up to 8192.
        const QJsonObject half = json({"prefill", "--model", "llama-3.1-8b", "--prompt", "1000",
                                       "--compute-efficiency", "0.5", "--json"});
        QCOMPARE(half.value("prefill_seconds").toDouble(), 2 * flops / 989e12);
        QCOMPARE(json({"prefill", "--prompt", "20000", "--json"}).value("chunks").toInt(), 3);
        QCOMPARE(run({"prefill", "--prompt", "1k"}).exit, 0);
    }

    void sessionJson_data()
    {
        QTest::addColumn<QString>("prefixCache");
        QTest::addRow("on") << "on";
        QTest::addRow("off") << "off";
    }
    void sessionJson()
    {
        QFETCH(QString, prefixCache);
        const QJsonObject o =
            json({"session", "--model", "llama-3.1-8b", "--context", "1000", "--turns", "3",
                  "--turn-input", "500", "--response", "100", "--prefix-cache", prefixCache,
                  "--gpu-hour-price", "3.99", "--json"});
        for (const char *key : {"session_seconds", "session_cost", "turns"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        const QJsonArray turns = o.value("turns").toArray();
        QCOMPARE(turns.size(), 3);
        double cost = 0;
        for (int i = 0; i < 3; ++i) {
            const QJsonObject t = turns.at(i).toObject();
            for (const char *key : {"context", "prefill_seconds", "decode_seconds", "cost"})
                QVERIFY2(t.contains(QLatin1String(key)), key);
            QCOMPARE(t.value("context").toInteger(), 1000 + 600 * i); // + 500 in, 100 out
            cost += t.value("cost").toDouble();
        }
        QCOMPARE(o.value("session_cost").toDouble(), cost);
        QCOMPARE(o.value("session_cost").toDouble(),
                 3.99 * o.value("session_seconds").toDouble() / 3600);
        QVERIFY(o.value("first_turn_not_fitting").isNull());
        QCOMPARE(run({"session", "--turns", "2", "--context", "1000"}).exit, 0);
    }

    void sweepBatch()
    {
        // Llama 3.1 8B (bf16, 16.06 GB) on one H100 at 8,192 tokens: 1 GiB of KV a sequence,
        // (80e9 − 16,060,522,496) / 1,073,741,824 = 59.5: batches 1..59.
        const Run r =
            run({"sweep", "--over", "batch", "--quantity", "cost_per_million_output_tokens",
                 "--model", "llama-3.1-8b", "--context", "8Ki", "--gpu-hour-price", "2", "--csv"});
        QCOMPARE(r.exit, 0);
        const QStringList lines = r.out.trimmed().split(u'\n');
        QCOMPARE(lines.size(), 60);
        QCOMPARE(lines.at(0), QStringLiteral("batch,cost_per_million_output_tokens"));
        const double t = (16060522496.0 + 8192 * 131072.0) / 3.35e12;
        const double cost = 2.0 / 3600 * 1e6 * t; // the CSV has 12 significant digits
        QVERIFY(qAbs(lines.at(1).section(u',', 1).toDouble() / cost - 1) < 1e-10);
    }

    void help()
    {
        const Run r = run({QStringLiteral("ledger"), QStringLiteral("--help")});
        QCOMPARE(r.exit, 0);
        QVERIFY(r.out.contains(QStringLiteral("--kv-precision")));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
