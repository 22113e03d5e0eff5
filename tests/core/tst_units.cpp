#include "units.h"

#include <QLocale>
#include <QTest>

using namespace kvl;

class TestUnits : public QObject
{
    Q_OBJECT
private slots:
    void parseTokens_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("tokens");
        QTest::addRow("plain") << "131072" << true << qint64(131072);
        QTest::addRow("k is SI") << "128k" << true << qint64(128000);
        QTest::addRow("K is SI") << "128K" << true << qint64(128000);
        QTest::addRow("M is SI") << "1M" << true << qint64(1000000);
        QTest::addRow("Ki is binary") << "128Ki" << true << qint64(131072);
        QTest::addRow("Mi is binary") << "1Mi" << true << qint64(1048576);
        QTest::addRow("decimal M") << "1.5M" << true << qint64(1500000);
        // Read as decimals: 2.03 × 1000 in doubles is 2029.9999999999998.
        QTest::addRow("decimal k") << "2.03k" << true << qint64(2030);
        QTest::addRow("decimal k, one digit") << "1.1k" << true << qint64(1100);
        QTest::addRow("decimal M, small") << "0.07M" << true << qint64(70000);
        QTest::addRow("exponent and suffix") << "1.5e2k" << true << qint64(150000);
        QTest::addRow("decimal Ki") << "0.5Ki" << true << qint64(512);
        QTest::addRow("fraction of Ki") << "0.1Ki" << false << qint64(0);
        QTest::addRow("zero, huge exponent") << "0e99999999" << true << qint64(0);
        QTest::addRow("huge exponent") << "1e99999999999999999999" << false << qint64(0);
        QTest::addRow("exponent") << "1e6" << true << qint64(1000000);
        QTest::addRow("grouped") << "1,000,000" << true << qint64(1000000);
        QTest::addRow("spaces") << "  64k " << true << qint64(64000);
        QTest::addRow("zero") << "0" << true << qint64(0);
        QTest::addRow("negative") << "-5" << false << qint64(0);
        QTest::addRow("empty") << "" << false << qint64(0);
        QTest::addRow("word") << "lots" << false << qint64(0);
        QTest::addRow("fraction") << "1.5" << false << qint64(0);
        QTest::addRow("nan") << "nan" << false << qint64(0);
        QTest::addRow("inf") << "inf" << false << qint64(0);
        QTest::addRow("huge") << "1e300" << false << qint64(0);
        QTest::addRow("bad suffix") << "12x" << false << qint64(0);
        // A decimal comma where it can only be one (one or two digits after it): the README's
        // Portuguese "1,5M". Read as grouping, these were 15,000,000, 15,000 and 25,600.
        QTest::addRow("decimal comma M") << "1,5M" << true << qint64(1'500'000);
        QTest::addRow("decimal comma k") << "1,5k" << true << qint64(1500);
        QTest::addRow("decimal comma Ki") << "2,5Ki" << true << qint64(2560);
        QTest::addRow("decimal comma, two digits") << "2,25k" << true << qint64(2250);
        QTest::addRow("decimal comma, four digits") << "1,2345M" << true << qint64(1'234'500);
        QTest::addRow("decimal comma, not whole") << "1,5" << false << qint64(0);
        // Grouping only in threes, by any one mark.
        QTest::addRow("grouped in threes") << "128,000" << true << qint64(128'000);
        QTest::addRow("grouped by points") << "1.000.000" << true << qint64(1'000'000);
        QTest::addRow("grouped by underscores") << "1_000_000" << true << qint64(1'000'000);
        QTest::addRow("grouped, then a decimal point") << "1,234.5k" << true << qint64(1'234'500);
        QTest::addRow("grouped, then a decimal comma") << "1.234,5k" << true << qint64(1'234'500);
        QTest::addRow("groups of four") << "10,0000,000" << false << qint64(0);
        // One mark and four digits is a decimal mark: 1.0000 is 1.
        QTest::addRow("decimal comma, zeros") << "1,0000" << true << qint64(1);
        QTest::addRow("Indian grouping") << "1,00,000" << false << qint64(0);
        QTest::addRow("underscore alone") << "1_5M" << false << qint64(0);
        QTest::addRow("two decimal marks") << "1.2.3" << false << qint64(0);
        QTest::addRow("commas alone") << ",,," << false << qint64(0);
        QTest::addRow("leading comma") << ",5k" << false << qint64(0);
        QTest::addRow("trailing comma") << "5," << false << qint64(0);
        // One mark with three digits after it and a scale: 1500k or 1.5k? Refused, both named.
        QTest::addRow("ambiguous comma") << "1,500k" << false << qint64(0);
        QTest::addRow("ambiguous point") << "1.500k" << false << qint64(0);
        QTest::addRow("ambiguous point, no scale") << "128.000" << false << qint64(0);
        // The only whole reading is taken: 1.5 tokens is none.
        QTest::addRow("point, the only whole reading") << "1.500" << true << qint64(1500);
        QTest::addRow("largest qint64") << "9223372036854775807" << false << qint64(0);
    }
    void parseTokens()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(qint64, tokens);
        QString error;
        const auto n = parseTokenCount(text, &error);
        QCOMPARE(n.has_value(), ok);
        if (ok)
            QCOMPARE(*n, tokens);
        else
            QVERIFY2(error.contains(u'"' + text + u'"'), qPrintable(error));
    }

    // The message says why: too large, not whole, how to write an ambiguous count.
    void tokenCountMessages_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::addRow("too large") << "9223372036854775807"
                                   << "\"9223372036854775807\" is too large";
        QTest::addRow("not whole") << "1.5"
                                   << "\"1.5\" is not a whole number of tokens";
        QTest::addRow("ambiguous") << "1,500k"
                                   << "\"1,500k\" could be 1500k or 1.5k: write one of them";
        QTest::addRow("ambiguous, no scale")
            << "128.000"
            << "\"128.000\" could be 128000 or 128: write one of them";
        QTest::addRow("groups") << "1,0000,000"
                                << "\"1,0000,000\" is not a token count: group digits in threes "
                                   "(1,000,000) or not at all";
    }
    void tokenCountMessages()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!parseTokenCount(text, &error));
        QCOMPARE(error, expected);
    }

    // As a reader of the locale types them: its own grouping reads without a scale, and the
    // other notation's decimal mark where it can only be one.
    void parseTokensInLocale_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("tokens"); // -1: refused
        QTest::addRow("pt grouped") << "pt_BR"
                                    << "128.000" << qint64(128'000);
        QTest::addRow("pt million") << "pt_BR"
                                    << "1.000.000" << qint64(1'000'000);
        QTest::addRow("pt decimal comma") << "pt_BR"
                                          << "1,5M" << qint64(1'500'000);
        QTest::addRow("pt decimal point") << "pt_BR"
                                          << "1.5M" << qint64(1'500'000);
        QTest::addRow("pt English grouping") << "pt_BR"
                                             << "128,000" << qint64(-1);
        QTest::addRow("pt ambiguous") << "pt_BR"
                                      << "1.500k" << qint64(-1);
        QTest::addRow("pt two digits") << "pt_BR"
                                       << "12.34" << qint64(-1);
        QTest::addRow("en grouped") << "en_US"
                                    << "128,000" << qint64(128'000);
        QTest::addRow("en decimal comma") << "en_US"
                                          << "1,5M" << qint64(1'500'000);
        QTest::addRow("en Portuguese grouping") << "en_US"
                                                << "128.000" << qint64(-1);
        QTest::addRow("en ambiguous") << "en_US"
                                      << "1,500k" << qint64(-1);
    }
    void parseTokensInLocale()
    {
        QFETCH(QString, locale);
        QFETCH(QString, text);
        QFETCH(qint64, tokens);
        QString error;
        const auto n = parseTokenCount(text, QLocale(locale), &error);
        QCOMPARE(n.value_or(-1), tokens);
        QCOMPARE(error.isEmpty(), tokens >= 0);
        // What the locale writes reads back in it.
        if (tokens >= 0)
            QCOMPARE(
                parseTokenCount(QLocale(locale).toString(tokens), QLocale(locale)).value_or(-1),
                tokens);
    }

    // Axis labels: short, and read back by parseTokenCount where exact.
    void formatTokens_data()
    {
        QTest::addColumn<qint64>("tokens");
        QTest::addColumn<QString>("text");
        QTest::addRow("small") << qint64(512) << "512";
        QTest::addRow("1k") << qint64(1000) << "1k";
        QTest::addRow("128k") << qint64(128000) << "128k";
        QTest::addRow("1M") << qint64(1000000) << "1M";
        QTest::addRow("1.5M") << qint64(1500000) << "1.5M";
        QTest::addRow("10M") << qint64(10000000) << "10M";
        QTest::addRow("rounds up a unit") << qint64(999999) << "1M";
        QTest::addRow("3 digits") << qint64(131072) << "131k";
        QTest::addRow("1G") << qint64(1000000000) << "1G";
        QTest::addRow("2.03k") << qint64(2025) << "2.03k";
        QTest::addRow("1.1k") << qint64(1100) << "1.1k";
        // Past 999T no grouping: "1,230T" would be ambiguous.
        QTest::addRow("1230T") << qint64(1'230'000'000'000'000) << "1230T";
    }
    void formatTokens()
    {
        QFETCH(qint64, tokens);
        QFETCH(QString, text);
        QCOMPARE(formatTokenCount(tokens), text);
        // Every label reads back, to a count with the same label.
        const auto back = parseTokenCount(text);
        QVERIFY(back);
        QCOMPARE(formatTokenCount(*back), text);
        if (tokens % 1000 == 0)
            QCOMPARE(*back, tokens);
    }

    void formatBytes_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<bool>("binary");
        QTest::addColumn<QString>("text");
        // The seed's "320 KB" is 320 KiB; its "320 GB" is 327.68 GB at 10^6 tokens.
        QTest::addRow("320 KiB") << 327680.0 << true << "320 KiB";
        QTest::addRow("327.7 kB") << 327680.0 << false << "327.7 kB";
        QTest::addRow("327.7 GB") << 327.68e9 << false << "327.7 GB";
        QTest::addRow("320 GiB") << 320.0 * (1ull << 30) << true << "320 GiB";
        QTest::addRow("141.1 GB") << 141107412992.0 << false << "141.1 GB";
        QTest::addRow("bytes") << 512.0 << false << "512 B";
        QTest::addRow("80 GB") << 80e9 << false << "80 GB";
    }
    void formatBytes()
    {
        QFETCH(double, bytes);
        QFETCH(bool, binary);
        QFETCH(QString, text);
        QCOMPARE(kvl::formatBytes(bytes, binary ? ByteUnits::Binary : ByteUnits::SI), text);
    }

    void formatExact()
    {
        QCOMPARE(formatBytesExact(327680), QStringLiteral("327,680 B"));
        QCOMPARE(formatBytesExact(327680000000.0), QStringLiteral("327,680,000,000 B"));
        QCOMPARE(formatInteger(qint64(2621440)), QStringLiteral("2,621,440"));
    }

    void formatSeconds_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("text");
        QTest::addRow("ms") << 0.0978149 << "97.8 ms";
        QTest::addRow("12 ms") << 0.0122269 << "12.2 ms";
        QTest::addRow("s") << 97.83 << "97.8 s";
        QTest::addRow("min") << 600.0 << "10 min";
        QTest::addRow("us") << 4.2e-5 << "42 µs";
    }
    void formatSeconds()
    {
        QFETCH(double, seconds);
        QFETCH(QString, text);
        QCOMPARE(kvl::formatSeconds(seconds), text);
    }
};

QTEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"
