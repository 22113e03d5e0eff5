// kvledger-cli compare: A from the options, B from A's with --vs's on top; JSON ratios and the
// worded changes; bad B options exit 2 naming the option.
#include "cli_run.h"
#include "scenario_file.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

class TestCliCompare : public QObject
{
    Q_OBJECT
private slots:
    // The seed against fp8 KV: the cache and the KV time halve, the step falls ÷1.54.
    void json()
    {
        const kvl::test::CliRun r =
            kvl::test::runCli({"compare", "--vs", "--kv-precision fp8", "--json"});
        QCOMPARE(r.exit, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        for (const char *key : {"a", "b", "ratio", "changes"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        const QJsonObject ratio = o.value("ratio").toObject();
        QCOMPARE(ratio.value("kv_bytes_per_token").toDouble(), 0.5);
        QCOMPARE(ratio.value("kv_seconds_per_token").toDouble(), 0.5);
        QCOMPARE(ratio.value("weight_bytes").toDouble(), 1.0);
        QCOMPARE(o.value("a").toObject().value("kv_bytes_per_token").toDouble(), 327680.0);
        QCOMPARE(o.value("b").toObject().value("kv_bytes_per_token").toDouble(), 163840.0);
        const QJsonArray changes = o.value("changes").toArray();
        QCOMPARE(changes.size(), 1);
        const QJsonObject c = changes.at(0).toObject();
        QCOMPARE(c.value("input").toString(), QStringLiteral("kv_precision"));
        QCOMPARE(c.value("from").toString(), QStringLiteral("fp16"));
        QCOMPARE(c.value("to").toString(), QStringLiteral("fp8"));
        QVERIFY(c.value("why").toString().contains(u"time per token ÷1.54"));
    }

    void text()
    {
        const kvl::test::CliRun r =
            kvl::test::runCli({"compare", "--context", "128000", "--vs", "--gpus 8"});
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.out.contains(u"seconds_per_token"), qPrintable(r.out));
        QVERIFY2(r.out.contains(u"- GPUs 1 → 8: "), qPrintable(r.out));
        const kvl::test::CliRun same = kvl::test::runCli({"compare", "--vs", "--context 1000000"});
        QVERIFY2(same.out.contains(u"The two scenarios are the same."), qPrintable(same.out));
    }

    // A file that pinned a baseline: compare without --vs takes A from it, and an export draws
    // both (the CSV's baseline column).
    void fileWithBaseline()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("compare.kvledger"));
        kvl::Scenario now = kvl::Scenario::seed();
        now.kvPrecision = kvl::Precision::of(kvl::NumberFormat::FP8);
        QVERIFY(kvl::saveScenarioDocument({now, kvl::Scenario::seed(), {}}, path, nullptr));
        const QJsonObject o = kvl::test::cliJson({"compare", "--scenario", path, "--json"});
        QCOMPARE(o.value("ratio").toObject().value("kv_bytes_per_token").toDouble(), 0.5);
        QCOMPARE(o.value("changes").toArray().size(), 1);

        const QString csv = dir.filePath(QStringLiteral("memory.csv"));
        const kvl::test::CliRun r =
            kvl::test::runCli({"export", "--chart", "memory", "--scenario", path, "--out", csv});
        QCOMPARE(r.exit, 0);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readLine().trimmed().endsWith("baseline_total_bytes"));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        QTest::addRow("no --vs") << QStringList{} << "--vs: give scenario B's options";
        QTest::addRow("bad B value") << QStringList{"--vs", "--gpus x"} << "--vs: --gpus";
        QTest::addRow("unknown B option") << QStringList{"--vs", "--warp 9"} << "--vs: Unknown";
        QTest::addRow("bad A value") << QStringList{"--gpus", "0", "--vs", "--gpus 2"} << "--gpus";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        const kvl::test::CliRun r = kvl::test::runCli(QStringList{"compare"} + args);
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.startsWith(QStringLiteral("kvledger-cli: ") + says), qPrintable(r.err));
        QCOMPARE(r.err.count(u'\n'), 1);
    }
};

QTEST_GUILESS_MAIN(TestCliCompare)
#include "tst_cli_compare.moc"
