// Input quoted in an error message: escapes that would drive a terminal and invisible characters
// that reorder text are written out, and a huge field is cut to a readable length.
#include "input_text.h"
#include "units.h"

#include <QTest>

using namespace kvl;

class TestInputText : public QObject
{
    Q_OBJECT
private slots:
    void shown_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        QTest::addRow("plain") << QStringLiteral("128k") << QStringLiteral("128k");
        QTest::addRow("accents kept")
            << QStringLiteral("contexto é") << QStringLiteral("contexto é");
        QTest::addRow("terminal escape")
            << QStringLiteral("\x1b[31mred") << QStringLiteral("\\x1b[31mred");
        QTest::addRow("newline and tab")
            << QStringLiteral("a\nb\tc") << QStringLiteral("a\\nb\\tc");
        QTest::addRow("bell and DEL") << QStringLiteral("\a\x7f") << QStringLiteral("\\x07\\x7f");
        QTest::addRow("C1 control") << QString(QChar(0x9b)) << QStringLiteral("\\x9b");
        QTest::addRow("right-to-left override")
            << (QStringLiteral("abc") + QChar(0x202e) + QStringLiteral("fed"))
            << QStringLiteral("abc\\u{202e}fed");
        QTest::addRow("lone surrogate") << QString(QChar(0xd800)) << QStringLiteral("\\u{d800}");
        QTest::addRow("emoji kept") << QStringLiteral("😀") << QStringLiteral("😀");
        QTest::addRow("cut") << QString(100, u'x')
                             << QString(60, u'x') + QStringLiteral("… (40 more characters)");
    }
    void shown()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(shownInput(input), expected);
    }

    void megabyteFieldIsCut()
    {
        const QByteArray field(1 << 20, 'a');
        const QString shown = shownInput(QByteArrayView(field));
        QVERIFY(shown.size() < 100);
        QVERIFY2(shown.endsWith(QStringLiteral("(1048576 bytes in all)")), qPrintable(shown));
        // A parser's message quotes the cut field, not the megabyte.
        QString why;
        QVERIFY(!parseTokenCount(QString::fromLatin1(field), &why));
        QVERIFY2(why.size() < 200, qPrintable(why.left(200)));
    }
};

QTEST_GUILESS_MAIN(TestInputText)
#include "tst_input_text.moc"
