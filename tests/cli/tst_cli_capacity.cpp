// kvledger-cli capacity: JSON keys and figures, exit codes, and every bad-input path.
#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

class TestCliCapacity : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const QString &name, const QByteArray &text) const
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
            return {};
        return path;
    }

    // Llama 3.1 8B, 20e9 B of KV: 9,536 blocks of 65,536 B, 152,576 tokens (tst_capacity).
    static QStringList llama8b()
    {
        return {QStringLiteral("capacity"),     QStringLiteral("--model"),
                QStringLiteral("llama-3.1-8b"), QStringLiteral("--context"),
                QStringLiteral("128Ki"),        QStringLiteral("--kv-cache-memory"),
                QStringLiteral("20e9")};
    }

private slots:
    void jsonKeys_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("value"); // NaN: only present
        QTest::addRow("kv memory") << "kv_cache_memory_bytes" << 20e9;
        QTest::addRow("page") << "page_size_bytes" << 65536.0;
        QTest::addRow("blocks") << "num_blocks" << 9536.0;
        QTest::addRow("tokens") << "kv_cache_tokens" << 152576.0;
        QTest::addRow("concurrency") << "max_concurrency" << 9536.0 / 8192;
        QTest::addRow("non-KV") << "non_kv_memory_bytes" << qQNaN();
        QTest::addRow("version") << "vllm_version" << qQNaN();
        QTest::addRow("log lines") << "log_lines" << qQNaN();
    }
    void jsonKeys()
    {
        QFETCH(QString, key);
        QFETCH(double, value);
        const kvl::test::CliRun r = kvl::test::runCli(llama8b() << QStringLiteral("--json"));
        QCOMPARE(r.exit, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY2(o.contains(key), qPrintable(key));
        if (!qIsNaN(value))
            QCOMPARE(o.value(key).toDouble(), value);
    }

    void logLinesAndVersion()
    {
        const QJsonObject o = kvl::test::cliJson(llama8b() << QStringLiteral("--json"));
        const QJsonArray lines = o.value(QStringLiteral("log_lines")).toArray();
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0).toString(), QStringLiteral("GPU KV cache size: 152,576 tokens"));
        QCOMPARE(lines.at(1).toString(),
                 QStringLiteral("Maximum concurrency for 131,072 tokens per request: 1.16x"));
        QVERIFY(o.value(QStringLiteral("vllm_version")).toString().startsWith(u"vLLM V1"));
        const kvl::test::CliRun text = kvl::test::runCli(llama8b());
        QVERIFY2(text.out.contains(QStringLiteral("GPU KV cache size: 152,576 tokens")),
                 qPrintable(text.out));
    }

    // vLLM would refuse to start: its error, status 1, the figures still printed.
    void refused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("start");
        QTest::addRow("negative budget")
            << QStringList{"capacity", "--json"} << "No available memory for the cache blocks.";
        QTest::addRow("does not fit")
            << QStringList{"capacity",          "--json", "--model",         "llama-3.1-8b",
                           "--kv-cache-memory", "1e9",    "--max-model-len", "128Ki"}
            << "To serve at least one request with the models's max seq len (131072)";
    }
    void refused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, start);
        const kvl::test::CliRun r = kvl::test::runCli(args);
        QCOMPARE(r.exit, 1);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY2(o.value(QStringLiteral("error")).toString().startsWith(start), qPrintable(r.out));
    }

    void fromLog()
    {
        // The log of the same setup: predicted over logged is 1.
        const QString log = write(
            QStringLiteral("same.log"),
            "(EngineCore_DP0 pid=1) INFO 12-02 10:00:00 [kv_cache_utils.py:1307] GPU KV cache "
            "size: 152,576 tokens\n(EngineCore_DP0 pid=1) INFO 12-02 10:00:00 "
            "[kv_cache_utils.py:1312] Maximum concurrency for 131,072 tokens per request: "
            "1.16x\n");
        const kvl::test::CliRun r = kvl::test::runCli(
            llama8b() << QStringLiteral("--json") << QStringLiteral("--from-log") << log);
        QCOMPARE(r.exit, 0);
        const QJsonObject logged = QJsonDocument::fromJson(r.out.toUtf8())
                                       .object()
                                       .value(QStringLiteral("from_log"))
                                       .toObject();
        QCOMPARE(logged.value(QStringLiteral("kv_cache_tokens")).toInteger(), 152576);
        QCOMPARE(logged.value(QStringLiteral("kv_cache_tokens_ratio")).toDouble(), 1.0);
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        QTest::addRow("negative utilization")
            << QStringList{"--gpu-memory-utilization", "-0.5"} << "--gpu-memory-utilization";
        QTest::addRow("NaN utilization")
            << QStringList{"--gpu-memory-utilization", "nan"} << "--gpu-memory-utilization";
        QTest::addRow("utilization over 1")
            << QStringList{"--gpu-memory-utilization", "1.5"} << "--gpu-memory-utilization";
        QTest::addRow("zero block") << QStringList{"--block-size", "0"} << "--block-size";
        QTest::addRow("zero max_model_len")
            << QStringList{"--max-model-len", "0"} << "--max-model-len";
        QTest::addRow("negative KV memory")
            << QStringList{"--kv-cache-memory", "-1"} << "--kv-cache-memory";
        QTest::addRow("missing log")
            << QStringList{"--from-log", "/nonexistent/vllm.log"} << "--from-log";
        QTest::addRow("log without the lines")
            << QStringList{"--from-log", "NOLINES"} << "--from-log";
        QTest::addRow("FIFO log") << QStringList{"--from-log", "FIFO"} << "--from-log";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        if (args.last() == u"NOLINES")
            args.last() = write(QStringLiteral("nolines.log"), "INFO loading weights\n");
        if (args.last() == u"FIFO") {
            args.last() = m_dir.filePath(QStringLiteral("fifo.log"));
            QVERIFY(::mkfifo(QFile::encodeName(args.last()).constData(), 0600) == 0 ||
                    errno == EEXIST);
        }
        const kvl::test::CliRun r = kvl::test::runCli(QStringList{"capacity"} + args);
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.startsWith(QStringLiteral("kvledger-cli: ") + option), qPrintable(r.err));
        QCOMPARE(r.err.count(u'\n'), 1);
    }
};

QTEST_GUILESS_MAIN(TestCliCapacity)
#include "tst_cli_capacity.moc"
