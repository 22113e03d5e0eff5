// Chart export: files that open, at the size asked for, with text kept as text; failures that
// say why and leave nothing behind.
#include "../test_points.h"
#include "chart_export.h"
#include "chart_factory.h"
#include "grouped_bar_chart.h"
#include "ledger_json.h"
#include "ledger_text.h"
#include "main_window.h"
#include "scenario_controller.h"
#include "scenario_file.h"
#include "test_scenarios.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QImage>
#include <QJsonDocument>
#include <QLineSeries>
#include <QMimeData>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>
#include <QXmlStreamReader>
#include <csignal>
#include <cstring>
#include <sys/resource.h>

using namespace kvl;

using kvl::test::samePoints;

namespace {

Scenario withMeasurement(Scenario s, double bytesPerSecond)
{
    s.measured =
        MeasuredBandwidth{"cuda:0", "NVIDIA H100 SXM", bytesPerSecond, bytesPerSecond, 1 << 30, {}};
    return s;
}

// Every XY series of a chart by object name, as plotted; "" when two series share a name.
QMap<QString, QList<QPointF>> xyPoints(LedgerChart *chart)
{
    QMap<QString, QList<QPointF>> out;
    for (QAbstractSeries *series : chart->chart()->series())
        if (auto *xy = qobject_cast<QXYSeries *>(series); xy && !xy->objectName().isEmpty())
            out.insert(xy->objectName(), xy->points());
    return out;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Page objects, not the /Pages tree node.
int pdfPages(const QByteArray &pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
    return int(QString::fromLatin1(pdf).count(page));
}

QString svgText(const QByteArray &svg, QString *error)
{
    QXmlStreamReader xml(svg);
    QString text;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isCharacters() && !xml.isWhitespace())
            text += xml.text() + u'\n';
    }
    if (xml.hasError())
        *error = xml.errorString();
    return text;
}

} // namespace

class TstExport : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void png_data();
    void png();
    void svgKeepsText_data();
    void svgKeepsText();
    void pdf();
    void csv();
    void report();
    void exportDoesNotDependOnWindow();
    void unwritablePath_data();
    void unwritablePath();
    void fileSizeLimit_data();
    void fileSizeLimit();
    void badSize();
    void exportAll();
    void clipboard();
    void formatNames();
    void cliDrawsWhatTheWindowDraws_data();
    void cliDrawsWhatTheWindowDraws();

private:
    LedgerChart *chart(const QString &id) const;
    QList<LedgerChart *> m_charts;
    Scenario m_scenario = Scenario::seed();
    Ledger m_ledger;
};

void TstExport::init()
{
    m_ledger = evaluate(m_scenario);
    m_charts = createCharts();
    for (LedgerChart *c : m_charts)
        c->updateFrom(m_scenario, m_ledger);
}

void TstExport::cleanup()
{
    qDeleteAll(m_charts);
    m_charts.clear();
}

LedgerChart *TstExport::chart(const QString &id) const
{
    for (LedgerChart *c : m_charts)
        if (c->id() == id)
            return c;
    return nullptr;
}

void TstExport::png_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QSize>("pixels");
    QTest::addColumn<int>("dpi");
    QTest::addRow("memory 900x600 @96") << "memory" << QSize(900, 600) << 96;
    QTest::addRow("latency 1800x1200 @192") << "latency" << QSize(1800, 1200) << 192;
    QTest::addRow("gqa 1000x700 @120") << "gqa" << QSize(1000, 700) << 120;
    QTest::addRow("precision 640x480 @96") << "precision" << QSize(640, 480) << 96;
}

void TstExport::png()
{
    QFETCH(QString, id);
    QFETCH(QSize, pixels);
    QFETCH(int, dpi);
    QTemporaryDir dir;
    const QString path = dir.filePath(id + ".png");
    QString error;
    QVERIFY2(exportPng(chart(id), path, {pixels, dpi}, &error), qPrintable(error));
    QImage image(path);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), pixels);
    QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), dpi);
    // Something was drawn: not a blank page.
    int samples = 0;
    int drawn = 0;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7, ++samples)
            drawn += image.pixel(x, y) != image.pixel(0, 0);
    QVERIFY2(drawn > samples / 20, qPrintable(QString::number(drawn)));
}

