#include "precision.h"

#include <QTest>

using namespace kvl;

class TestPrecision : public QObject
{
    Q_OBJECT
private slots:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<double>("effectiveBits");
        QTest::addRow("fp32") << "fp32" << true << 32.0;
        QTest::addRow("fp16") << "fp16" << true << 16.0;
        QTest::addRow("bf16") << "BF16" << true << 16.0;
        QTest::addRow("fp8") << "fp8" << true << 8.0;
        QTest::addRow("e4m3 is fp8") << "e4m3" << true << 8.0;
        QTest::addRow("int8") << "int8" << true << 8.0;
        // cost-model.md section 2: int4 with one fp16 scale per 32 values = 4.5 bits.
        QTest::addRow("int4 default g32") << "int4" << true << 4.5;
        QTest::addRow("int4 g128") << "int4:g128" << true << 4.125;
        QTest::addRow("int4 no scales") << "int4:g0" << true << 4.0;
        // NVFP4: one fp8 scale per 16 values.
        QTest::addRow("fp4") << "fp4" << true << 4.5;
        QTest::addRow("unknown") << "fp12" << false << 0.0;
        QTest::addRow("bad group") << "int4:g-3" << false << 0.0;
        QTest::addRow("empty") << "" << false << 0.0;
        // Past 2^31 the group once wrapped to "no scales"; past the limit it is refused.
        QTest::addRow("group 2^31") << "int4:g2147483648" << false << 0.0;
        QTest::addRow("group 2^32") << "int4:g4294967296" << false << 0.0;
        QTest::addRow("group of 30 digits") << "int4:g" + QString(30, u'9') << false << 0.0;
        QTest::addRow("scale bits 2^32") << "int4:g32:s4294967304" << false << 0.0;
    }
    void hugeGroupIsNamed()
    {
        QString error;
        QVERIFY(!Precision::parse(QStringLiteral("int4:g2147483648"), &error));
        QVERIFY2(error.contains(QStringLiteral("group size must be")), qPrintable(error));
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(double, effectiveBits);
        QString error;
        const auto p = Precision::parse(text, &error);
        QCOMPARE(p.has_value(), ok);
        if (ok) {
            QCOMPARE(p->effectiveBits(), effectiveBits);
            QCOMPARE(Precision::parse(p->spec()), p); // spec round-trips
        } else {
            QVERIFY(error.contains(text));
        }
    }

    void bytesRoundUp()
    {
        const Precision p = *Precision::parse(QStringLiteral("int4:g32"));
        QCOMPARE(p.bytesFor(32), qint64(16 + 2));
        QCOMPARE(p.bytesFor(33), qint64((33 * 4 + 2 * 16 + 7) / 8)); // a second group, rounded up
        QCOMPARE(Precision::of(NumberFormat::FP16).bytesFor(1000), qint64(2000));
    }

    void labels()
    {
        QCOMPARE(Precision::of(NumberFormat::INT4).label(), QStringLiteral("int4 (g32, 4.5 bits)"));
        QCOMPARE(Precision::of(NumberFormat::FP8).label(), QStringLiteral("fp8"));
        QCOMPARE(Precision::allFormats().size(), 7);
    }
};

QTEST_GUILESS_MAIN(TestPrecision)
#include "tst_precision.moc"
