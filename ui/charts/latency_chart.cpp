#include "latency_chart.h"

#include "chart_label.h"
#include "engine_prediction.h"
#include "scenario_compare.h"

#include <QCategoryAxis>
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
// Always set: isVisible() reads false until the legend is first laid out, and a marker never
// hidden explicitly shows up then.
void setLegendVisible(QChart *chart, QAbstractSeries *series, bool visible)
{
    for (QLegendMarker *m : chart->legend()->markers(series))
        m->setVisible(visible);
}

void setName(QAbstractSeries *series, const QString &name)
{
    if (series->name() != name)
        series->setName(name);
}

// Seconds to the chart's milliseconds.
QList<QPointF> milliseconds(const Curve &curve)
{
    QList<QPointF> out;
    out.reserve(curve.points.size());
    for (const QPointF &p : curve.points)
        out.append(QPointF(p.x(), p.y() * 1000));
    return out;
}
} // namespace

LatencyChart::LatencyChart(QWidget *parent) : LedgerChart(parent)
{
    QChart *c = chart();
    c->setTitle(title());
    for (int i = 0; i < kSlots; ++i) {
        Slot slot;
        slot.step = new QLineSeries(this);
        slot.kv = new QLineSeries(this);
        slot.measured = new QLineSeries(this);
        for (QLineSeries *s : {slot.step, slot.kv, slot.measured})
            c->addSeries(s);
        connectHover(slot.step, [this, i](int p) { return describe(m_slots.at(i), p, false); });
        connectHover(slot.measured, [this, i](int p) { return describe(m_slots.at(i), p, true); });
        connectHover(slot.kv, [this, i](int p) {
            const Slot &s = m_slots.at(i);
            const QPointF at = s.kvCurve.points.at(p);
            return tr("%1 at %2 tokens\nKV term only: %3")
                .arg(gpusName(s.gpus), formatInteger(qint64(at.x())), formatSeconds(at.y()));
        });
        m_slots << slot;
    }
    m_kvKey = new QLineSeries(this);
    m_measuredKey = new QLineSeries(this);
    m_marker = new QScatterSeries(this);
    m_marker->setObjectName(QStringLiteral("marker"));
    m_calibrated = new QLineSeries(this);
    m_calibrated->setObjectName(QStringLiteral("calibrated"));
    m_baseStep = new QLineSeries(this);
    m_baseStep->setObjectName(QStringLiteral("baseline-step"));
    m_baseMarker = new QScatterSeries(this);
    m_baseMarker->setObjectName(QStringLiteral("baseline-marker"));
    for (QAbstractSeries *s : std::initializer_list<QAbstractSeries *>{
             m_kvKey, m_measuredKey, m_calibrated, m_marker, m_baseStep, m_baseMarker})
        c->addSeries(s);
    connectHover(m_calibrated, [this](int p) {
        QString text = pointText(m_calibrated, m_series.calibrated.points.value(p));
        text += u'\n';
        text += m_ledger.predictionNote();
        return text;
    });
    connectHover(m_baseStep, [this](int p) {
        return pointText(m_baseStep, m_baseCurve ? m_baseCurve->points.value(p) : QPointF());
    });
    m_measuredKey->setVisible(false);
    m_markLabel = new ChartLabel(c);
    m_markLabel->setZValue(20);
    m_markLabel->hide();
    createAxes();
    retranslate();
    syncLegend();
    applyTheme();
}

void LatencyChart::retranslateAxes()
{
    m_x->setTitleText(logAxes() ? tr("Context length (tokens, log scale)")
                                : tr("Context length (tokens)"));
    m_y->setTitleText(tr("Time per token (ms)"));
    m_rate->setTitleText(tr("Speed (tokens/s)"));
}

void LatencyChart::retranslate()
{
    retranslateAxes();
    m_kvKey->setName(tr("KV term only (dotted)"));
    m_marker->setName(m_kvOnlyMark ? tr("This scenario, KV term only") : tr("This scenario"));
}

void LatencyChart::setKvOnlyMark(bool on)
{
    if (m_kvOnlyMark == on)
        return;
    m_kvOnlyMark = on;
    retranslate();
    if (m_valid)
        update();
}

