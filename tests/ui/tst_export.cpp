// Chart export: files that open, at the size asked for, with text kept as text; failures that
// say why and leave nothing behind.
#include "../pdf_text.h"
#include "../test_points.h"
#include "chart_export.h"
#include "chart_factory.h"
#include "export_actions.h"
#include "grouped_bar_chart.h"
#include "language.h"
#include "ledger_json.h"
#include "ledger_text.h"
#include "main_window.h"
#include "mass_charts.h"
#include "report.h"
#include "report_dialog.h"
#include "scenario_compare.h"
#include "scenario_controller.h"
#include "scenario_file.h"
#include "settings.h"
#include "test_scenarios.h"
#include "tour.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QGuiApplication>
#include <QImage>
#include <QJsonDocument>
#include <QLineSeries>
#include <QMimeData>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>
#include <QXmlStreamReader>
#include <csignal>
#include <cstring>
#include <sys/resource.h>
#include <sys/stat.h>

using namespace kvl;

using kvl::test::pdfPageTexts;
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

// The words a report is checked by, as each language writes them.
struct ReportWords
{
    QString title, page, figure, comparison, baseline;
};

ReportWords reportWords(const QString &language)
{
    if (language == u"pt_BR")
        return {"Relatório do KV Ledger", "Página %1 de %2", "Figura %1. ",
                "Comparação com a referência", "Referência (A):"};
    return {"KV Ledger report", "Page %1 of %2", "Figure %1. ", "Comparison with the baseline",
            "Baseline (A):"};
}

QString oneLine(const QString &text)
{
    return text.simplified();
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
    void initTestCase();
    void init();
    void cleanup();
    void png_data();
    void png();
    void svgKeepsText_data();
    void svgKeepsText();
    void pdf();
    void csv();
    void report_data();
    void report();
    void reportRefusesWhatIsNotAFile();
    void reportDialog();
    void windowReportInAnotherLanguage();
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

void TstExport::initTestCase()
{
    QCoreApplication::setApplicationVersion(QStringLiteral("9.8.7"));
    QStandardPaths::setTestModeEnabled(true); // leave the user's settings alone
}

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

void TstExport::report_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<bool>("baseline");
    QTest::addRow("English, every chart") << "en" << chartIds() << false;
    QTest::addRow("English, two charts, baseline")
        << "en" << QStringList{"precision", "latency"} << true;
    QTest::addRow("pt_BR, every chart, baseline") << "pt_BR" << chartIds() << true;
    QTest::addRow("pt_BR, no chart") << "pt_BR" << QStringList{} << false;
}

