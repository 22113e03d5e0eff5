#include "chart_export.h"
#include "chart_factory.h"
#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "language.h"
#include "report.h"
#include "scenario_options.h"
#include "view_settings.h"

#include <QDir>
#include <QFileInfo>
#include <memory>
#include <vector>

namespace kvl::cli {

namespace {

// --language checked with the other options; applied (translators, number locale) only once every
// option has been read, as the C locale reads them.
QString languageFromOptions(const QCommandLineParser &p)
{
    QString code = p.value(QStringLiteral("language"));
    if (p.isSet(QStringLiteral("language")) && !language::available().contains(code))
        throw UsageError{QStringLiteral("--language: \"%1\" is not one of %2")
                             .arg(shownInput(code), language::available().join(u", "))};
    return code;
}

struct Drawn
{
    Scenario scenario;
    Ledger ledger;
    std::optional<Scenario> baseline;
    // Units, presentation and log axes as the options ask, read by the charts; declared before
    // them, it outlives them.
    std::unique_ptr<ViewSettings> view = std::make_unique<ViewSettings>();
    std::vector<std::unique_ptr<LedgerChart>> owned;
    QList<LedgerChart *> charts;
};

// The scenario and its ledger from the options, then the charts `ids` in the --language asked
// for, drawn as the window draws them: same series, measured overlay included.
Drawn drawFromOptions(const QCommandLineParser &p, const QStringList &ids)
{
    const QString code = languageFromOptions(p);
    const ByteUnits units = unitsFromOptions(p);
    Drawn d;
    d.scenario = scenarioFromOptions(p);
    d.ledger = evaluate(d.scenario);
    d.baseline = baselineFromOptions(p);
    if (!code.isEmpty())
        language::apply(code);
    d.view->setUnits(units);
    d.view->setPresentation(p.isSet(QStringLiteral("presentation")));
    d.view->setLogAxes(!p.isSet(QStringLiteral("linear")));
    for (const QString &id : ids) {
        d.owned.emplace_back(createChart(id));
        LedgerChart *c = d.owned.back().get();
        c->setViewSettings(d.view.get());
        d.charts << c;
    }
    // The window draws through the same call: same series, measured overlay and a baseline the
    // --scenario file pinned included.
    drawCharts(d.charts, d.scenario, d.ledger, d.baseline);
    return d;
}

// --chart for the report: ids separated by commas, or all (the default).
QStringList reportChartIds(const QCommandLineParser &p)
{
    QStringList known = chartIds() + servingChartIds();
    const QString value = p.value(QStringLiteral("chart"));
    if (!p.isSet(QStringLiteral("chart")) || value == u"all")
        return known;
    QStringList ids;
    for (const QString &part : value.split(u',')) {
        const QString id = part.trimmed();
        if (!known.contains(id))
            throw UsageError{QStringLiteral("--chart: \"%1\" is not one of %2, all")
                                 .arg(shownInput(id), known.join(u", "))};
        if (!ids.contains(id))
            ids << id;
    }
    return ids;
}

int writeReport(const QCommandLineParser &p, QTextStream &out)
{
    const QString path = p.value(QStringLiteral("report"));
    if (path.isEmpty())
        throw UsageError{QStringLiteral("--report: give the PDF file to write")};
    for (const QString &other :
         {QStringLiteral("out"), QStringLiteral("format"), QStringLiteral("width"),
          QStringLiteral("height"), QStringLiteral("dpi")})
        if (p.isSet(other))
            throw UsageError{QStringLiteral("--%1: not used with --report, which lays out A4 "
                                            "pages into its own FILE")
                                 .arg(other)};
    const Drawn d = drawFromOptions(p, reportChartIds(p));
    const ReportContent content{.scenario = d.scenario,
                                .ledger = d.ledger,
                                .baseline = d.baseline,
                                .units = d.view->units(),
                                .charts = d.charts};
    QString error;
    if (!exportReport(content, path, &error))
        throw UsageError{QStringLiteral("--report: ") + error};
    out << shownText(path) << '\n'; // the file written, escaped as any name from outside
    return 0;
}

} // namespace

// Charts drawn headless (the caller made a QApplication on the offscreen platform).
int runExport(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Charts as PNG, SVG, PDF or CSV, drawn as the window draws them. --chart all writes every "
        "chart into the folder --out; without --format it writes every format plus ledger.json "
        "and ledger.txt. A --scenario file's measured bandwidth is drawn on the latency chart. "
        "--report FILE writes the PDF report instead: the scenario and the ledger, then one "
        "chart a page with its numbers in words."));
    addScenarioOptions(p);
    p.addOptions({
        {QStringLiteral("chart"),
         QStringLiteral("%1 or all (the first four). With --report: IDs separated by commas, or "
                        "all (the default: every one).")
             .arg((chartIds() + servingChartIds()).join(u'|')),
         QStringLiteral("ID")},
        {QStringLiteral("report"), QStringLiteral("Write the PDF report (landscape A4) to FILE."),
         QStringLiteral("FILE")},
        {QStringLiteral("language"),
         QStringLiteral("%1: the language of the charts and the report (default en).")
             .arg(language::available().join(QStringLiteral(" or "))),
         QStringLiteral("CODE")},
        {QStringLiteral("format"),
         QStringLiteral("png, svg, pdf or csv (default: from the --out suffix)."),
         QStringLiteral("FORMAT")},
        {QStringLiteral("out"), QStringLiteral("Output file, or folder for --chart all."),
         QStringLiteral("PATH")},
        {QStringLiteral("width"), QStringLiteral("Width in pixels (default 1600)."),
         QStringLiteral("W")},
        {QStringLiteral("height"), QStringLiteral("Height in pixels (default 1040)."),
         QStringLiteral("H")},
        {QStringLiteral("dpi"),
         QStringLiteral("Pixels per inch (default 192): text is sized for it, and SVG/PDF are "
                        "laid out at width × 96 / dpi."),
         QStringLiteral("D")},
        {QStringLiteral("presentation"), QStringLiteral("Large fonts and thick lines.")},
        {QStringLiteral("linear"), QStringLiteral("Linear axes on the latency chart.")},
    });
    if (parseCommand(p, args, out))
        return 0;
    if (p.isSet(QStringLiteral("report")))
        return writeReport(p, out);

    const QString chart = p.value(QStringLiteral("chart"));
    const bool all = chart == u"all";
    const QStringList known = chartIds() + servingChartIds();
    if (chart.isEmpty())
        throw UsageError{QStringLiteral("--chart: give one of %1, all").arg(known.join(u", "))};
    if (!all && !known.contains(chart))
        throw UsageError{QStringLiteral("--chart: \"%1\" is not one of %2, all")
                             .arg(shownInput(chart), known.join(u", "))};
    const QString path = p.value(QStringLiteral("out"));
    if (path.isEmpty())
        throw UsageError{QStringLiteral("--out: give a file (or a folder for --chart all)")};

    std::optional<ExportFormat> format;
    if (p.isSet(QStringLiteral("format"))) {
        format = exportFormatFromName(p.value(QStringLiteral("format")));
        if (!format)
            throw UsageError{QStringLiteral("--format: \"%1\" is not png, svg, pdf or csv")
                                 .arg(shownInput(p.value(QStringLiteral("format"))))};
    } else if (!all) {
        format = exportFormatFromName(QFileInfo(path).suffix());
        if (!format)
            throw UsageError{QStringLiteral("--format: not given, and the suffix of \"%1\" is not "
                                            "png, svg, pdf or csv")
                                 .arg(shownPath(path))};
    }

    ExportSize size;
    if (p.isSet(QStringLiteral("width")))
        size.pixels.setWidth(intOption(p, QStringLiteral("width"), 16, 20000));
    if (p.isSet(QStringLiteral("height")))
        size.pixels.setHeight(intOption(p, QStringLiteral("height"), 16, 20000));
    if (p.isSet(QStringLiteral("dpi")))
        size.dpi = intOption(p, QStringLiteral("dpi"), 24, 2400);
    if (const QString why = size.validate(); !why.isEmpty())
        throw UsageError{QStringLiteral("--width/--height/--dpi: ") + why};

    const Drawn d = drawFromOptions(p, all ? chartIds() : QStringList{chart});
    const Scenario &s = d.scenario;
    const Ledger &l = d.ledger;
    const QList<LedgerChart *> &list = d.charts;

    QString error;
    if (all && !format) {
        if (!exportAll(list, s, l, path, d.view->units(), size, &error))
            throw UsageError{QStringLiteral("--out: ") + error};
        for (const QString &name : exportAllFileNames(list))
            out << shownText(QDir(path).filePath(name)) << '\n';
        return 0;
    }
    if (all && !QDir().mkpath(path))
        throw UsageError{
            QStringLiteral("--out: cannot create the folder \"%1\"").arg(shownPath(path))};
    for (LedgerChart *c : std::as_const(list)) {
        const QString file =
            all ? QDir(path).filePath(c->id() + u'.' + exportFormatSuffix(*format)) : path;
        if (!exportChart(c, *format, file, size, &error))
            throw UsageError{QStringLiteral("--out: ") + error};
        out << shownText(file) << '\n';
    }
    return 0;
}

} // namespace kvl::cli