QString LatencyChart::markText() const
{
    return m_markLabel->isVisible() ? m_markLabel->text() : QString();
}

void LatencyChart::relayoutOverlays()
{
    const QList<QPointF> at = m_marker->points();
    if (!m_kvOnlyMark || at.isEmpty()) {
        m_markLabel->hide();
        return;
    }
    const QPointF p = chart()->mapToScene(chart()->mapToPosition(at.first(), m_marker));
    // Above and left of the marker: the curves rise to the right.
    m_markLabel->setAnchor(p + QPointF(-8, -8), Qt::AlignRight | Qt::AlignBottom);
    m_markLabel->show();
}

QString LatencyChart::title() const
{
    return tr("Time per token vs context length");
}

// One legend entry per GPU count plus keys for the dotted and dashed styles; axis changes and
// visibility changes reset marker visibility, so this runs after them.
void LatencyChart::syncLegend()
{
    QChart *c = chart();
    for (const Slot &slot : std::as_const(m_slots)) {
        setLegendVisible(c, slot.step, slot.gpus > 0);
        setLegendVisible(c, slot.kv, false);
        setLegendVisible(c, slot.measured, false);
    }
    setLegendVisible(c, m_measuredKey, m_series.measuredBytesPerSecond > 0);
    setLegendVisible(c, m_calibrated, !m_series.calibrated.points.isEmpty());
    setLegendVisible(c, m_baseStep, m_baseCurve.has_value());
    setLegendVisible(c, m_baseMarker, false);
}

// One point of a single curve (the baseline's, the engine's): its name, context and time.
QString LatencyChart::pointText(const QLineSeries *series, const QPointF &at)
{
    return tr("%1 at %2 tokens\n%3 per token")
        .arg(series->name(), formatInteger(qint64(at.x())), formatSeconds(at.y()));
}

// The selected count is told by its thicker line and the marker, keeping the legend short.
QString LatencyChart::gpusName(int gpus)
{
    return gpus == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(gpus);
}

QString LatencyChart::describe(const Slot &slot, int index, bool measured) const
{
    const QPointF at = (measured ? slot.measuredCurve : slot.stepCurve).points.at(index);
    const double t = at.y();
    QString text = tr("%1 at %2 tokens\n%3 per token, %4 tokens/s")
                       .arg(gpusName(slot.gpus), formatInteger(qint64(at.x())), formatSeconds(t),
                            formatNumber(1 / t, 3));
    if (measured)
        text += u'\n' + m_measuredKey->name();
    return text;
}

// The selected count's curve is thicker; the dashed ones take cheaper pens while a drag lasts.
// Pens are set only when they differ: each change repaints the whole series.
void LatencyChart::styleSlots()
{
    const auto setPen = [](QXYSeries *series, const QPen &pen) {
        if (series->pen() != pen)
            series->setPen(pen);
    };
    for (int i = 0; i < m_slots.size(); ++i) {
        const Slot &slot = m_slots.at(i);
        const QColor color = seriesColor(i);
        const qreal width = slot.gpus == m_scenario.gpus ? 3.5 : 2;
        setPen(slot.step, QPen(color, lineWidth(width)));
        setPen(slot.kv, draggedPen(QPen(color, lineWidth(1.5), Qt::DotLine)));
        setPen(slot.measured, draggedPen(QPen(color, lineWidth(width * 0.8), Qt::DashLine)));
    }
    setPen(m_baseStep, draggedPen(baselinePen(textColor(), 3)));
    setPen(m_calibrated, draggedPen(QPen(textColor(), lineWidth(3), Qt::DashDotLine)));
}

void LatencyChart::restyle()
{
    styleSlots();
    const QColor key = isDark() ? QColor(0xC0, 0xC0, 0xC0) : QColor(0x50, 0x50, 0x50);
    m_kvKey->setPen(QPen(key, lineWidth(1.5), Qt::DotLine));
    m_measuredKey->setPen(QPen(key, lineWidth(1.6), Qt::DashLine));
    m_marker->setColor(textColor());
    m_marker->setBorderColor(isDark() ? Qt::black : Qt::white);
    m_marker->setMarkerSize(presentation() ? 16 : 10);
    m_markLabel->setFont(chartFont(1.1, true));
    m_markLabel->setColors(textColor(), boxColor(), textColor());
    m_baseMarker->setColor(Qt::transparent);
    m_baseMarker->setPen(QPen(baselineColor(textColor()), lineWidth(2)));
    m_baseMarker->setMarkerSize(presentation() ? 16 : 10);
}

