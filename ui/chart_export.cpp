#include "chart_export.h"

#include "input_text.h"
#include "safe_save.h"

#include "ledger_json.h"
#include "ledger_text.h"

#include <QBuffer>
#include <QClipboard>
#include <QCoreApplication>
#include <QDir>
#include <QGraphicsLayout>
#include <QGuiApplication>
#include <QImageWriter>
#include <QJsonDocument>
#include <QMimeData>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace kvl {

namespace {

class ExportText
{
    Q_DECLARE_TR_FUNCTIONS(ChartExport)
};

// The resolution scene coordinates are in; vector devices are set to it so that fonts given
// in points come out the same size relative to the chart as on screen.
constexpr int kSceneDpi = 96;

void fail(QString *error, const QString &path, const QString &reason)
{
    if (error)
        *error = ExportText::tr("Could not write %1: %2").arg(shownPath(path), reason);
}

// Lays the chart out at a fixed logical size in its paper style for the lifetime of the
// guard, then puts everything back.
class ExportLayout
{
public:
    ExportLayout(LedgerChart *view, const QSizeF &logical)
        : m_view(view), m_chart(view->chart()), m_oldSize(m_chart->size()),
          m_oldPaper(view->paperStyle()), m_oldAnimations(m_chart->animationOptions())
    {
        view->hideHoverOverlays();
        m_chart->setAnimationOptions(QChart::NoAnimation);
        view->setPaperStyle(true);
        m_chart->resize(logical);
        settle();
    }
    ~ExportLayout()
    {
        m_chart->resize(m_oldSize);
        m_view->setPaperStyle(m_oldPaper);
        m_chart->setAnimationOptions(m_oldAnimations);
        settle();
    }
    ExportLayout(const ExportLayout &) = delete;
    ExportLayout &operator=(const ExportLayout &) = delete;

    void render(QPainter *painter, const QRectF &target) const
    {
        m_chart->scene()->render(painter, target, QRectF(m_chart->scenePos(), m_chart->size()),
                                 Qt::IgnoreAspectRatio);
    }

private:
    // Axis and title changes post layout requests; exports happen before the event loop runs
    // (the CLI has none), so apply them now.
    void settle()
    {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        if (m_chart->layout())
            m_chart->layout()->activate();
    }

    LedgerChart *m_view;
    QChart *m_chart;
    QSizeF m_oldSize;
    bool m_oldPaper;
    QChart::AnimationOptions m_oldAnimations;
};

void renderSvgTo(LedgerChart *chart, QIODevice *device, const ExportSize &size)
{
    const QSizeF logical = size.logical();
    QSvgGenerator svg;
    svg.setOutputDevice(device);
    svg.setSize(logical.toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), logical));
    svg.setResolution(kSceneDpi);
    svg.setTitle(chart->title());
    svg.setDescription(ExportText::tr("KV Ledger chart"));
    ExportLayout layout(chart, logical);
    QPainter painter(&svg);
    layout.render(&painter, QRectF(QPointF(0, 0), logical));
}

QString csvField(const QString &field)
{
    if (!field.contains(u',') && !field.contains(u'"') && !field.contains(u'\n'))
        return field;
    QString quoted = field;
    quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

} // namespace

QList<ExportFormat> allExportFormats()
{
    return {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
}

QString exportFormatSuffix(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Png:
        return QStringLiteral("png");
    case ExportFormat::Svg:
        return QStringLiteral("svg");
    case ExportFormat::Pdf:
        return QStringLiteral("pdf");
    case ExportFormat::Csv:
        return QStringLiteral("csv");
    }
    return {};
}

std::optional<ExportFormat> exportFormatFromName(const QString &name)
{
    for (ExportFormat f : allExportFormats())
        if (name.compare(exportFormatSuffix(f), Qt::CaseInsensitive) == 0)
            return f;
    return std::nullopt;
}

QString ExportSize::validate() const
{
    if (pixels.width() < 16 || pixels.height() < 16 || pixels.width() > 20000 ||
        pixels.height() > 20000)
        return ExportText::tr("size %1 × %2 is outside 16-20000 pixels")
            .arg(pixels.width())
            .arg(pixels.height());
    if (dpi < 24 || dpi > 2400)
        return ExportText::tr("%1 dpi is outside 24-2400").arg(dpi);
    const QSizeF l = logical();
    if (l.width() < 200 || l.height() < 150)
        return ExportText::tr("%1 × %2 at %3 dpi leaves too little room for a chart; use more "
                              "pixels or fewer dpi")
            .arg(pixels.width())
            .arg(pixels.height())
            .arg(dpi);
    return {};
}

QImage renderImage(LedgerChart *chart, const ExportSize &size)
{
    QImage image(size.pixels, QImage::Format_ARGB32_Premultiplied);
    // Paint at the scene's resolution (fonts in points then match the layout), label after.
    const int sceneDpm = qRound(kSceneDpi / 0.0254);
    image.setDotsPerMeterX(sceneDpm);
    image.setDotsPerMeterY(sceneDpm);
    image.fill(Qt::white);
    {
        ExportLayout layout(chart, size.logical());
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                               QPainter::SmoothPixmapTransform);
        layout.render(&painter, QRectF(QPointF(0, 0), QSizeF(size.pixels)));
    }
    image.setDotsPerMeterX(qRound(size.dpi / 0.0254));
    image.setDotsPerMeterY(qRound(size.dpi / 0.0254));
    return image;
}

