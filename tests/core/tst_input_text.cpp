// Input quoted in an error message: escapes that would drive a terminal and invisible characters
// that reorder text are written out, and a huge field is cut to a readable length.
#include "input_text.h"
#include "native_path.h"
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

    // Names printed by text outputs: escaped like input, never cut.
    void shownTextIsWhole()
    {
        const QString name =
            QStringLiteral("Evil\x1b[2J\aModel\nfake line") + QChar(0x202e) + QString(200, u'x');
        const QString shown = shownText(name);
        QVERIFY(shown.startsWith(QStringLiteral("Evil\\x1b[2J\\x07Model\\nfake line\\u{202e}")));
        QVERIFY(shown.endsWith(QString(200, u'x')));
        for (const QChar c : shown)
            QVERIFY(!isInvisible(c.unicode()));
    }

    // Paths in messages: escaped, a byte that was not UTF-8 as \xNN, long ones cut in the
    // middle so that the file's name stays.
    void shownPaths_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected");
        QTest::addRow("plain") << QStringLiteral("/home/ana/run.kvledger")
                               << QStringLiteral("/home/ana/run.kvledger");
        QTest::addRow("terminal escape") << QStringLiteral("/tmp/a\x1b]0;owned\x07.json")
                                         << QStringLiteral("/tmp/a\\x1b]0;owned\\x07.json");
        QTest::addRow("newline") << QStringLiteral("/tmp/a\nb.npy")
                                 << QStringLiteral("/tmp/a\\nb.npy");
        QTest::addRow("byte not UTF-8")
            << nativePathText("/tmp/out\xff.csv") << QStringLiteral("/tmp/out\\xff.csv");
        const QString deep = QStringLiteral("/data/") + QString(150, u'd') + u"/attention.npy";
        QTest::addRow("long") << deep
                              << QStringLiteral("/data/") + QString(20, u'd') + u'…' +
                                     QString(39, u'd') + u"/attention.npy";
    }
    void shownPaths()
    {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        QCOMPARE(shownPath(path), expected);
    }

    // File names are bytes: what is not UTF-8 survives the round trip.
    void nativePaths_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("qtCan");
        QTest::addRow("ASCII") << QByteArray("/tmp/a.csv") << true;
        QTest::addRow("UTF-8") << QByteArray("/tmp/relat\xc3\xb3rio.pdf") << true;
        QTest::addRow("emoji") << QByteArray("/tmp/\xf0\x9f\x98\x80.png") << true;
        QTest::addRow("0xff") << QByteArray("/tmp/out\xff.csv") << false;
        QTest::addRow("Latin-1") << QByteArray("/tmp/relat\xf3rio.pdf") << false;
        QTest::addRow("cut sequence") << QByteArray("/tmp/\xe2\x82") << false;
        QTest::addRow("overlong slash") << QByteArray("/tmp/\xc0\xaf") << false;
        QTest::addRow("encoded surrogate") << QByteArray("/tmp/\xed\xb3\xbf") << false;
    }
    void nativePaths()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, qtCan);
        const QString text = nativePathText(bytes);
        QCOMPARE(nativePathBytes(text), bytes);
        QCOMPARE(qtCanName(text), qtCan);
        if (qtCan)
            QCOMPARE(text, QString::fromUtf8(bytes));
    }
};

QTEST_GUILESS_MAIN(TestInputText)
#include "tst_input_text.moc"
