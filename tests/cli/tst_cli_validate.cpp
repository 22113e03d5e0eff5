// kvledger-cli validate: every row predicted or given a reason, never dropped; bad files refused
// in one line.
#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using kvl::test::CliRun;

namespace {
const QByteArray kHeader = "id,backend,backend_version,model_path,system,precision,mode,isl,osl,"
                           "gemm_quant_mode,moe_quant_mode,batch_size,tp_size,pp_size,"
                           "attention_dp_size,moe_tp_size,moe_ep_size,silicon_ttft_ms,"
                           "silicon_tpot_ms\n";
}

class TestCliValidate : public QObject
{
    Q_OBJECT
private slots:
    void rowsAndReasons()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("runs.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kHeader +
                "good,vllm,,meta-llama/Llama-3.1-70B,h200_sxm,fp8,agg,1024,1024,fp8,fp8,16,4,1,1,"
                "4,1,300,15\n"
                "unmeasured,vllm,,meta-llama/Llama-3.1-70B,h200_sxm,fp8,agg,1024,1024,fp8,fp8,16,"
                "4,1,1,4,1,,\n"
                "nosystem,vllm,,meta-llama/Llama-3.1-70B,h800,fp8,agg,1024,1024,fp8,fp8,16,4,1,1,"
                "4,1,300,15\n");
        f.close();
        const QJsonObject o =
            kvl::test::cliJson({QStringLiteral("validate"), QStringLiteral("--measured"), path,
                                QStringLiteral("--json")});
        const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 3);
        const QJsonObject good = rows.at(0).toObject();
        QVERIFY(good.value(QStringLiteral("predicted_tpot_seconds")).toDouble() >
                good.value(QStringLiteral("floor_tpot_seconds")).toDouble());
        QVERIFY(good.value(QStringLiteral("reason")).isNull());
        // No measurement: predicted all the same.
        const QJsonObject unmeasured = rows.at(1).toObject();
        QVERIFY(unmeasured.value(QStringLiteral("measured_tpot_seconds")).isNull());
        QVERIFY(unmeasured.value(QStringLiteral("predicted_tpot_seconds")).toDouble() > 0);
        // An unknown system: null predictions and a reason.
        const QJsonObject nosystem = rows.at(2).toObject();
        QVERIFY(nosystem.value(QStringLiteral("predicted_tpot_seconds")).isNull());
        QVERIFY(nosystem.value(QStringLiteral("reason"))
                    .toString()
                    .startsWith(QStringLiteral("unknown system \"h800\"")));
        QCOMPARE(o.value(QStringLiteral("summary"))
                     .toObject()
                     .value(QStringLiteral("predicted"))
                     .toInt(),
                 2);
    }

    void badFile_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("message");
        QTest::addRow("missing columns")
            << QByteArray("id,backend\nx,vllm\n") << QStringLiteral("missing columns: model_path");
        QTest::addRow("not a number")
            << kHeader + "r,vllm,,a/b,h200_sxm,fp8,agg,1k,1024,fp8,fp8,8,4,1,1,4,1,1,3\n"
            << QStringLiteral("line 2, isl: \"1k\" is not a whole number");
    }
    void badFile()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("runs.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(csv);
        f.close();
        const CliRun r =
            kvl::test::runCli({QStringLiteral("validate"), QStringLiteral("--measured"), path});
        QCOMPARE(r.exit, 2);
        QCOMPARE(r.err.count(u'\n'), 1);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliValidate)
#include "tst_cli_validate.moc"
