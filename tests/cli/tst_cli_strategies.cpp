// Runs kvledger-cli strategies, roofline and mass: output, JSON keys, and bad input.
#include "cli_run.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

class TestCliStrategies : public QObject
{
    Q_OBJECT
    using Run = kvl::test::CliRun;
    static Run run(const QStringList &args) { return kvl::test::runCli(args); }
    static QJsonObject json(const QStringList &args) { return kvl::test::cliJson(args); }
    static QString data(const QString &path) { return QStringLiteral(KVL_TEST_DATA "/") + path; }
    static QJsonObject byName(const QJsonArray &a, const QString &key, const QString &value)
    {
        for (const QJsonValue &v : a)
            if (v.toObject().value(key).toString() == value)
                return v.toObject();
        return {};
    }

private slots:
    void presetsByDefault()
    {
        const QJsonObject o = json({"strategies", "--json"});
        QCOMPARE(o.value("baseline").toObject().value("held_bytes").toInteger(), 327680000000);
        const QJsonArray rows = o.value("strategies").toArray();
        QCOMPARE(rows.size(), 8);
        const QJsonObject s = byName(rows, "name", "StreamingLLM");
        // 80 layers × 4,096 B × (4 sinks + 4,096 recent).
        QCOMPARE(s.value("held_bytes").toInteger(), 80LL * 4096 * 4100);
        QCOMPARE(s.value("tokens_held_per_layer").toInteger(), 4100);
        QCOMPARE(s.value("oldest_readable_token").toInteger(), 1000000 - 4096);
        QVERIFY(s.value("loses_tokens").toBool());
        QVERIFY(s.value("citation").toString().contains("arXiv:2309.17453"));
        for (const char *key : {"name", "spec", "held_bytes", "read_bytes_per_step",
                                "seconds_per_token", "gpus_to_fit", "tokens_held_per_layer",
                                "oldest_readable_token", "loses_tokens", "loss_note"})
            QVERIFY2(s.contains(QLatin1String(key)), key);
        const QJsonObject q = byName(rows, "name", "Quest");
        QVERIFY(!q.value("loses_tokens").toBool());
        QVERIFY(q.value("read_bytes_per_step").toDouble() < q.value("held_bytes").toDouble() / 10);
    }

