#include "ledger_chart.h"

#include "chart_label.h"
#include "chart_text.h"
#include "polyline.h"
#include "scaled_font.h"
#include "view_settings.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
#include <QLogValueAxis>
#include <QValueAxis>
#include <QXYSeries>
#include <QtMath>
#include <algorithm>
#include <cmath>
#include <limits>

namespace kvl {

// Space around the chart's content, inside its background.
static constexpr int kMargin = 10;

// Where Qt puts the major ticks of a token axis.
static QList<double> tickValues(const QAbstractAxis *axis)
{
    QList<double> ticks;
    if (const auto *log = qobject_cast<const QLogValueAxis *>(axis)) {
        const double base = log->base();
        for (double e = std::ceil(std::log(log->min()) / std::log(base) - 1e-9);
             std::pow(base, e) <= log->max(); ++e)
            ticks << std::pow(base, e);
    } else if (const auto *linear = qobject_cast<const QValueAxis *>(axis)) {
        const double step = linear->tickInterval();
        const double anchor = linear->tickAnchor();
        if (step > 0)
            for (double v = anchor - std::floor((anchor - linear->min()) / step) * step;
                 v <= linear->max() + step * 1e-9; v += step)
                ticks << v;
    }
    return ticks;
}

LedgerChart::LedgerChart(QWidget *parent) : QChartView(parent), m_baseFont(QApplication::font())
{
    setRenderHint(QPainter::Antialiasing);
    // One rectangle around everything that changed: a moving marker dirties a few small rects,
    // and painting the plot once for their union is cheaper than once per rect.
    setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
    // Every step changes the series' paths: keeping a BSP index of items that move each time
    // costs more than the few dozen items it would spare a lookup over.
    scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    setMinimumSize(300, 240); // two side by side beside both docks on a 1280-pixel screen
    QChart *c = chart();
    c->setAnimationOptions(QChart::NoAnimation);
    // The chart fills the view: the default inset and rounded background cost 20 px a side.
    c->layout()->setContentsMargins(0, 0, 0, 0);
    c->setBackgroundRoundness(0);
    // Axis numbers in the reader's notation (10.000 in Portuguese), as the ledger writes them.
    // Localized label formats take no flags: "%.0f" and "%.7g" group digits, "%'.0f" shows none.
    c->setLocalizeNumbers(true);
    applyLocale();
    // The legend is laid out here rather than by the chart. A legend change (a renamed entry, a
    // pen) then lays out the legend alone, not every axis label of the chart, and entries wrap
    // onto more rows instead of being truncated to fit one.
    QLegend *legend = c->legend();
    legend->detachFromChart();
    legend->layout()->setContentsMargins(0, 0, 0, 0);
    legend->setAlignment(Qt::AlignTop);
    legend->setMarkerShape(QLegend::MarkerShapeFromSeries);
    legend->installEventFilter(this);
    connect(c, &QChart::geometryChanged, this, &LedgerChart::layoutLegend);
    updateMargins();
    m_hover = new ChartLabel(c);
    m_hover->setZValue(30);
    m_hover->hide();
    // Redraw overlays when the plot area moves: resizes and axis label width changes.
    connect(c, &QChart::plotAreaChanged, this, [this] {
        fitAxisTitles();
        relayoutOverlays();
        placeTokenLabels();
        m_hover->hide();
    });
}

LedgerChart::~LedgerChart()
{
    // The scene outlives this part of the object; its last signals must not reach it.
    chart()->legend()->removeEventFilter(this);
    chart()->disconnect(this);
}

void LedgerChart::updateFrom(const Scenario &s, const Ledger &l)
{
    draw(chartSeries(s, l, seriesRequest(), m_baseline));
}

LedgerChart *chartWithId(const QList<LedgerChart *> &charts, const QString &id)
{
    for (LedgerChart *c : charts)
        if (c->id() == id)
            return c;
    return nullptr;
}

void LedgerChart::setViewSettings(const ViewSettings *view)
{
    const ByteUnits unitsBefore = units();
    const bool presentationBefore = presentation();
    const bool logBefore = logAxes();
    if (m_view)
        m_view->disconnect(this);
    m_view = view;
    if (m_view) {
        connect(m_view, &ViewSettings::unitsChanged, this, [this] { unitsChanged(); });
        connect(m_view, &ViewSettings::presentationChanged, this, [this] { applyTheme(); });
        connect(m_view, &ViewSettings::logAxesChanged, this, [this] { logAxesChanged(); });
        connect(m_view, &QObject::destroyed, this, [this] { m_view = nullptr; });
    }
    if (units() != unitsBefore)
        unitsChanged();
    if (presentation() != presentationBefore)
        applyTheme();
    if (logAxes() != logBefore)
        logAxesChanged();
}

ByteUnits LedgerChart::units() const
{
    return ViewSettings::unitsOf(m_view);
}

bool LedgerChart::presentation() const
{
    return m_view && m_view->presentation();
}

bool LedgerChart::logAxes() const
{
    return !m_view || m_view->logAxes();
}

void LedgerChart::setInteractive(bool interactive)
{
    chart()->setAnimationOptions(interactive ? QChart::NoAnimation : QChart::SeriesAnimations);
    setRenderHint(QPainter::Antialiasing, !interactive);
    if (m_interactive == interactive)
        return;
    m_interactive = interactive;
    styleDraggedPens();
    if (!interactive) {
        placeLegendEntries();
        interactiveEnded();
    }
}

void LedgerChart::setTokenAxis(QAbstractAxis *axis)
{
    m_tokenAxis = axis;
    // The scale is in place when the axes say so: Qt updates it before their own signals.
    if (auto *log = qobject_cast<QLogValueAxis *>(axis)) {
        connect(log, &QLogValueAxis::rangeChanged, this, &LedgerChart::placeTokenLabels);
    } else if (auto *linear = qobject_cast<QValueAxis *>(axis)) {
        connect(linear, &QValueAxis::rangeChanged, this, &LedgerChart::placeTokenLabels);
        connect(linear, &QValueAxis::tickIntervalChanged, this, &LedgerChart::placeTokenLabels);
    }
    styleAxis(axis);
    placeTokenLabels();
}

// One label centred under each tick, where Qt's own would be; one that would crowd its left
// neighbour stays hidden.
void LedgerChart::placeTokenLabels()
{
    QAbstractSeries *series = nullptr;
    for (QAbstractSeries *s : chart()->series())
        if (s->attachedAxes().contains(m_tokenAxis))
            series = s;
    const QList<double> ticks =
        series && m_tokenAxis->isVisible() ? tickValues(m_tokenAxis) : QList<double>();
    while (m_tokenLabels.size() < ticks.size()) {
        auto *label = new ChartLabel(chart());
        label->setFont(chartFont());
        label->setColors(textColor(), Qt::transparent);
        m_tokenLabels << label;
    }
    const QRectF plot = chart()->plotArea();
    qreal right = -std::numeric_limits<qreal>::infinity();
    for (int i = 0; i < m_tokenLabels.size(); ++i) {
        ChartLabel *label = m_tokenLabels.at(i);
        bool shown = i < ticks.size();
        if (shown) {
            const qreal x = chart()->mapToPosition(QPointF(ticks.at(i), 1), series).x();
            label->setText(formatTokenCount(std::llround(ticks.at(i))));
            // A little below the plot: the lowest value label of the axis beside is centred on
            // the corner, and large type would touch it.
            const qreal gap = std::ceil(QFontMetricsF(label->font()).descent() / 2);
            label->setAnchor(chart()->mapToScene(QPointF(x, plot.bottom() + gap)),
                             Qt::AlignHCenter | Qt::AlignTop);
            const QRectF box = label->sceneBoundingRect();
            shown = x >= plot.left() - 1 && x <= plot.right() + 1 && box.left() >= right;
            if (shown)
                right = box.right();
        }
        if (label->isVisible() != shown)
            label->setVisible(shown);
    }
}

void LedgerChart::setReservedSpace(qreal top, qreal right)
{
    if (m_reservedTop == top && m_reservedRight == right)
        return;
    m_reservedTop = top;
    m_reservedRight = right;
    updateMargins();
}

void LedgerChart::updateMargins()
{
    const QMargins margins(kMargin, kMargin + qCeil(m_reservedTop),
                           kMargin + qCeil(m_reservedRight), kMargin + qCeil(m_legendHeight));
    if (chart()->margins() != margins)
        chart()->setMargins(margins);
    layoutLegend();
}

QRectF LedgerChart::contentRect() const
{
    return chart()->rect().adjusted(kMargin, kMargin, -kMargin, -kMargin);
}

// The legend spans the chart's width below the axes, in the space the bottom margin keeps.
void LedgerChart::layoutLegend()
{
    const QRectF area = contentRect();
    const qreal height = std::max<qreal>(m_legendHeight, 1);
    chart()->legend()->setGeometry(
        QRectF(area.left(), area.bottom() - height, std::max<qreal>(area.width(), 1), height));
    placeLegendEntries();
}

// Qt lays the entries of a detached legend out row by row, wrapping by a guess that can push a
// wide entry past the edge. They are re-placed here in centred rows that wrap where the next
// entry would not fit, and the rows' height is kept free below the axes.
void LedgerChart::placeLegendEntries()
{
    QLegend *legend = chart()->legend();
    legend->layout()->activate(); // entries sized for their current labels
    // The entries are the visible items in the legend's item group, which holds them in marker
    // order (the order their series and bar sets were added).
    QList<QGraphicsItem *> entries;
    for (QGraphicsItem *group : legend->childItems())
        for (QGraphicsItem *item : group->childItems())
            if (item->isVisible() && !item->boundingRect().isEmpty())
                entries << item;
    if (legend->reverseMarkers())
        std::reverse(entries.begin(), entries.end());

    const qreal width = legend->size().width();
    QList<QList<QGraphicsItem *>> rows;
    QList<qreal> rowWidths;
    qreal rowHeight = 0;
    for (QGraphicsItem *item : std::as_const(entries)) {
        const QRectF r = item->boundingRect();
        rowHeight = std::max(rowHeight, r.height());
        if (rows.isEmpty() || rowWidths.last() + r.width() > width) {
            rows.append(QList<QGraphicsItem *>());
            rowWidths.append(0);
        }
        rows.last() << item;
        rowWidths.last() += r.width();
    }
    for (int i = 0; i < rows.size(); ++i) {
        qreal x = std::max<qreal>(0, std::round((width - rowWidths.at(i)) / 2));
        for (QGraphicsItem *item : std::as_const(rows.at(i))) {
            const QPointF at = item->parentItem()->mapFromItem(legend, QPointF(x, i * rowHeight));
            if (item->pos() != at)
                item->setPos(at);
            x += item->boundingRect().width();
        }
    }
    // While a drag renames entries the room only grows, so the plot does not jitter.
    qreal height = std::ceil(rows.size() * rowHeight);
    if (m_interactive)
        height = std::max(height, m_legendHeight);
    if (height != m_legendHeight) {
        m_legendHeight = height;
        updateMargins();
    }
}

void LedgerChart::setPresentationTextPixels(qreal pixels)
{
    if (m_presentationPixels == pixels)
        return;
    m_presentationPixels = pixels;
    if (presentation())
        applyTheme();
}

void LedgerChart::setPaperStyle(bool on)
{
    if (m_paperStyle == on)
        return;
    m_paperStyle = on;
    applyTheme();
}

void LedgerChart::hideHoverOverlays()
{
    m_hover->hide();
}

double LedgerChart::bytesScale() const
{
    return units() == ByteUnits::SI ? 1e9 : 1073741824.0;
}

QString LedgerChart::bytesUnit() const
{
    return units() == ByteUnits::SI ? tr("GB") : tr("GiB");
}

QString LedgerChart::tableNumber(double value)
{
    if (value == std::floor(value) && std::abs(value) < kExactIntegerLimit)
        return QString::number(qint64(value));
    return QString::number(value, 'g', 15);
}

void LedgerChart::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
    else if (event->type() == QEvent::LanguageChange) {
        applyLocale(); // the language switch has set the default locale by now
        if (!chart()->title().isEmpty())
            chart()->setTitle(title());
        retranslate();
    }
}

