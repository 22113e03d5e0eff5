#pragma once

#include "ledger.h"
#include "ledger_chart.h"
#include "scenario.h"
#include "units.h"
#include <QByteArray>
#include <QImage>
#include <QList>
#include <QSize>
#include <QString>
#include <optional>

namespace kvl {

enum class ExportFormat
{
    Png,
    Svg,
    Pdf,
    Csv
};

QList<ExportFormat> allExportFormats();
QString exportFormatSuffix(ExportFormat format); // "png"
// "png", "svg", "pdf", "csv" (any case); nullopt otherwise.
std::optional<ExportFormat> exportFormatFromName(const QString &name);

// How big an export is: PNGs get `pixels` at `dpi`; every format lays the chart out at the
// same logical size, pixels × 96 / dpi, so text keeps its size relative to the chart and the
// result never depends on the window. The default is 800 × 520 logical (about 21 × 14 cm).
struct ExportSize
{
    QSize pixels{1600, 1040};
    int dpi = 192;

    QSizeF logical() const { return QSizeF(pixels) * 96.0 / dpi; }
    QString validate() const; // empty when usable
};

// Rendering, for the clipboard and previews. Hover callouts are hidden and the chart is drawn in
// its light (paper) style.
QImage renderImage(LedgerChart *chart, const ExportSize &size = {});
QByteArray renderSvg(LedgerChart *chart, const ExportSize &size = {});
QString csvText(const ChartTable &table);

// Each writes through QSaveFile: on failure it returns false, sets *error to a message naming
// the path and the reason, and leaves no file behind.
bool exportPng(LedgerChart *chart, const QString &path, const ExportSize &size, QString *error);
bool exportSvg(LedgerChart *chart, const QString &path, const ExportSize &size, QString *error);
bool exportPdf(LedgerChart *chart, const QString &path, const ExportSize &size, QString *error);
bool exportCsv(const ChartTable &table, const QString &path, QString *error);
bool exportChart(LedgerChart *chart, ExportFormat format, const QString &path,
                 const ExportSize &size, QString *error);

// The chart as an image and as SVG (image/svg+xml) on the clipboard.
void copyToClipboard(LedgerChart *chart, const ExportSize &size = {});

// File names exportAll() writes: "<id>.png", .svg, .pdf, .csv for each chart, then
// "ledger.json" and "ledger.txt".
QStringList exportAllFileNames(const QList<LedgerChart *> &charts);
// Every chart in every format plus core's ledger as JSON and text into `dir` (created when
// missing). Stops at the first failure.
bool exportAll(const QList<LedgerChart *> &charts, const Scenario &s, const Ledger &l,
               const QString &dir, ByteUnits units, const ExportSize &size, QString *error);

// A PDF report on landscape A4: page 1 the scenario and the ledger rows, then one chart a page.
bool exportReport(const QList<LedgerChart *> &charts, const Scenario &s, const Ledger &l,
                  ByteUnits units, const QString &path, QString *error);

} // namespace kvl
