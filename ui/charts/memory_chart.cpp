#include "memory_chart.h"

#include "chart_label.h"
#include "scenario_compare.h"

#include <QAreaSeries>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace kvl {

namespace {
// Between a GPU label and the plot's right edge.
constexpr qreal kLabelGap = 3;

void hideFromLegend(QChart *chart, QAbstractSeries *series)
{
    for (QLegendMarker *m : chart->legend()->markers(series))
        m->setVisible(false);
}
} // namespace

MemoryChart::MemoryChart(QWidget *parent) : LedgerChart(parent)
{
    QChart *c = chart();
    c->setTitle(title());

    m_x = new QLogValueAxis(this);
    m_x->setBase(10);
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_x->setMinorTickCount(8);
    m_y = new QValueAxis(this);
    m_y->setTickType(QValueAxis::TicksDynamic);
    m_y->setLabelFormat(QStringLiteral("%.7g"));
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);

    m_weightsTop = new QLineSeries(this);
    m_kvBottom = new QLineSeries(this);
    m_kvTop = new QLineSeries(this);
    m_weights = new QAreaSeries(m_weightsTop);
    m_weights->setObjectName(QStringLiteral("weights"));
    m_kv = new QAreaSeries(m_kvTop, m_kvBottom);
    m_kv->setObjectName(QStringLiteral("kv"));
    for (QAbstractSeries *s : std::initializer_list<QAbstractSeries *>{m_weights, m_kv}) {
        c->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    for (int i = 0; i < kMaxGpuLines; ++i) {
        auto *line = new QLineSeries(this);
        line->setObjectName(QStringLiteral("gpu-line-%1").arg(i));
        c->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
        m_gpuLines << line;
    }
    m_contextLine = new QLineSeries(this);
    m_contextLine->setObjectName(QStringLiteral("context-line"));
    m_marker = new QScatterSeries(this);
    m_marker->setObjectName(QStringLiteral("marker"));
    m_baseTotal = new QLineSeries(this);
    m_baseTotal->setObjectName(QStringLiteral("baseline-total"));
    m_baseMarker = new QScatterSeries(this);
    m_baseMarker->setObjectName(QStringLiteral("baseline-marker"));
    for (QXYSeries *s :
         std::initializer_list<QXYSeries *>{m_contextLine, m_marker, m_baseTotal, m_baseMarker}) {
        c->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    for (int i = 1; i < kMaxGpuLines; ++i)
        hideFromLegend(c, m_gpuLines.at(i));
    hideFromLegend(c, m_contextLine);
    hideFromLegend(c, m_baseMarker);
    setTokenAxis(m_x);
    for (QAbstractSeries *s : std::initializer_list<QAbstractSeries *>{m_weights, m_kv})
        for (QLegendMarker *m : c->legend()->markers(s))
            m->setShape(QLegend::MarkerShapeRectangle);

    m_annotation = new ChartLabel(c);
    for (int i = 0; i < kMaxGpuLines; ++i)
        m_gpuLabels << new ChartLabel(c);

    connect(m_kv, &QAreaSeries::hovered, this, [this](const QPointF &p, bool state) {
        if (!state) {
            hideHoverOverlays();
            return;
        }
        const QList<QPointF> top = m_kvTop->points();
        const int i = nearestPoint(top, p, m_kv);
        if (i < 0 || i >= m_series.kv.points.size())
            return;
        const double weights = m_series.weightBytes;
        showHover(top.at(i), m_kv,
                  tr("%1 tokens\nWeights %2 + KV %3 = %4")
                      .arg(formatInteger(m_series.contexts.at(i)), formatBytes(weights, units()),
                           formatBytes(m_series.kv.points.at(i).y(), units()),
                           formatBytes(m_series.total.points.at(i).y(), units())));
    });
    retranslate();
    applyTheme();
}

void MemoryChart::retranslate()
{
    m_x->setTitleText(tr("Context length (tokens)"));
    m_weights->setName(tr("Weights"));
    m_kv->setName(tr("KV cache"));
    m_marker->setName(tr("This scenario"));
    unitsChanged(); // the memory axis' title
}

QString MemoryChart::title() const
{
    return tr("Memory vs context length");
}

void MemoryChart::unitsChanged()
{
    m_y->setTitleText(tr("Memory (%1)").arg(bytesUnit()));
    if (m_valid)
        update();
}

void MemoryChart::restyle()
{
    const QColor weights = seriesColor(0);
    const QColor kv = seriesColor(1);
    m_weights->setPen(QPen(weights.darker(120), lineWidth(1.5)));
    QColor fill = weights;
    fill.setAlpha(110);
    m_weights->setBrush(fill);
    m_kv->setPen(QPen(kv, lineWidth(2)));
    fill = kv;
    fill.setAlpha(110);
    m_kv->setBrush(fill);
    styleDraggedPens();
    QColor marker = textColor();
    marker.setAlpha(150);
    m_contextLine->setPen(QPen(marker, lineWidth(1)));
    m_marker->setColor(textColor());
    m_marker->setBorderColor(isDark() ? Qt::black : Qt::white);
    m_marker->setMarkerSize(presentation() ? 16 : 10);
    m_baseMarker->setColor(Qt::transparent);
    m_baseMarker->setBorderColor(baselineColor(textColor()));
    m_baseMarker->setPen(QPen(baselineColor(textColor()), lineWidth(2)));
    m_baseMarker->setMarkerSize(presentation() ? 16 : 10);
    m_annotation->setFont(chartFont(1.1, true));
    m_annotation->setColors(textColor(), boxColor(), textColor());
    for (ChartLabel *label : std::as_const(m_gpuLabels)) {
        label->setFont(chartFont());
        label->setColors(textColor(), boxColor());
    }
    if (m_valid)
        update(); // the room kept right of the plot follows the font
}

void MemoryChart::draw(const ChartSeries &series)
{
    m_scenario = series.scenario;
    m_ledger = series.ledger;
    m_series = series.memory;
    m_valid = m_ledger.usableBytesPerGpu > 0 && !m_series.contexts.isEmpty() &&
              !m_series.gpuLines.isEmpty();
    m_baseSeries.reset();
    if (series.baseline) {
        m_baseSeries = series.baseline->memory;
        m_baseScenario = series.baseline->scenario;
        m_baseLedger = series.baseline->ledger;
    }
    const QString kvName = m_series.stateBytes > 0 ? tr("KV cache + fixed state") : tr("KV cache");
    if (m_kv->name() != kvName)
        m_kv->setName(kvName);
    update();
}

namespace {
QList<QPointF> scaled(const QList<QPointF> &points, double scale)
{
    QList<QPointF> out;
    out.reserve(points.size());
    for (const QPointF &p : points)
        out.append(QPointF(p.x(), p.y() / scale));
    return out;
}
} // namespace

void MemoryChart::update()
{
    if (!m_valid)
        return;
    // Contexts beyond the default range stretch the axis to the next decade.
    const qint64 to = m_series.contexts.last();
    applyRange(m_x, {double(kContextAxisFrom), double(to), 0});

    const double scale = bytesScale();
    // The curves depend on the context only through where the axis ends: a context drag moves the
    // marker and redraws nothing else.
    if (!m_drawn || *m_drawn != m_series || m_drawnUnits != units()) {
        const QList<QPointF> flat = scaled(m_series.weights.points, scale);
        replacePoints(m_weightsTop, flat);
        replacePoints(m_kvBottom, flat);
        replacePoints(m_kvTop, scaled(m_series.total.points, scale));
        m_drawn = m_series;
        m_drawnUnits = units();
    }

    // The baseline: its total against context, and where its own context puts it.
    const bool based = m_baseSeries.has_value();
    const double baseTotal = based ? m_baseLedger.totalBytes / scale : 0;
    replacePoints(m_baseTotal,
                  based ? scaled(m_baseSeries->total.points, scale) : QList<QPointF>{});
    replacePoints(m_baseMarker,
                  based && m_baseScenario.context >= kContextAxisFrom
                      ? QList<QPointF>{QPointF(double(m_baseScenario.context), baseTotal)}
                      : QList<QPointF>{});
    if (based) {
        const QString name = baselineName(m_baseScenario, m_scenario);
        if (m_baseTotal->name() != name)
            m_baseTotal->setName(name);
    }
    for (QLegendMarker *m : chart()->legend()->markers(m_baseTotal))
        m->setVisible(based);

    const double usable = m_ledger.usableBytesPerGpu / scale;
    const double total = m_ledger.totalBytes / scale;
    const double top = std::max({total, baseTotal, m_series.gpuLines.last() * usable});
    m_yRange = isInteractive() ? grownLinearRange(top, m_yRange) : niceLinearRange(top, m_yRange);
    applyRange(m_y, m_yRange);
    updateGpuLines();

    const bool inRange = m_scenario.context >= kContextAxisFrom;
    const double x = double(m_scenario.context);
    replacePoints(m_marker, inRange ? QList<QPointF>{QPointF(x, total)} : QList<QPointF>{});
    replacePoints(m_contextLine, inRange ? QList<QPointF>{QPointF(x, 0), QPointF(x, m_yRange.max)}
                                         : QList<QPointF>{});

    const int fit = m_ledger.gpusToFit;
    QString fitText = fit == 1 ? tr("1 GPU to fit") : tr("%1 GPUs to fit").arg(fit);
    if (m_ledger.tpDegree > 0)
        fitText += u' ' + tr("(TP %1)").arg(m_ledger.tpDegree);
    else
        fitText += u' ' + tr("(no valid TP degree)");
    m_annotation->setText(
        fitText + u'\n' +
        tr("%1 at %2 tokens")
            .arg(formatBytes(m_ledger.totalBytes, units()), formatInteger(m_scenario.context)));
    relayoutOverlays();
}

QString MemoryChart::headline() const
{
    QString text = title() + u": " + m_annotation->text().replace(u'\n', QStringLiteral("; "));
    if (m_baseSeries)
        text += u"; " + tr("%1: %2 at %3 tokens; GPUs to fit: %4")
                            .arg(baselineName(m_baseScenario, m_scenario),
                                 formatBytes(m_baseLedger.totalBytes, units()),
                                 formatInteger(m_baseScenario.context))
                            .arg(m_baseLedger.gpusToFit);
    return text;
}

void MemoryChart::updateGpuLines()
{
    const double usable = m_ledger.usableBytesPerGpu / bytesScale();
    const double x0 = m_x->min();
    const double x1 = m_x->max();
    const QString each = formatBytes(m_ledger.usableBytesPerGpu, units());
    const QString name = m_scenario.memoryFraction < 1
                             ? tr("%1: %2 usable each").arg(m_scenario.gpu.name, each)
                             : tr("%1: %2 each").arg(m_scenario.gpu.name, each);
    if (m_gpuLines.first()->name() != name)
        m_gpuLines.first()->setName(name);
    for (int i = 0; i < m_gpuLines.size(); ++i) {
        const bool used = i < m_series.gpuLines.size();
        const int k = used ? m_series.gpuLines.at(i) : 0;
        const double y = k * usable;
        replacePoints(m_gpuLines.at(i),
                      used ? QList<QPointF>{QPointF(x0, y), QPointF(x1, y)} : QList<QPointF>{});
        m_gpuLabels.at(i)->setText(!used ? QString() : k == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(k));
    }
    // The last context label is centred on the plot's right edge: keep room for its right half.
    setReservedSpace(
        0, QFontMetricsF(chartFont()).horizontalAdvance(formatTokenCount(std::llround(x1))) / 2);
}

// GPU labels at the right end of their lines (the legend gives one GPU's memory), thinned so
// they never overlap: the counts that matter first. Depends on the plot height, so it also runs
// when the plot area changes.
void MemoryChart::placeGpuLabels()
{
    const double usable = m_ledger.usableBytesPerGpu / bytesScale();
    const double yMax = m_yRange.max;
    const QRectF plot = chart()->plotArea();
    const double minGap = plot.height() > 0 && m_valid
                              ? QFontMetricsF(chartFont()).height() * 1.1 / plot.height() * yMax
                              : 0;
    QList<int> order;
    for (int i = 0; i < m_series.gpuLines.size(); ++i)
        order << i;
    const auto matters = [this](int i) {
        return isKeyGpuCount(m_series.gpuLines.at(i), m_scenario.gpus, m_ledger.gpusToFit,
                             m_ledger.tpDegree);
    };
    std::stable_partition(order.begin(), order.end(), matters);
    QList<int> labelled;
    for (int i : std::as_const(order)) {
        const int k = m_series.gpuLines.at(i);
        const bool clear = std::all_of(labelled.cbegin(), labelled.cend(), [&](int other) {
            return std::abs(m_series.gpuLines.at(other) - k) * usable >= minGap;
        });
        if (clear && k * usable <= yMax)
            labelled << i;
    }
    for (int i = 0; i < m_gpuLabels.size(); ++i) {
        ChartLabel *label = m_gpuLabels.at(i);
        bool shown = m_valid && labelled.contains(i);
        if (shown) {
            const QPointF at = chart()->mapToPosition(
                QPointF(m_x->max(), m_series.gpuLines.at(i) * usable), m_gpuLines.at(i));
            label->setAnchor(chart()->mapToScene(QPointF(plot.right() - kLabelGap, at.y())),
                             Qt::AlignRight | Qt::AlignVCenter);
            // In a narrow plot the annotation, which gives the count to fit, wins.
            shown = !label->sceneBoundingRect().intersects(m_annotation->sceneBoundingRect());
        }
        if (label->isVisible() != shown)
            label->setVisible(shown);
    }
}

void MemoryChart::relayoutOverlays()
{
    const QRectF plot = chart()->plotArea();
    m_annotation->setAnchor(chart()->mapToScene(plot.topLeft() + QPointF(10, 10)),
                            Qt::AlignLeft | Qt::AlignTop);
    placeGpuLabels();
}

// The GPU lines and the baseline's total, dashed: cheaper pens while a drag lasts.
void MemoryChart::styleDraggedPens()
{
    const QColor line = isDark() ? QColor(0xD0, 0xD0, 0xD0) : QColor(0x40, 0x40, 0x40);
    const QPen gpu = draggedPen(QPen(line, lineWidth(1.2), Qt::DashLine));
    for (QLineSeries *s : std::as_const(m_gpuLines))
        if (s->pen() != gpu)
            s->setPen(gpu);
    // In the text colour, not the fill's: a pale twin of the KV colour vanished over the fill.
    const QPen base = draggedPen(baselinePen(textColor(), 2.5));
    if (m_baseTotal->pen() != base)
        m_baseTotal->setPen(base);
}

void MemoryChart::interactiveEnded()
{
    if (m_valid)
        update();
}

ChartTable MemoryChart::table() const
{
    ChartTable t;
    t.header = {QStringLiteral("context_tokens"), QStringLiteral("weight_bytes"),
                QStringLiteral("kv_bytes"), QStringLiteral("total_bytes")};
    if (m_baseSeries)
        t.header << QStringLiteral("baseline_total_bytes");
    const MemorySeries &m = m_series;
    for (qsizetype i = 0; i < m.contexts.size() && i < m.kv.points.size(); ++i) {
        QStringList row{QString::number(m.contexts.at(i)), tableNumber(m.weightBytes),
                        tableNumber(m.kv.points.at(i).y()), tableNumber(m.total.points.at(i).y())};
        if (m_baseSeries)
            row << tableNumber(m_baseSeries->total.points.value(i).y());
        t.rows << row;
    }
    return t;
}

} // namespace kvl