QByteArray renderSvg(LedgerChart *chart, const ExportSize &size)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    renderSvgTo(chart, &buffer, size);
    return buffer.data();
}

QString csvText(const ChartTable &table)
{
    QString out;
    const auto line = [&out](const QStringList &fields) {
        QStringList quoted;
        for (const QString &f : fields)
            quoted << csvField(f);
        out += quoted.join(u',') + u'\n';
    };
    line(table.header);
    for (const QStringList &row : table.rows)
        line(row);
    return out;
}

bool exportPng(LedgerChart *chart, const QString &path, const ExportSize &size, QString *error)
{
    if (const QString why = size.validate(); !why.isEmpty()) {
        fail(error, path, why);
        return false;
    }
    const QImage image = renderImage(chart, size);
    return saveEncoded(path, error, [&](QIODevice &file, QString *reason) {
        QImageWriter writer(&file, "png");
        writer.setText(QStringLiteral("Title"), chart->title());
        writer.setText(QStringLiteral("Software"), QStringLiteral("KV Ledger"));
        if (writer.write(image))
            return true;
        *reason = writer.errorString();
        return false;
    });
}

bool exportSvg(LedgerChart *chart, const QString &path, const ExportSize &size, QString *error)
{
    if (const QString why = size.validate(); !why.isEmpty()) {
        fail(error, path, why);
        return false;
    }
    return saveEncoded(path, error, [&](QIODevice &file, QString *) {
        renderSvgTo(chart, &file, size);
        return true;
    });
}

bool exportPdf(LedgerChart *chart, const QString &path, const ExportSize &size, QString *error)
{
    if (const QString why = size.validate(); !why.isEmpty()) {
        fail(error, path, why);
        return false;
    }
    const QSizeF logical = size.logical();
    return saveEncoded(path, error, [&](QIODevice &file, QString *reason) {
        QPdfWriter pdf(&file);
        pdf.setResolution(kSceneDpi);
        pdf.setPageSize(QPageSize(logical * 72.0 / kSceneDpi, QPageSize::Point, QString(),
                                  QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(chart->title());
        pdf.setCreator(QStringLiteral("KV Ledger"));
        ExportLayout layout(chart, logical);
        QPainter painter;
        if (!painter.begin(&pdf)) {
            *reason = ExportText::tr("the PDF writer could not start");
            return false;
        }
        layout.render(&painter, QRectF(0, 0, pdf.width(), pdf.height()));
        return painter.end();
    });
}

bool exportCsv(const ChartTable &table, const QString &path, QString *error)
{
    return saveFileAtomically(path, csvText(table).toUtf8(), error);
}

bool exportChart(LedgerChart *chart, ExportFormat format, const QString &path,
                 const ExportSize &size, QString *error)
{
    switch (format) {
    case ExportFormat::Png:
        return exportPng(chart, path, size, error);
    case ExportFormat::Svg:
        return exportSvg(chart, path, size, error);
    case ExportFormat::Pdf:
        return exportPdf(chart, path, size, error);
    case ExportFormat::Csv:
        return exportCsv(chart->table(), path, error);
    }
    return false;
}

void copyToClipboard(LedgerChart *chart, const ExportSize &size)
{
    auto *mime = new QMimeData;
    mime->setImageData(renderImage(chart, size));
    mime->setData(QStringLiteral("image/svg+xml"), renderSvg(chart, size));
    QGuiApplication::clipboard()->setMimeData(mime);
}

QStringList exportAllFileNames(const QList<LedgerChart *> &charts)
{
    QStringList names;
    for (const LedgerChart *chart : charts)
        for (ExportFormat f : allExportFormats())
            names << chart->id() + u'.' + exportFormatSuffix(f);
    names << QStringLiteral("ledger.json") << QStringLiteral("ledger.txt");
    return names;
}

bool exportAll(const QList<LedgerChart *> &charts, const Scenario &s, const Ledger &l,
               const QString &dir, ByteUnits units, const ExportSize &size, QString *error)
{
    if (!QDir().mkpath(dir)) {
        fail(error, dir, ExportText::tr("the folder could not be created"));
        return false;
    }
    const QDir out(dir);
    for (LedgerChart *chart : charts)
        for (ExportFormat f : allExportFormats())
            if (!exportChart(chart, f, out.filePath(chart->id() + u'.' + exportFormatSuffix(f)),
                             size, error))
                return false;
    return saveFileAtomically(out.filePath(QStringLiteral("ledger.json")),
                              QJsonDocument(ledgerToJson(s, l)).toJson(QJsonDocument::Indented),
                              error) &&
           saveFileAtomically(out.filePath(QStringLiteral("ledger.txt")),
                              ledgerText(s, l, units).toUtf8(), error);
}

void renderChart(LedgerChart *chart, QPainter *painter, const QRectF &target)
{
    // Laid out at the target's own size, so text prints at its point size.
    const ExportLayout layout(chart, target.size());
    layout.render(painter, target);
}

bool saveEncoded(const QString &path, QString *error,
                 const std::function<bool(QIODevice &, QString *reason)> &write)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QString reason;
    if (!write(buffer, &reason)) {
        fail(error, path, reason);
        return false;
    }
    buffer.close();
    return saveFileAtomically(path, bytes, error);
}

} // namespace kvl