void LatencyChart::draw(const ChartSeries &series)
{
    const bool selectionChanged = series.scenario.gpus != m_scenario.gpus;
    m_scenario = series.scenario;
    m_ledger = series.ledger;
    m_series = series.latency;
    m_valid = m_ledger.secondsPerToken > 0 && !m_series.contexts.isEmpty();
    m_baseCurve.reset();
    if (series.baseline && !series.baseline->latency.curves.isEmpty()) {
        m_baseCurve = series.baseline->latency.curves.first();
        m_baseScenario = series.baseline->scenario;
        m_baseLedger = series.baseline->ledger;
    }
    update();
    if (selectionChanged)
        styleSlots();
}

void LatencyChart::update()
{
    if (!m_valid)
        return;
    // The curves depend on the context only through where the axis ends: a context drag moves the
    // marker and redraws nothing else.
    if (!m_drawn || *m_drawn != m_series) {
        updateCurves();
        m_drawn = m_series;
    }

    const double measuredRate = m_series.measuredBytesPerSecond;
    const bool measured = measuredRate > 0;
    if (measured)
        setName(m_measuredKey, tr("measured: %1").arg(formatRate(measuredRate, ByteUnits::SI)));
    if (m_measuredKey->isVisible() != measured) {
        m_measuredKey->setVisible(measured);
        for (const Slot &slot : std::as_const(m_slots))
            slot.measured->setVisible(measured);
    }
    syncLegend();

    const double seconds = m_kvOnlyMark ? m_ledger.kvSecondsPerToken : m_ledger.secondsPerToken;
    const double ms = seconds * 1000;
    const bool markerShown = m_scenario.context >= (logAxes() ? kContextAxisFrom : 0);
    replacePoints(m_marker, markerShown ? QList<QPointF>{QPointF(double(m_scenario.context), ms)}
                                        : QList<QPointF>{});
    m_markLabel->setText(tr("%1: the KV read alone").arg(formatSeconds(seconds)));
    double minMs = m_minMs, maxMs = m_maxMs;
    if (m_baseCurve) {
        replaceCurve(m_baseStep, milliseconds(*m_baseCurve));
        const double baseMs = m_baseLedger.secondsPerToken * 1000;
        const bool shown = m_baseScenario.context >= (logAxes() ? kContextAxisFrom : 0) &&
                           m_baseScenario.context <= m_series.contexts.last();
        replacePoints(m_baseMarker,
                      shown ? QList<QPointF>{QPointF(double(m_baseScenario.context), baseMs)}
                            : QList<QPointF>{});
        setName(m_baseStep, baselineName(m_baseScenario, m_scenario));
        for (const QPointF &p : m_baseCurve->points) {
            minMs = std::min(minMs, p.y() * 1000);
            maxMs = std::max(maxMs, p.y() * 1000);
        }
    } else {
        replacePoints(m_baseStep, {});
        replacePoints(m_baseMarker, {});
    }
    if (maxMs > 0)
        updateAxes(minMs, maxMs);
    relayoutOverlays();
}

QString LatencyChart::headline() const
{
    const double t = m_ledger.secondsPerToken;
    return tr("%1: %2 per token (%3 tokens/s) at %4 tokens on %5; KV term only: %6")
               .arg(title(), formatSeconds(t), formatNumber(1 / t, 3),
                    formatInteger(m_scenario.context),
                    m_scenario.gpus == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(m_scenario.gpus),
                    formatSeconds(m_ledger.kvSecondsPerToken)) +
           (m_baseCurve ? u"; " + tr("%1: %2 per token")
                                      .arg(baselineName(m_baseScenario, m_scenario),
                                           formatSeconds(m_baseLedger.secondsPerToken))
                        : QString());
}

void LatencyChart::styleDraggedPens()
{
    styleSlots();
}

