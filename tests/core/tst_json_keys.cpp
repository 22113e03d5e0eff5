// A key given twice in one JSON object is refused by name: QJsonDocument would keep the last one
// without a word.
#include "hf_config.h"
#include "json_keys.h"
#include "scenario.h"
#include "scenario_file.h"

#include <QTest>

using namespace kvl;

class TestJsonKeys : public QObject
{
    Q_OBJECT
private slots:
    void duplicate_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("key");
        QTest::addRow("unique") << QByteArray(R"({"a": 1, "b": {"a": 2}})") << QString();
        QTest::addRow("top level") << QByteArray(R"({"a": 1, "b": 2, "a": 3})") << "a";
        QTest::addRow("nested") << QByteArray(R"({"model": {"layers": 80, "layers": 8}})")
                                << "model.layers";
        QTest::addRow("same key in sibling objects")
            << QByteArray(R"({"x": {"k": 1}, "y": {"k": 2}})") << QString();
        QTest::addRow("in a list of objects")
            << QByteArray(R"({"l": [{"k": 1}, {"k": 2, "k": 3}]})") << "l.k";
        QTest::addRow("string values that look like keys")
            << QByteArray(R"({"a": "b:", "c": ["a", "a"], "d": "\"a\":"})") << QString();
        QTest::addRow("escaped quote in a key")
            << QByteArray(R"({"a\"b": 1, "a\"b": 2})") << "a\\\"b";
    }
    void duplicate()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, key);
        QCOMPARE(duplicateJsonKey(json), key);
    }

    void readersRefuseDuplicates()
    {
        QByteArray scenario = writeScenario(Scenario::seed());
        scenario.replace("\"context\":", "\"context\": 1000, \"context\":");
        QString why;
        QVERIFY(!readScenario(scenario, &why));
        QVERIFY2(why.contains(QStringLiteral("key \"context\" appears twice")), qPrintable(why));
        QVERIFY(!importHfConfig(R"({"num_hidden_layers": 80, "hidden_size": 8192,
            "num_attention_heads": 64, "num_key_value_heads": 8, "num_hidden_layers": 8})",
                                &why));
        QVERIFY2(why.contains(QStringLiteral("num_hidden_layers")), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestJsonKeys)
#include "tst_json_keys.moc"
