#include "report.h"

#include "chart_export.h"
#include "ledger_chart.h"
#include "ledger_text.h"
#include "scenario_compare.h"
#include "tour.h"
#include "weights.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QHash>
#include <QLocale>
#include <QPainter>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextDocument>
#include <memory>

namespace kvl {

namespace {

class ReportText
{
    Q_DECLARE_TR_FUNCTIONS(Report)
};

// Scene units, 96 per inch: charts are laid out in them, so their fonts print at point size.
constexpr int kDpi = 96;
// Under the body of every page: a rule and "Page 2 of 9".
constexpr qreal kFooterHeight = 30;
// Between a chart and its caption.
constexpr qreal kCaptionGap = 8;

const QString kCss = QStringLiteral("h1 { font-size: 20pt; margin-bottom: 4px; }"
                                    "h2 { font-size: 14pt; margin-top: 14px; margin-bottom: 6px; }"
                                    "h3 { font-size: 11pt; margin-top: 12px; }"
                                    "table.grid { border-collapse: collapse; }"
                                    "table.grid th { background: #e4e4e4; text-align: left; }"
                                    "tr.shade { background: #f4f4f4; }"
                                    ".warning { color: #a01010; }"
                                    ".quiet { color: #444444; }");

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

QString scenarioSentence(const Scenario &s, ByteUnits units)
{
    return ReportText::tr("%1 on %2 × %3 (%4, %5 each), %6 tokens of context, KV %7, weights "
                          "%8, batch %9.")
        .arg(s.model.name, formatInteger(qint64(s.gpus)), s.gpu.name,
             formatBytes(s.gpu.memoryBytes, units), formatRate(s.gpu.bandwidth, ByteUnits::SI),
             formatInteger(s.context), s.kvPrecision.label(), weightPrecisionLabel(s),
             formatInteger(qint64(s.batch)));
}

// The inputs the sentence above leaves out, for a reader who wants to redo the sums.
QString assumptionsSentence(const Scenario &s)
{
    return ReportText::tr("Bandwidth efficiency %1%, usable memory %2%, compute efficiency %3%; "
                          "answers of %4 tokens; $%5 per GPU-hour.")
        .arg(formatNumber(s.efficiency * 100, 3), formatNumber(s.memoryFraction * 100, 3),
             formatNumber(s.computeEfficiency * 100, 3), formatInteger(s.responseTokens),
             formatNumber(s.gpuHourPrice, 4));
}

// A table with a shaded header row that repeats on every page it spans; `boldColumn` (-1: none)
// stands out.
QString gridTable(const QStringList &header, const QList<QStringList> &rows, int boldColumn = -1,
                  const QList<bool> &warnings = {})
{
    QString html = QStringLiteral("<table class='grid' width='100%' cellspacing='0' "
                                  "cellpadding='3'><thead><tr>");
    for (const QString &h : header)
        html += u"<th>" + esc(h) + u"</th>";
    html += QStringLiteral("</tr></thead>");
    for (int i = 0; i < rows.size(); ++i) {
        html += i % 2 ? QStringLiteral("<tr class='shade'>") : QStringLiteral("<tr>");
        const bool warning = warnings.value(i);
        for (int col = 0; col < rows.at(i).size(); ++col) {
            QString cell = esc(rows.at(i).at(col));
            if (col == boldColumn)
                cell = u"<b>" + cell + u"</b>";
            if (warning && col > 0)
                cell = u"<span class='warning'>" + cell + u"</span>";
            html += u"<td>" + cell + u"</td>";
        }
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

QString ledgerTable(const ReportContent &c)
{
    const QList<LedgerRow> rows = ledgerRows(c.scenario, c.ledger, c.units);
    QList<QStringList> cells;
    QList<bool> warnings;
    for (const LedgerRow &r : rows) {
        cells << QStringList{r.label, r.value, r.note};
        warnings << r.warning;
    }
    return gridTable({ReportText::tr("Quantity"), ReportText::tr("Value"), ReportText::tr("How")},
                     cells, 1, warnings);
}

// The ledger's rows for A and B side by side: rows pair by key, and where a key repeats (one row
// per kind of layer) in order; a row only one side has shows a dash on the other.
QString ledgerTable(const ReportContent &c, const Comparison &comparison)
{
    const QList<LedgerRow> a = ledgerRows(*c.baseline, comparison.a, c.units);
    const QList<LedgerRow> b = ledgerRows(c.scenario, c.ledger, c.units);
    const auto nth = [](const QList<LedgerRow> &rows, const QString &key, int n) {
        for (const LedgerRow &r : rows)
            if (r.key == key && n-- == 0)
                return &r;
        return static_cast<const LedgerRow *>(nullptr);
    };
    QList<std::pair<const LedgerRow *, const LedgerRow *>> pairs;
    QHash<QString, int> inB, inA;
    for (const LedgerRow &r : b) {
        const int n = inB[r.key]++;
        pairs.append(std::pair(nth(a, r.key, n), &r));
    }
    for (const LedgerRow &r : a)
        if (inA[r.key]++ >= inB.value(r.key))
            pairs.append(std::pair(&r, static_cast<const LedgerRow *>(nullptr)));

    const QString none = QStringLiteral("—");
    QList<QStringList> cells;
    for (const auto &[ra, rb] : pairs) {
        const LedgerRow &any = rb ? *rb : *ra;
        // Labels that carry one side's numbers ("Per GPU, TP over 8") give way to plain ones.
        const auto q = quantityFromKey(any.key);
        cells << QStringList{
            q ? quantityLabel(*q) : any.label, ra ? ra->value : none, rb ? rb->value : none,
            q ? changeFactor(quantityValue(comparison.a, *q), quantityValue(comparison.b, *q))
              : QString()};
    }
    return gridTable({ReportText::tr("Quantity"), ReportText::tr("A: baseline"),
                      ReportText::tr("B: this scenario"), ReportText::tr("Change")},
                     cells);
}

QString comparisonHtml(const ReportContent &c, const Comparison &comparison)
{
    QString html = u"<h2>" + esc(ReportText::tr("Comparison with the baseline")) + u"</h2><p>" +
                   esc(ReportText::tr("Every ledger figure for the baseline (A) and this scenario "
                                      "(B), and how it changed.")) +
                   u"</p>";
    QList<QStringList> cells;
    for (const QuantityChange &q : comparison.quantities)
        if (shownInComparison(comparison, q.quantity))
            cells << QStringList{quantityLabel(q.quantity),
                                 formatQuantity(q.quantity, q.a, c.units),
                                 formatQuantity(q.quantity, q.b, c.units), changeFactor(q.a, q.b)};
    html += gridTable({ReportText::tr("Quantity"), ReportText::tr("A: baseline"),
                       ReportText::tr("B: this scenario"), ReportText::tr("Change")},
                      cells);
    html += u"<h3>" + esc(ReportText::tr("What each change does, applied in turn from A to B")) +
            u"</h3>";
    if (comparison.changes.isEmpty())
        return html + u"<p>" + esc(ReportText::tr("The two scenarios are the same.")) + u"</p>";
    html += QStringLiteral("<ul>");
    for (const InputChange &change : comparison.changes)
        html += u"<li>" + esc(compareSentence(change, c.units)) + u"</li>";
    return html + QStringLiteral("</ul>");
}

struct Section
{
    QString title;
    int page = 0;
};

// Page 1 (title block and contents), then the ledger from a page of its own.
QString frontHtml(const ReportContent &c, const std::optional<Comparison> &comparison,
                  const QList<Section> &contents)
{
    const QString date = QLocale().toString(c.date, QLocale::LongFormat);
    QString html = u"<h1>" + esc(ReportText::tr("KV Ledger report")) + u"</h1>";
    html += u"<p><i>" +
            esc(ReportText::tr("A companion to the article “%1”").arg(seedArticleTitle())) +
            u"</i></p>";
    html +=
        u"<p class='quiet'>" +
        esc(ReportText::tr("%1 · KV Ledger %2").arg(date, QCoreApplication::applicationVersion())) +
        u"</p>";
    html += u"<p>" +
            esc(ReportText::tr("Every decoded token reads the whole KV cache from GPU memory: "
                               "the figures below say what that costs in this scenario.")) +
            u"</p>";
    const auto scenarioParagraph = [&](const QString &name, const Scenario &s) -> QString {
        return u"<p><b>" + esc(name) + u"</b> " + esc(scenarioSentence(s, c.units)) +
               u"<br><span class='quiet'>" + esc(assumptionsSentence(s)) + u"</span></p>";
    };
    if (comparison) {
        html += scenarioParagraph(ReportText::tr("Scenario (B):"), c.scenario);
        html += scenarioParagraph(ReportText::tr("Baseline (A):"), *c.baseline);
    } else {
        html += scenarioParagraph(ReportText::tr("Scenario:"), c.scenario);
    }
    html += u"<h2>" + esc(ReportText::tr("Contents")) + u"</h2>";
    html += QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    for (const Section &s : contents)
        html += u"<tr><td width='560'>" + esc(s.title) + u"</td><td align='right'>" +
                QString::number(s.page) + u"</td></tr>";
    html += QStringLiteral("</table>");
    html += QStringLiteral("<h2 style='page-break-before: always'>") +
            esc(ReportText::tr("The ledger")) + u"</h2>";
    return html + (comparison ? ledgerTable(c, *comparison) : ledgerTable(c));
}

std::unique_ptr<QTextDocument> document(QPaintDevice *device, const QSizeF &page)
{
    auto doc = std::make_unique<QTextDocument>();
    doc->documentLayout()->setPaintDevice(device);
    QFont font = doc->defaultFont();
    font.setPointSizeF(10);
    doc->setDefaultFont(font);
    doc->setDefaultStyleSheet(kCss);
    doc->setPageSize(page);
    return doc;
}

// The page the ledger starts on: the one block that begins a page of its own.
int ledgerPage(QTextDocument *doc)
{
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        if (b.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore)
            return 1 + int(doc->documentLayout()->blockBoundingRect(b).top() /
                           doc->pageSize().height());
    return 1;
}

// Page `page` (from 0) of a paginated document, into `body`.
void drawDocumentPage(QPainter *painter, QTextDocument *doc, int page, const QRectF &body)
{
    painter->save();
    painter->translate(body.left(), body.top() - page * body.height());
    QAbstractTextDocumentLayout::PaintContext context;
    context.clip = QRectF(0, page * body.height(), body.width(), body.height());
    painter->setClipRect(context.clip);
    doc->documentLayout()->draw(painter, context);
    painter->restore();
}

void drawFooter(QPainter *painter, const QRectF &page, const QString &left, int number, int count)
{
    const QRectF foot(page.left(), page.bottom() - kFooterHeight + 10, page.width(),
                      kFooterHeight - 10);
    painter->save();
    painter->setPen(QPen(QColor(0x99, 0x99, 0x99), 0.75));
    painter->drawLine(foot.topLeft(), foot.topRight());
    QFont font = painter->font();
    font.setPointSizeF(8.5);
    painter->setFont(font);
    painter->setPen(QColor(0x33, 0x33, 0x33));
    painter->drawText(foot, Qt::AlignLeft | Qt::AlignBottom, left);
    painter->drawText(foot, Qt::AlignRight | Qt::AlignBottom,
                      ReportText::tr("Page %1 of %2").arg(number).arg(count));
    painter->restore();
}

QString figureTitle(int index, const LedgerChart *chart)
{
    return ReportText::tr("Figure %1. %2").arg(index + 1).arg(chart->title());
}

// The chart laid out to fill what its caption (the headline numbers in words) leaves.
void drawChartPage(QPainter *painter, QPaintDevice *device, int index, LedgerChart *chart,
                   const QRectF &body)
{
    // Headlines that open with the title ("Memory vs context length: 6 GPUs to fit") say it once.
    const QString headline = chart->headline();
    const bool titled = headline.startsWith(chart->title());
    const QString rest = titled ? headline.mid(chart->title().size()) : u' ' + headline;
    auto caption = document(device, QSizeF());
    caption->setTextWidth(body.width());
    caption->setHtml(u"<p><b>" + esc(figureTitle(index, chart)) + (titled ? u"" : u".") + u"</b>" +
                     esc(rest).replace(u'\n', QStringLiteral("<br>")) + u"</p>");
    const qreal captionHeight = caption->size().height();
    const QRectF plot(body.topLeft(),
                      QSizeF(body.width(), body.height() - captionHeight - kCaptionGap));
    renderChart(chart, painter, plot);
    painter->save();
    painter->translate(body.left(), plot.bottom() + kCaptionGap);
    caption->drawContents(painter);
    painter->restore();
}

} // namespace

bool exportReport(const ReportContent &c, const QString &path, QString *error)
{
    std::optional<Comparison> comparison;
    if (c.baseline)
        comparison = compareScenarios(*c.baseline, c.scenario);
    const QString date = QLocale().toString(c.date, QLocale::LongFormat);
    return saveEncoded(path, error, [&](QIODevice &file, QString *reason) {
        QPdfWriter pdf(&file);
        pdf.setResolution(kDpi);
        pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                      QMarginsF(14, 12, 14, 10), QPageLayout::Millimeter));
        pdf.setTitle(ReportText::tr("KV Ledger report: %1").arg(c.scenario.model.name));
        pdf.setCreator(u"KV Ledger " + QCoreApplication::applicationVersion());
        const QRectF page(0, 0, pdf.width(), pdf.height());
        const QRectF body(page.topLeft(), QSizeF(page.width(), page.height() - kFooterHeight));

        int comparisonPages = 0;
        auto compared = document(&pdf, body.size());
        if (comparison) {
            compared->setHtml(comparisonHtml(c, *comparison));
            comparisonPages = compared->pageCount();
        }
        // The contents give page numbers that depend on how many pages the front takes: laid out
        // again until the numbers it states are the ones it gets (a second pass in practice).
        auto front = document(&pdf, body.size());
        int frontPages = 2, ledgerAt = 2;
        for (int pass = 0; pass < 4; ++pass) {
            QList<Section> contents{{ReportText::tr("The ledger"), ledgerAt}};
            if (comparison)
                contents.append({ReportText::tr("Comparison with the baseline"), frontPages + 1});
            for (int i = 0; i < c.charts.size(); ++i)
                contents.append(
                    {figureTitle(i, c.charts.at(i)), frontPages + comparisonPages + i + 1});
            front->setHtml(frontHtml(c, comparison, contents));
            if (front->pageCount() == frontPages && ledgerPage(front.get()) == ledgerAt)
                break;
            frontPages = front->pageCount();
            ledgerAt = ledgerPage(front.get());
        }
        const int pages = frontPages + comparisonPages + int(c.charts.size());
        const QString footer =
            ReportText::tr("KV Ledger report: %1, %2").arg(c.scenario.model.name, date);

        QPainter painter;
        if (!painter.begin(&pdf)) {
            *reason = ReportText::tr("the PDF writer could not start");
            return false;
        }
        int number = 0;
        const auto nextPage = [&] {
            if (number > 0)
                pdf.newPage();
            drawFooter(&painter, page, footer, ++number, pages);
        };
        for (int i = 0; i < frontPages; ++i) {
            nextPage();
            drawDocumentPage(&painter, front.get(), i, body);
        }
        for (int i = 0; i < comparisonPages; ++i) {
            nextPage();
            drawDocumentPage(&painter, compared.get(), i, body);
        }
        for (int i = 0; i < c.charts.size(); ++i) {
            nextPage();
            drawChartPage(&painter, &pdf, i, c.charts.at(i), body);
        }
        return painter.end();
    });
}

} // namespace kvl