// A document for paper: the title block, contents, "Page N of M" on every page, the chosen
// charts with their headline numbers as captions, and the comparison page only with a baseline.
void TstExport::report()
{
    QFETCH(QString, language);
    QFETCH(QStringList, ids);
    QFETCH(bool, baseline);
    const language::Scoped inLanguage(language);
    QList<LedgerChart *> charts;
    for (const QString &id : std::as_const(ids)) {
        charts << chart(id);
        charts.last()->updateFrom(m_scenario, m_ledger); // the data's texts in the language
    }
    Scenario a = m_scenario;
    a.gpus = 8;
    a.batch = 4;
    const QDate date(2026, 12, 3);
    const ReportContent content{.scenario = m_scenario,
                                .ledger = m_ledger,
                                .baseline = baseline ? std::optional(a) : std::nullopt,
                                .charts = charts,
                                .date = date};
    QTemporaryDir dir;
    const QString path = dir.filePath("report.pdf");
    QString error;
    QVERIFY2(exportReport(content, path, &error), qPrintable(error));
    const QByteArray pdf = readAll(path);
    QVERIFY(pdf.startsWith("%PDF"));
    // Landscape A4 (842 × 595 pt).
    QVERIFY(pdf.contains("/MediaBox [0 0 841") || pdf.contains("/MediaBox [0 0 842"));
    if (!test::havePdfToText())
        QSKIP("pdftotext (poppler-utils) is not installed: the text is not checked");

    const QStringList pages = pdfPageTexts(path);
    const int count = pdfPages(pdf);
    QCOMPARE(pages.size(), count);
    const ReportWords words = reportWords(language);
    for (int i = 0; i < count; ++i)
        QVERIFY2(pages.at(i).contains(words.page.arg(i + 1).arg(count)), qPrintable(pages.at(i)));

    const QString &first = pages.first();
    QVERIFY2(first.startsWith(words.title), qPrintable(first));
    QVERIFY(first.contains(seedArticleTitle()));
    QVERIFY2(first.contains(QLocale().toString(date, QLocale::LongFormat) + u" · KV Ledger 9.8.7"),
             qPrintable(first));
    if (language == u"pt_BR")
        QVERIFY(first.contains(QStringLiteral("3 de dezembro de 2026")));
    QVERIFY(first.contains(m_scenario.model.name + u" "));
    QVERIFY(first.contains(QStringLiteral("1 × %1").arg(m_scenario.gpu.name)));
    QCOMPARE(first.contains(words.baseline), baseline);
    QCOMPARE(first.contains(QStringLiteral("8 × %1").arg(m_scenario.gpu.name)), baseline);

    // The charts asked for, one a page at the end, each captioned with its numbers; the contents
    // list them.
    const int firstChart = count - int(ids.size());
    for (int k = 0; k < ids.size(); ++k) {
        const QString figure = words.figure.arg(k + 1) + charts.at(k)->title();
        QVERIFY2(first.contains(figure), qPrintable(first));
        const QString &page = pages.at(firstChart + k);
        QVERIFY2(page.contains(figure), qPrintable(page));
        QVERIFY2(page.contains(oneLine(charts.at(k)->headline())), qPrintable(page));
    }
    for (int i = 1; i < count; ++i)
        QVERIFY(!pages.at(i).contains(words.figure.arg(ids.size() + 1)));

    // The comparison: every quantity, then a sentence per changed input, in core's words.
    const QString comparison = pages.value(firstChart - 1);
    QCOMPARE(comparison.startsWith(words.comparison), baseline);
    if (baseline) {
        QVERIFY(first.contains(words.comparison)); // in the contents
        const Comparison c = compareScenarios(a, m_scenario);
        QCOMPARE(c.changes.size(), 2);
        for (const InputChange &change : c.changes)
            QVERIFY2(comparison.contains(oneLine(compareSentence(change, ByteUnits::SI))),
                     qPrintable(comparison));
        const QuantityChange &fit = c.quantities.at(int(Quantity::GpusToFit));
        const QString row = quantityLabel(fit.quantity) + u' ' +
                            formatQuantity(fit.quantity, fit.a, ByteUnits::SI) + u' ' +
                            formatQuantity(fit.quantity, fit.b, ByteUnits::SI) + u' ' +
                            changeFactor(fit.a, fit.b);
        QVERIFY2(comparison.contains(row), qPrintable(row + u'\n' + comparison));
    }
    if (language == u"pt_BR") {
        const QString all = pages.join(u' ');
        for (const char *english : {"Page ", "Figure ", "Quantity", "The ledger", "Scenario"})
            QVERIFY2(!all.contains(QLatin1String(english)), english);
    }
}

// Written as every export is: a FIFO, a folder or a place that cannot be written is refused by
// name and left as it was.
void TstExport::reportRefusesWhatIsNotAFile()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath("fifo.pdf");
    QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const ReportContent content{.scenario = m_scenario, .ledger = m_ledger, .charts = m_charts};
    for (const QString &path :
         {fifo, dir.path(), QStringLiteral("/proc/kvl-no-such-dir/report.pdf")}) {
        QString error;
        QVERIFY(!exportReport(content, path, &error));
        QVERIFY2(error.contains(path), qPrintable(error));
    }
    QCOMPARE(QDir(dir.path())
                 .entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot | QDir::Hidden),
             QStringList{"fifo.pdf"});
    struct stat st
    {
    };
    QCOMPARE(stat(QFile::encodeName(fifo).constData(), &st), 0);
    QVERIFY(S_ISFIFO(st.st_mode));
}