void TstExport::svgKeepsText_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QStringList>("texts");
    QTest::addRow("memory") << "memory"
                            << QStringList{"Context length (tokens)", "Memory (GB)",
                                           "6 GPUs to fit (TP 8)"};
    QTest::addRow("latency") << "latency" << QStringList{"Time per token (ms)", "Speed (tokens/s)"};
    QTest::addRow("gqa") << "gqa" << QStringList{"Share of MHA (%)", "327,680 B"};
    QTest::addRow("precision") << "precision" << QStringList{"Share of fp16 (%)", "163,840 B"};
}

void TstExport::svgKeepsText()
{
    QFETCH(QString, id);
    QFETCH(QStringList, texts);
    QTemporaryDir dir;
    const QString path = dir.filePath(id + ".svg");
    QString error;
    QVERIFY2(exportSvg(chart(id), path, {}, &error), qPrintable(error));
    const QByteArray svg = readAll(path);
    QString xmlError;
    const QString text = svgText(svg, &xmlError);
    QVERIFY2(xmlError.isEmpty(), qPrintable(xmlError));
    for (const QString &t : texts)
        QVERIFY2(text.contains(t), qPrintable(t + " not in:\n" + text.left(2000)));
    QSvgRenderer renderer(path);
    QVERIFY(renderer.isValid());
    QCOMPARE(renderer.viewBoxF().size(), ExportSize().logical());
}

void TstExport::pdf()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("memory.pdf");
    QString error;
    QVERIFY2(exportPdf(chart("memory"), path, {}, &error), qPrintable(error));
    const QByteArray pdf = readAll(path);
    QVERIFY(pdf.startsWith("%PDF"));
    QCOMPARE(pdfPages(pdf), 1);
}

void TstExport::csv()
{
    QTemporaryDir dir;
    for (LedgerChart *c : std::as_const(m_charts)) {
        const QString path = dir.filePath(c->id() + ".csv");
        QString error;
        QVERIFY2(exportCsv(c->table(), path, &error), qPrintable(error));
        const QStringList lines = QString::fromUtf8(readAll(path)).split('\n', Qt::SkipEmptyParts);
        const ChartTable t = c->table();
        QVERIFY(!t.rows.isEmpty());
        QCOMPARE(lines.size(), t.rows.size() + 1);
        QCOMPARE(lines.first(), t.header.join(','));
        QCOMPARE(lines.at(1).split(',').size(), t.header.size());
    }
    ChartTable quoted{{"a", "b"}, {{"x,y", "say \"hi\""}}};
    QCOMPARE(csvText(quoted), QString("a,b\n\"x,y\",\"say \"\"hi\"\"\"\n"));
}

void TstExport::report()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("report.pdf");
    QString error;
    QVERIFY2(exportReport(m_charts, m_scenario, m_ledger, ByteUnits::SI, path, &error),
             qPrintable(error));
    const QByteArray pdf = readAll(path);
    QVERIFY(pdf.startsWith("%PDF"));
    QCOMPARE(pdfPages(pdf), 1 + int(m_charts.size()));
    // Landscape A4 (842 × 595 pt).
    QVERIFY(pdf.contains("/MediaBox [0 0 841") || pdf.contains("/MediaBox [0 0 842"));
}

void TstExport::exportDoesNotDependOnWindow()
{
    LedgerChart *c = chart("memory");
    c->show();
    c->resize(400, 300);
    const QSizeF small = c->chart()->size();
    const QByteArray fromSmall = renderSvg(c);
    QCOMPARE(c->chart()->size(), small); // the window's layout is put back
    c->resize(1400, 900);
    const QSizeF large = c->chart()->size();
    QVERIFY(large != small);
    QCOMPARE(renderSvg(c), fromSmall);
    QCOMPARE(c->chart()->size(), large);
}

void TstExport::unwritablePath_data()
{
    QTest::addColumn<QString>("format");
    for (ExportFormat f : allExportFormats())
        QTest::addRow("%s", qPrintable(exportFormatSuffix(f))) << exportFormatSuffix(f);
}

