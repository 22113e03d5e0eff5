#pragma once

#include "ledger.h"
#include "ledger_chart.h"
#include "scenario.h"
#include "units.h"
#include <QByteArray>
#include <QImage>
#include <QList>
#include <QRectF>
#include <QSize>
#include <QString>
#include <functional>
#include <optional>

class QIODevice;
class QPainter;

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

// Lays `chart` out at the size of `target` (in scene units: 96 per inch) in its paper style and
// draws it there, as a page of the PDF report does; the chart is put back afterwards.
void renderChart(LedgerChart *chart, QPainter *painter, const QRectF &target);

// Lets `write` encode a file in memory, then saves it atomically (saveFileAtomically): the bytes
// are counted there, which an encoder writing straight to the file would not allow. On failure,
// false, *error naming the path and the reason (the one `write` gives, or the save's), and no
// file.
bool saveEncoded(const QString &path, QString *error,
                 const std::function<bool(QIODevice &, QString *reason)> &write);

} // namespace kvl