// The chart boxes start as last chosen, the language as the window's; keyboard reachable, and
// whole at 1280 × 720 in either language.
void TstExport::reportDialog()
{
    MainWindow window; // every chart of every tab, titled in each language
    const QList<LedgerChart *> &charts = window.allCharts();
    QStringList ids;
    for (const LedgerChart *c : charts)
        ids << c->id();
    for (const QString &language : language::available()) {
        const language::Scoped inLanguage(language);
        ReportDialog dialog(charts, {"gqa", "mass-curve"}, language);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY2(dialog.width() <= 1280 && dialog.height() <= 680,
                 qPrintable(QStringLiteral("%1 × %2").arg(dialog.width()).arg(dialog.height())));
        QCOMPARE(dialog.language(), language);
        QCOMPARE(dialog.omittedCharts(), (QStringList{"gqa", "mass-curve"}));
        QList<LedgerChart *> chosen = charts;
        chosen.removeOne(window.chart("gqa"));
        chosen.removeOne(window.chart("mass-curve"));
        QCOMPARE(dialog.chosenCharts(), chosen);
        QStringList mnemonics;
        static const QRegularExpression mnemonic(QStringLiteral("&([^&])"));
        for (QWidget *w : dialog.findChildren<QWidget *>()) {
            if (auto *box = qobject_cast<QCheckBox *>(w))
                QVERIFY2(box->width() >= box->sizeHint().width(), qPrintable(box->text()));
            if (auto *button = qobject_cast<QAbstractButton *>(w))
                QVERIFY(button->focusPolicy() & Qt::TabFocus);
            const auto m = mnemonic.match(w->property("text").toString());
            if (m.hasMatch() && w->isVisible())
                mnemonics << m.captured(1).toLower();
        }
        QVERIFY(mnemonics.size() >= 4); // select all, select none, language, choose file
        QCOMPARE(QSet<QString>(mnemonics.begin(), mnemonics.end()).size(), mnemonics.size());
        dialog.findChild<QPushButton *>("reportSelectNone")->click();
        QVERIFY(dialog.chosenCharts().isEmpty());
        QCOMPARE(dialog.omittedCharts(), ids);
    }
    Settings().setReportOmittedCharts({"gqa", "memory"});
    QCOMPARE(Settings().reportOmittedCharts(), (QStringList{"gqa", "memory"}));
}

// From the window: the report in Portuguese while the window stays in English, every chart
// (the attention-mass ones named in words) redrawn in Portuguese, the baseline compared; the
// window's language is back afterwards.
void TstExport::windowReportInAnotherLanguage()
{
    language::apply(QStringLiteral("en"));
    MainWindow window;
    window.setQuietErrors(true);
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.controller()->replace(Scenario::seed(), QString());
    Scenario a = Scenario::seed();
    a.gpus = 2;
    window.controller()->setBaseline(a, [] { return QString(); });
    auto *massTop = qobject_cast<MassTopChart *>(window.chart("mass-top"));
    QTRY_VERIFY(!massTop->heading().isEmpty());
    QVERIFY(massTop->heading().startsWith("Synthetic: "));

    QTemporaryDir dir;
    const QString path = dir.filePath("relatorio.pdf");
    QString error;
    auto *exports = window.findChild<ExportActions *>();
    QVERIFY(exports);
    QVERIFY2(exports->writeReport(path, window.allCharts(), "pt_BR", &error), qPrintable(error));
    QCOMPARE(language::current(), QStringLiteral("en"));
    QVERIFY(massTop->heading().startsWith("Synthetic: "));
    QCOMPARE(window.chart("memory")->title(), createChart("memory")->title());

    if (!test::havePdfToText())
        QSKIP("pdftotext (poppler-utils) is not installed: the text is not checked");
    const QStringList pages = pdfPageTexts(path);
    const QString all = pages.join(u' ');
    const ReportWords words = reportWords("pt_BR");
    QVERIFY(all.contains(words.comparison));
    // The mass charts' captions (and headings) name the synthetic source in words.
    QVERIFY(all.count(QStringLiteral("Sintético: recência com sinks, 8 camadas × 4.096 blocos")) >=
            2);
    for (const char *english :
         {"Synthetic", "synthetic", "recency:", "Page ", "Figure ", "Time per token", "Layer "})
        QVERIFY2(!all.contains(QLatin1String(english)), english);
    const int charts = int(window.allCharts().size());
    for (int k = 0; k < charts; ++k)
        QVERIFY(pages.value(pages.size() - charts + k).contains(words.figure.arg(k + 1)));
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
