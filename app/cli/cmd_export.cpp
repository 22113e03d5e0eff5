#include "chart_export.h"
#include "chart_factory.h"
#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "latency_chart.h"
#include "scenario_options.h"

#include <QDir>
#include <QFileInfo>
#include <memory>
#include <vector>

namespace kvl::cli {

// Charts drawn headless (the caller made a QApplication on the offscreen platform).
int runExport(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Charts as PNG, SVG, PDF or CSV, drawn as the window draws them. --chart all writes every "
        "chart into the folder --out; without --format it writes every format plus ledger.json "
        "and ledger.txt. A --scenario file's measured bandwidth is drawn on the latency chart."));
    addScenarioOptions(p);
    p.addOptions({
        {QStringLiteral("chart"),
         QStringLiteral("%1 or all (the first four).")
             .arg((chartIds() + servingChartIds()).join(u'|')),
         QStringLiteral("ID")},
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
                                 .arg(shownInput(path, 200))};
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

    const Scenario s = scenarioFromOptions(p);
    const ByteUnits units = unitsFromOptions(p);
    const Ledger l = evaluate(s);

    const QStringList ids = all ? chartIds() : QStringList{chart};
    std::vector<std::unique_ptr<LedgerChart>> charts;
    QList<LedgerChart *> list;
    for (const QString &id : ids) {
        charts.emplace_back(createChart(id));
        LedgerChart *c = charts.back().get();
        c->setUnits(units);
        c->setPresentation(p.isSet(QStringLiteral("presentation")));
        if (auto *latency = qobject_cast<LatencyChart *>(c))
            latency->setLogScale(!p.isSet(QStringLiteral("linear")));
        list << c;
    }
    // The window draws through the same call: same series, measured overlay and a baseline the
    // --scenario file pinned included.
    drawCharts(list, s, l, baselineFromOptions(p));

    QString error;
    if (all && !format) {
        if (!exportAll(list, s, l, path, units, size, &error))
            throw UsageError{QStringLiteral("--out: ") + error};
        for (const QString &name : exportAllFileNames(list))
            out << QDir(path).filePath(name) << '\n';
        return 0;
    }
    if (all && !QDir().mkpath(path))
        throw UsageError{
            QStringLiteral("--out: cannot create the folder \"%1\"").arg(shownInput(path, 200))};
    for (LedgerChart *c : std::as_const(list)) {
        const QString file =
            all ? QDir(path).filePath(c->id() + u'.' + exportFormatSuffix(*format)) : path;
        if (!exportChart(c, *format, file, size, &error))
            throw UsageError{QStringLiteral("--out: ") + error};
        out << file << '\n';
    }
    return 0;
}

} // namespace kvl::cli