void LedgerChart::applyLocale()
{
    const QLocale locale = numberLocale();
    if (chart()->locale() != locale)
        chart()->setLocale(locale);
}

void LedgerChart::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    relayoutOverlays();
}

bool LedgerChart::eventFilter(QObject *watched, QEvent *event)
{
    // A legend change posts a layout request to the legend: lay it out and re-place its entries
    // in one go (what QGraphicsWidget does with the request is the activate() alone).
    if (watched == chart()->legend() && event->type() == QEvent::LayoutRequest) {
        placeLegendEntries();
        return true;
    }
    return QChartView::eventFilter(watched, event);
}

void LedgerChart::showHover(const QPointF &value, QAbstractSeries *series, const QString &text)
{
    const QRectF plot = chart()->plotArea();
    const QPointF at = chart()->mapToScene(chart()->mapToPosition(value, series));
    m_hover->setText(text);
    // Prefer above-right of the point; flip when that leaves the plot area.
    const QSizeF size = m_hover->size();
    const QPointF plotTopLeft = chart()->mapToScene(plot.topLeft());
    const QPointF plotBottomRight = chart()->mapToScene(plot.bottomRight());
    Qt::Alignment align = Qt::AlignLeft | Qt::AlignBottom;
    QPointF anchor = at + QPointF(8, -8);
    if (anchor.x() + size.width() > plotBottomRight.x()) {
        align = (align & ~Qt::AlignLeft) | Qt::AlignRight;
        anchor.rx() = at.x() - 8;
    }
    if (anchor.y() - size.height() < plotTopLeft.y()) {
        align = (align & ~Qt::AlignBottom) | Qt::AlignTop;
        anchor.ry() = at.y() + 8;
    }
    m_hover->setAnchor(anchor, align);
    m_hover->show();
}