void LatencyChart::interactiveEnded()
{
    if (m_valid)
        update();
}

// Draws core's curves into the slots: slot i holds the i-th GPU count.
void LatencyChart::updateCurves()
{
    m_minMs = std::numeric_limits<double>::max();
    m_maxMs = 0;
    for (int i = 0; i < m_slots.size(); ++i) {
        Slot &slot = m_slots[i];
        slot.gpus = i < m_series.gpuCounts.size() ? m_series.gpuCounts.at(i) : 0;
        const auto curve = [&](bool kvOnly, bool measured) {
            const Curve *c = slot.gpus > 0 ? m_series.curve(slot.gpus, kvOnly, measured) : nullptr;
            return c ? *c : Curve{};
        };
        slot.stepCurve = curve(false, false);
        slot.kvCurve = curve(true, false);
        slot.measuredCurve = curve(false, true);
        for (const Curve *c : {&slot.stepCurve, &slot.kvCurve, &slot.measuredCurve}) {
            if (c->points.isEmpty())
                continue;
            const auto [lo, hi] = std::minmax_element(
                c->points.cbegin(), c->points.cend(),
                [](const QPointF &a, const QPointF &b) { return a.y() < b.y(); });
            m_minMs = std::min(m_minMs, lo->y() * 1000);
            m_maxMs = std::max(m_maxMs, hi->y() * 1000);
        }
        slot.step->setObjectName(QStringLiteral("step-%1").arg(slot.gpus));
        slot.kv->setObjectName(QStringLiteral("kv-%1").arg(slot.gpus));
        slot.measured->setObjectName(QStringLiteral("measured-%1").arg(slot.gpus));
        replaceCurve(slot.step, milliseconds(slot.stepCurve));
        replaceCurve(slot.kv, milliseconds(slot.kvCurve));
        replaceCurve(slot.measured, milliseconds(slot.measuredCurve));
        if (slot.gpus > 0)
            setName(slot.step, gpusName(slot.gpus));
    }
    // The engine's prediction: what a deployment of it measured, not a floor.
    const Curve &calibrated = m_series.calibrated;
    for (const QPointF &p : calibrated.points) {
        m_minMs = std::min(m_minMs, p.y() * 1000);
        m_maxMs = std::max(m_maxMs, p.y() * 1000);
    }
    replaceCurve(m_calibrated, milliseconds(calibrated));
    m_calibrated->setVisible(!calibrated.points.isEmpty());
    if (!calibrated.points.isEmpty())
        setName(
            m_calibrated,
            tr("%1 calibrated, %2").arg(engineName(m_scenario.engine), gpusName(m_scenario.gpus)));
}

ChartTable LatencyChart::table() const
{
    ChartTable t;
    t.header << QStringLiteral("context_tokens");
    QList<const Curve *> columns;
    for (const Slot &slot : m_slots) {
        if (slot.gpus == 0)
            continue;
        t.header << QStringLiteral("seconds_per_token_%1gpu").arg(slot.gpus)
                 << QStringLiteral("kv_seconds_per_token_%1gpu").arg(slot.gpus);
        columns << &slot.stepCurve << &slot.kvCurve;
        if (!slot.measuredCurve.points.isEmpty()) {
            t.header << QStringLiteral("measured_seconds_per_token_%1gpu").arg(slot.gpus);
            columns << &slot.measuredCurve;
        }
    }
    if (!m_series.calibrated.points.isEmpty()) {
        t.header << QStringLiteral("calibrated_seconds_per_token_%1gpu").arg(m_scenario.gpus);
        columns << &m_series.calibrated;
    }
    if (m_baseCurve) {
        t.header << QStringLiteral("baseline_seconds_per_token_%1gpu").arg(m_baseScenario.gpus);
        columns << &*m_baseCurve;
    }
    const QList<qint64> &contexts = m_series.contexts;
    for (qsizetype i = 0; i < contexts.size(); ++i) {
        QStringList row{QString::number(contexts.at(i))};
        for (const Curve *c : columns)
            row << (i < c->points.size() ? QString::number(c->points.at(i).y(), 'g', 12)
                                         : QString());
        t.rows << row;
    }
    return t;
}

} // namespace kvl