void TstExport::unwritablePath()
{
    QFETCH(QString, format);
    const ExportFormat f = *exportFormatFromName(format);
    // Fails even for root: /proc takes no new files, and a file is not a folder.
    const QString proc = "/proc/kvl-no-such-dir/chart." + format;
    QString error;
    QVERIFY(!exportChart(chart("memory"), f, proc, {}, &error));
    QVERIFY2(error.contains(proc), qPrintable(error));
    QVERIFY(!QFile::exists(proc));

    QTemporaryDir dir;
    QFile blocker(dir.filePath("file"));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const QString underFile = dir.filePath("file/chart." + format);
    error.clear();
    QVERIFY(!exportChart(chart("memory"), f, underFile, {}, &error));
    QVERIFY2(error.contains(underFile), qPrintable(error));
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
             QStringList{"file"});

    // A read-only folder (root ignores permissions, so only as a normal user).
    QTemporaryDir ro;
    QFile::setPermissions(ro.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner);
    const QString inReadOnly = ro.filePath("chart." + format);
    if (QFileInfo(ro.path()).isWritable() || QFile(inReadOnly).open(QIODevice::WriteOnly)) {
        QFile::remove(inReadOnly);
        QFile::setPermissions(ro.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                             QFileDevice::ExeOwner);
        return;
    }
    error.clear();
    QVERIFY(!exportChart(chart("memory"), f, inReadOnly, {}, &error));
    QVERIFY2(error.contains(inReadOnly), qPrintable(error));
    QVERIFY(QDir(ro.path())
                .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)
                .isEmpty());
    QFile::setPermissions(ro.path(),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

void TstExport::fileSizeLimit_data()
{
    unwritablePath_data();
}

// A write that cannot complete (here a file-size limit; a full disk fails the same way) names the
// system's reason, in every format, and leaves the file that was there untouched.
void TstExport::fileSizeLimit()
{
    QFETCH(QString, format);
    const ExportFormat f = *exportFormatFromName(format);
    QTemporaryDir dir;
    const QString path = dir.filePath("chart." + format);
    QFile old(path);
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write("old");
    old.close();

    std::signal(SIGXFSZ, SIG_IGN);
    rlimit saved{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
    rlimit small = saved;
    small.rlim_cur = 256;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
    QString error;
    const bool ok = exportChart(chart("memory"), f, path, {}, &error);
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &saved), 0);

    QVERIFY2(!ok, "a chart that fits in 256 bytes: the limit tests nothing");
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY2(error.contains(QString::fromLocal8Bit(std::strerror(EFBIG))) ||
                 error.contains("only part of the data"),
             qPrintable(error));
    QVERIFY2(!error.contains("Unknown error"), qPrintable(error));
    QVERIFY(old.open(QIODevice::ReadOnly));
    QCOMPARE(old.readAll(), QByteArray("old"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
             QStringList{"chart." + format});
}

void TstExport::badSize()
{
    QTemporaryDir dir;
    QString error;
    QVERIFY(!exportPng(chart("memory"), dir.filePath("x.png"), {QSize(100, 100), 600}, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!QFile::exists(dir.filePath("x.png")));
}

void TstExport::exportAll()
{
    QTemporaryDir dir;
    const QString out = dir.filePath("nested/export");
    QString error;
    QVERIFY2(kvl::exportAll(m_charts, m_scenario, m_ledger, out, ByteUnits::Binary, {}, &error),
             qPrintable(error));
    QStringList expected;
    for (const QString &id : chartIds())
        for (const char *suffix : {".png", ".svg", ".pdf", ".csv"})
            expected << id + suffix;
    expected << "ledger.json"
             << "ledger.txt";
    QCOMPARE(exportAllFileNames(m_charts), expected);
    QStringList actual = QDir(out).entryList(QDir::Files | QDir::Hidden);
    actual.sort();
    expected.sort();
    QCOMPARE(actual, expected);
    QCOMPARE(QJsonDocument::fromJson(readAll(out + "/ledger.json")).object(),
             ledgerToJson(m_scenario, m_ledger));
    QCOMPARE(QString::fromUtf8(readAll(out + "/ledger.txt")),
             ledgerText(m_scenario, m_ledger, ByteUnits::Binary));
    QVERIFY(readAll(out + "/latency.pdf").startsWith("%PDF"));

    error.clear();
    QVERIFY(!kvl::exportAll(m_charts, m_scenario, m_ledger, "/proc/kvl-no-such-dir", ByteUnits::SI,
                            {}, &error));
    QVERIFY2(error.contains("/proc/kvl-no-such-dir"), qPrintable(error));
}

void TstExport::clipboard()
{
    copyToClipboard(chart("gqa"));
    const QMimeData *mime = QGuiApplication::clipboard()->mimeData();
    QVERIFY(mime);
    QVERIFY(mime->hasImage());
    QCOMPARE(qvariant_cast<QImage>(mime->imageData()).size(), ExportSize().pixels);
    QVERIFY(mime->data("image/svg+xml").contains("<svg"));
}

void TstExport::formatNames()
{
    QCOMPARE(exportFormatFromName("PNG"), std::optional<ExportFormat>(ExportFormat::Png));
    QCOMPARE(exportFormatFromName("svg"), std::optional<ExportFormat>(ExportFormat::Svg));
    QVERIFY(!exportFormatFromName("jpg"));
    QCOMPARE(ExportSize().logical(), QSizeF(800, 520));
}

void TstExport::cliDrawsWhatTheWindowDraws_data()
{
    QTest::addColumn<Scenario>("s");
    QTest::addRow("seed, measured 2.5 TB/s") << withMeasurement(Scenario::seed(), 2.5e12);
    QTest::addRow("8B fp8 KV, 3 H200, measured 4.1 TB/s") << withMeasurement(
        test::presetScenario("llama-3.1-8b", "h200", 3, 128'000, 2, NumberFormat::FP8), 4.1e12);
    QTest::addRow("DeepSeek-V3 (MLA), 20M tokens, nothing measured")
        << test::presetScenario("deepseek-v3", "h200", 8, 20'000'000);
}

// The window opens a scenario file; the CLI exports from the same file. Both draw core's series:
// every plotted point is the same, bit for bit, and the CSV files are the same text, measured
// overlay included.
void TstExport::cliDrawsWhatTheWindowDraws()
{
    QFETCH(Scenario, s);
    QTemporaryDir dir;
    const QString file = dir.filePath("scenario.kvledger");
    QString error;
    QVERIFY2(saveScenarioFile(s, file, &error), qPrintable(error));

    QStandardPaths::setTestModeEnabled(true); // leave the user's settings alone
    MainWindow window;
    window.setQuietErrors(true);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.openScenario(file), qPrintable(window.lastError()));
    QCOMPARE(window.controller()->scenario(), s);

    // In process, as cmd_export draws: fresh charts through drawCharts().
    QList<LedgerChart *> fresh;
    for (const QString &id : chartIds())
        fresh << createChart(id);
    drawCharts(fresh, s, evaluate(s));

    QProcess cli;
    const QString out = dir.filePath("cli");
    cli.start(QStringLiteral(KVL_CLI),
              {"export", "--scenario", file, "--chart", "all", "--format", "csv", "--out", out});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());

    for (LedgerChart *exported : std::as_const(fresh)) {
        const QString id = exported->id();
        LedgerChart *shown = window.chart(id);
        QVERIFY(shown);
        const auto shownPoints = xyPoints(shown);
        const auto exportedPoints = xyPoints(exported);
        QCOMPARE(shownPoints.keys(), exportedPoints.keys());
        for (auto it = shownPoints.cbegin(); it != shownPoints.cend(); ++it) {
            QList<QPointF> a = it.value();
            QList<QPointF> b = exportedPoints.value(it.key());
            // The context line reaches the top of the y axis, whose range the window keeps
            // while the data fits: view state, not a series.
            if (it.key() == u"context-line")
                for (QList<QPointF> *line : {&a, &b})
                    for (QPointF &p : *line)
                        p.setY(0);
            QVERIFY2(samePoints(a, b), qPrintable(id + u'/' + it.key()));
        }
        if (auto *bars = qobject_cast<GroupedBarChart *>(shown)) {
            auto *other = qobject_cast<GroupedBarChart *>(exported);
            QCOMPARE(bars->shares(), other->shares());
            QCOMPARE(bars->variantNames(), other->variantNames());
            QCOMPARE(bars->heading(), other->heading());
        }
        const QString csv = csvText(shown->table());
        QCOMPARE(csvText(exported->table()), csv);
        QCOMPARE(QString::fromUtf8(readAll(QDir(out).filePath(id + ".csv"))), csv);
        if (id == u"latency") {
            // The dashed curves at the measured bandwidth: in the window, and in the CLI's file.
            int measured = 0;
            for (auto it = shownPoints.cbegin(); it != shownPoints.cend(); ++it)
                measured += it.key().startsWith("measured-") && !it.value().isEmpty();
            QCOMPARE(measured, s.measured ? 4 + (s.gpus == 3) : 0);
            QCOMPARE(csv.section(u'\n', 0, 0).contains("measured_seconds_per_token_1gpu"),
                     s.measured.has_value());
        }
    }
    qDeleteAll(fresh);
}

QTEST_MAIN(TstExport)
#include "tst_export.moc"