void LedgerChart::replacePoints(QXYSeries *series, const QList<QPointF> &points)
{
    if (series->points() != points)
        series->replace(points);
}

namespace {
// Where a series drawn with fewer points (replaceCurve) keeps every computed one, for its hover:
// on the series itself, so they go when it does.
constexpr char kComputedPoints[] = "kvlComputedPoints";

AxisScale scaleOf(QXYSeries *series, Qt::Orientation orientation)
{
    for (const QAbstractAxis *axis : series->attachedAxes())
        if (axis->orientation() == orientation)
            return axis->type() == QAbstractAxis::AxisTypeLogValue ? AxisScale::Log
                                                                   : AxisScale::Linear;
    return AxisScale::Linear;
}
} // namespace

void LedgerChart::replaceCurve(QXYSeries *series, const QList<QPointF> &points)
{
    replacePoints(series, drawnPolyline(points, scaleOf(series, Qt::Horizontal),
                                        scaleOf(series, Qt::Vertical), kPolylineTolerance));
    series->setProperty(kComputedPoints, QVariant::fromValue(points));
}

int LedgerChart::nearestPoint(const QList<QPointF> &pts, const QPointF &value,
                              QAbstractSeries *series) const
{
    if (pts.isEmpty())
        return -1;
    const auto it = std::lower_bound(pts.cbegin(), pts.cend(), value.x(),
                                     [](const QPointF &p, double x) { return p.x() < x; });
    int i = std::min(int(it - pts.cbegin()), int(pts.size()) - 1);
    if (i > 0) {
        const qreal mouse = chart()->mapToPosition(value, series).x();
        const qreal here = chart()->mapToPosition(pts.at(i), series).x();
        const qreal before = chart()->mapToPosition(pts.at(i - 1), series).x();
        if (std::abs(before - mouse) < std::abs(here - mouse))
            --i;
    }
    return i;
}

void LedgerChart::connectHover(QXYSeries *series, std::function<QString(int)> describe)
{
    connect(series, &QXYSeries::hovered, this,
            [this, series, describe = std::move(describe)](const QPointF &point, bool state) {
                if (!state || series->count() == 0) {
                    m_hover->hide();
                    return;
                }
                // Snap to the nearest computed point: the callout shows core's numbers, not an
                // interpolation.
                const QVariant computed = series->property(kComputedPoints);
                const QList<QPointF> pts =
                    computed.isValid() ? computed.value<QList<QPointF>>() : series->points();
                const int i = nearestPoint(pts, point, series);
                showHover(pts.at(i), series, describe(i));
            });
}

} // namespace kvl