    void chosenStrategies_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<qint64>("held");
        QTest::addRow("fp8") << "fp8" << 163840000000LL;
        QTest::addRow("window + fp8") << "window:4096,sinks:4+fp8" << 80LL * 2048 * 4100;
        QTest::addRow("budget") << "budget:2048" << 80LL * 4096 * 2048;
        QTest::addRow("duo") << "duo:0.5,sinks:64,window:256"
                             << 40LL * 4096 * 1000000 + 40LL * 4096 * 320;
    }
    void chosenStrategies()
    {
        QFETCH(QString, spec);
        QFETCH(qint64, held);
        const QJsonObject o = json({"strategies", "--json", "--strategy", spec});
        const QJsonArray rows = o.value("strategies").toArray();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().toObject().value("held_bytes").toInteger(), held);
    }

    void strategiesText()
    {
        const Run r = run({"strategies", "--strategy", "streamingllm", "--strategy", "fp8"});
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.out.contains("full cache"), qPrintable(r.out));
        QVERIFY(r.out.contains("StreamingLLM"));
        QVERIFY(r.out.contains("Tokens 4 to 995,903"));
        QVERIFY(r.out.contains("cannot be recalled"));
        QVERIFY(r.err.isEmpty());
    }

    void strategiesSweep()
    {
        const Run r =
            run({"strategies", "--sweep", "--points", "8", "--strategy", "window:4096,sinks:4"});
        QCOMPARE(r.exit, 0);
        const QStringList lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 9);
        QCOMPARE(lines.first(), QStringLiteral("context\tfull cache\twindow:4096,sinks:4"));
        QVERIFY(lines.at(1).startsWith("1000\t"));
        QVERIFY(lines.last().startsWith("10000000\t"));
    }

    void rooflineJson()
    {
        const QJsonObject o = json({"roofline", "--json"});
        QCOMPARE(qRound(o.value("ridge_point").toDouble()), 295);
        const QJsonArray points = o.value("points").toArray();
        const QJsonObject gqa = byName(points, "id", "decode-attention-gqa");
        QCOMPARE(gqa.value("intensity").toDouble(), 8.0);
        QCOMPARE(qRound(gqa.value("below_ridge").toDouble()), 37);
        QCOMPARE(gqa.value("attainable_flops").toDouble(), 8 * 3.35e12);
        QCOMPARE(byName(points, "id", "decode-attention-mha").value("intensity").toDouble(), 1.0);
        QVERIFY(byName(points, "id", "prefill").value("intensity").toDouble() > 295);
        QCOMPARE(o.value("roof").toArray().size(), 3);
        QVERIFY(!o.contains("measured_roof"));

        const QJsonObject d = json({"roofline", "--json", "--model", "deepseek-v3",
                                    "--kv-precision", "bf16", "--measured-bandwidth", "3e12"});
        const QJsonObject mla = byName(d.value("points").toArray(), "id", "decode-attention-mla");
        QCOMPARE(mla.value("intensity").toDouble(), 128.0 * 2 * 1088 / (576 * 2));
        QCOMPARE(mla.value("attainable_flops_measured").toDouble(),
                 128.0 * 2 * 1088 / (576 * 2) * 3e12);
        QCOMPARE(d.value("measured_roof").toArray().size(), 3);
    }

    void rooflineText()
    {
        const Run r = run({"roofline", "--prompt", "32k"});
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.out.contains("ridge 295 FLOP/B"), qPrintable(r.out));
        QVERIFY(r.out.contains("36.9× below the ridge"));
        QVERIFY(r.out.contains("Prefill, 32,000-token prompt"));
    }

    void massFile()
    {
        const QJsonObject o = json({"mass", data("mass/uniform-f16-1x1600.npy"), "--json"});
        const QJsonArray layers = o.value("layers").toArray();
        QCOMPARE(layers.size(), 1);
        QCOMPARE(layers.first().toObject().value("top_share").toDouble(), 0.01);
        QCOMPARE(layers.first().toObject().value("blocks_for_99").toInteger(), 99);
        QCOMPARE(layers.first().toObject().value("verdict").toString(), QStringLiteral("flat"));
        QCOMPARE(o.value("source").toString(), QStringLiteral("uniform-f16-1x1600.npy"));
        QVERIFY(
            o.value("projection").toObject().value("text").toString().contains("99% of the mass"));

        const QJsonObject h =
            json({"mass", data("mass/heads-f32-2x2x2x32.npy"), "--json", "--layers", "0"});
        QCOMPARE(h.value("heads").toArray().size(), 4);
        QCOMPARE(h.value("curves").toArray().size(), 1);

        const Run t = run({"mass", data("mass/mass.csv"), "--layers", "1"});
        QCOMPARE(t.exit, 0);
        QVERIFY2(t.out.contains("1 of 2 layers concentrated"), qPrintable(t.out));
        QVERIFY(t.out.contains("layer 1: 1% of blocks → 100%"));
    }

    void massSynthetic()
    {
        const QJsonObject u =
            json({"mass", "--synthetic", "uniform:blocks=6400,layers=4", "--json"});
        QCOMPARE(u.value("layers").toArray().size(), 4);
        QCOMPARE(u.value("concentrated_layers").toInt(), 0);
        QCOMPARE(u.value("layers").toArray().first().toObject().value("top_share").toDouble(),
                 0.01);
        const Run n = run({"mass", "--synthetic", "needle"});
        QCOMPARE(n.exit, 0);
        QVERIFY2(n.out.contains("The needle (block 2,048"), qPrintable(n.out));
        QVERIFY(n.out.contains("Reading the blocks that hold 99% of the mass"));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addRow("bad spec") << QStringList{"strategies", "--strategy", "bogus"}
                                  << "kvledger-cli: --strategy: \"bogus\" is not a strategy";
        QTest::addRow("two policies")
            << QStringList{"strategies", "--strategy", "snapkv+window:4096"}
            << "two token policies";
        QTest::addRow("bad scenario")
            << QStringList{"strategies", "--context", "lots"} << "--context";
        QTest::addRow("bad compute precision")
            << QStringList{"roofline", "--compute-precision", "fp12"} << "--compute-precision";
        QTest::addRow("bad prompt") << QStringList{"roofline", "--prompt", "0"} << "--prompt";
        QTest::addRow("mass, nothing") << QStringList{"mass"} << "give a FILE or --synthetic KIND";
        QTest::addRow("mass, both") << QStringList{"mass", "x.npy", "--synthetic", "uniform"}
                                    << "give a FILE or --synthetic KIND";
        QTest::addRow("mass, two files")
            << QStringList{"mass", "a.npy", "b.npy"} << "unexpected argument \"b.npy\"";
        QTest::addRow("mass, missing file") << QStringList{"mass", "nope.npy"} << "nope.npy: ";
        QTest::addRow("mass, truncated")
            << QStringList{"mass", data("../fuzz/corpus/npy/truncated.npy")}
            << "truncated.npy: truncated data";
        QTest::addRow("mass, NaN")
            << QStringList{"mass", data("../fuzz/corpus/npy/nan.npy")} << "is NaN";
        QTest::addRow("mass, synthetic")
            << QStringList{"mass", "--synthetic", "zipf"} << "--synthetic";
        QTest::addRow("mass, block")
            << QStringList{"mass", "--synthetic", "uniform", "--block", "0"} << "--block";
        QTest::addRow("mass, layers")
            << QStringList{"mass", "--synthetic", "uniform", "--layers", "x"} << "--layers: \"x\"";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = run(args);
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(r.err.count('\n'), 1); // one line
    }

    void listedCommands()
    {
        const Run r = run({"--help"});
        for (const char *c : {"strategies", "roofline", "mass"})
            QVERIFY2(r.out.contains(QLatin1String(c)), c);
        QVERIFY(run({"nope"}).err.contains("strategies, roofline, mass"));
    }
};

QTEST_GUILESS_MAIN(TestCliStrategies)
#include "tst_cli_strategies.moc"
