#include "roofline_chart.h"

#include "scenario_compare.h"

#include "chart_label.h"

#include <QFontMetricsF>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <algorithm>
#include <cmath>

namespace kvl {

namespace {
constexpr double kTera = 1e12; // the y axis is in TFLOP/s

void hideFromLegend(QChart *chart, QAbstractSeries *series)
{
    for (QLegendMarker *m : chart->legend()->markers(series))
        m->setVisible(false);
}
} // namespace

RooflineChart::RooflineChart(QWidget *parent) : HeadedChart(parent)
{
    QChart *c = chart();
    m_x = new QLogValueAxis(this);
    m_x->setLabelFormat(QStringLiteral("%.7g"));
    m_x->setMinorTickCount(8);
    m_y = new QLogValueAxis(this);
    m_y->setLabelFormat(QStringLiteral("%.7g"));
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    m_roof = new QLineSeries(this);
    m_roof->setObjectName(QStringLiteral("roof"));
    m_measuredRoof = new QLineSeries(this);
    m_measuredRoof->setObjectName(QStringLiteral("measured-roof"));
    m_ridge = new QLineSeries(this);
    m_ridge->setObjectName(QStringLiteral("ridge"));
    m_baseRoof = new QLineSeries(this);
    m_baseRoof->setObjectName(QStringLiteral("baseline-roof"));
    m_basePoints = new QScatterSeries(this);
    m_basePoints->setObjectName(QStringLiteral("baseline-points"));
    for (QXYSeries *s : std::initializer_list<QXYSeries *>{m_roof, m_measuredRoof, m_ridge,
                                                           m_baseRoof, m_basePoints}) {
        c->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    connectHover(m_basePoints, [this](int i) {
        return m_baseRoofline && i < m_baseRoofline->points.size()
                   ? m_basePoints->name() + u'\n' + describe(m_baseRoofline->points.at(i))
                   : QString();
    });
    hideFromLegend(c, m_ridge);
    m_ridgeLabel = new ChartLabel(c);
    m_measuredRidgeLabel = new ChartLabel(c);
    retranslate();
    applyTheme();
}

void RooflineChart::retranslate()
{
    m_x->setTitleText(tr("Arithmetic intensity (FLOP per byte moved, log scale)"));
    m_y->setTitleText(tr("Attainable TFLOP/s (log)")); // one line beside a short plot
    // Point names, formulas and the heading are composed by the next draw().
}

QString RooflineChart::title() const
{
    return tr("Roofline: decode vs prefill");
}

void RooflineChart::setPromptTokens(qint64 tokens)
{
    if (tokens <= 0 || tokens == m_options.promptTokens)
        return;
    m_options.promptTokens = tokens;
    if (m_scenario)
        updateFrom(*m_scenario, {}); // core's roofline with the new prompt
}

void RooflineChart::setComputePrecision(const std::optional<Precision> &p)
{
    if (p == m_options.compute)
        return;
    m_options.compute = p;
    if (m_scenario)
        updateFrom(*m_scenario, {});
}

void RooflineChart::draw(const ChartSeries &series)
{
    const Scenario &s = series.scenario;
    if (!s.validate().isEmpty())
        return;
    m_scenario = s;
    m_roofline = series.roofline;
    m_baseRoofline.reset();
    if (series.baseline && series.baseline->roofline.peakFlops > 0) {
        m_baseRoofline = series.baseline->roofline;
        m_baseName = baselineName(series.baseline->scenario, s);
    }
    update();
}

std::optional<RooflinePoint> RooflineChart::decodeAttention() const
{
    for (const char *id : {"decode-attention-gqa", "decode-attention-mla", "decode-attention-mha"})
        for (const RooflinePoint &p : m_roofline.points)
            if (p.id == QLatin1String(id))
                return p;
    return std::nullopt;
}

QString RooflineChart::describe(const RooflinePoint &p) const
{
    QString text =
        tr("%1\n%2\n%3 FLOP/B; attainable %4 TFLOP/s")
            .arg(p.label, p.formula, formatNumber(p.intensity), formatNumber(p.attainable / kTera));
    if (p.attainableMeasured > 0)
        text += tr("\nat the measured bandwidth: %1 TFLOP/s")
                    .arg(formatNumber(p.attainableMeasured / kTera));
    text += u'\n' + (p.belowRidge >= 1
                         ? tr("%1× below the ridge: memory-bound").arg(formatNumber(p.belowRidge))
                         : tr("above the ridge: compute-bound"));
    return text;
}

// One scatter series per point, so the legend names each; rebuilt when the points' ids change.
void RooflineChart::syncPointSeries()
{
    QChart *c = chart();
    QStringList ids;
    for (const RooflinePoint &p : std::as_const(m_roofline.points))
        ids << p.id;
    QStringList current;
    for (const QScatterSeries *s : std::as_const(m_points))
        current << s->objectName();
    if (ids != current) {
        for (QScatterSeries *s : std::as_const(m_points)) {
            c->removeSeries(s);
            delete s;
        }
        m_points.clear();
        for (int i = 0; i < ids.size(); ++i) {
            auto *s = new QScatterSeries(this);
            s->setObjectName(ids.at(i));
            c->addSeries(s);
            s->attachAxis(m_x);
            s->attachAxis(m_y);
            connectHover(s, [this, i](int) { return describe(m_roofline.points.at(i)); });
            m_points << s;
        }
        hideFromLegend(c, m_ridge);
        restyle();
    }
    for (int i = 0; i < ids.size(); ++i) {
        const RooflinePoint &p = m_roofline.points.at(i);
        if (m_points.at(i)->name() != p.label)
            m_points.at(i)->setName(p.label);
        replacePoints(m_points.at(i),
                      p.intensity > 0 ? QList<QPointF>{QPointF(p.intensity, p.attainable / kTera)}
                                      : QList<QPointF>{});
    }
}

void RooflineChart::update()
{
    if (!m_scenario)
        return;
    const Roofline &r = m_roofline;
    syncPointSeries();

    // Whole decades around the points and both ridges, with room either side.
    double lo = r.ridgePoint, hi = r.ridgePoint;
    for (const RooflinePoint &p : r.points)
        if (p.intensity > 0) {
            lo = std::min(lo, p.intensity);
            hi = std::max(hi, p.intensity);
        }
    if (r.measuredRidgePoint > 0)
        hi = std::max(hi, r.measuredRidgePoint);
    if (m_baseRoofline)
        for (const RooflinePoint &p : m_baseRoofline->points)
            if (p.intensity > 0) {
                lo = std::min(lo, p.intensity);
                hi = std::max(hi, p.intensity);
            }
    m_xRange = niceLogRange(lo / 2, hi * 2, m_xRange);
    const QList<QPointF> roof = r.roof(m_xRange.min, m_xRange.max);
    const QList<QPointF> measured =
        r.measuredBandwidth > 0 ? r.roof(m_xRange.min, m_xRange.max, true) : QList<QPointF>{};
    const auto tera = [](QList<QPointF> pts) {
        for (QPointF &p : pts)
            p.ry() /= kTera;
        return pts;
    };
    double yLo = roof.isEmpty() ? 1 : roof.first().y() / kTera;
    if (!measured.isEmpty())
        yLo = std::min(yLo, measured.first().y() / kTera);
    const double peak = std::max(r.peakFlops, m_baseRoofline ? m_baseRoofline->peakFlops : 0);
    m_yRange = niceLogRange(yLo, peak / kTera * 1.5, m_yRange);
    applyRange(m_x, m_xRange);
    applyRange(m_y, m_yRange);
    replacePoints(m_roof, tera(roof));
    QList<QPointF> basePoints;
    const bool otherRoof = m_baseRoofline && (m_baseRoofline->peakFlops != r.peakFlops ||
                                              m_baseRoofline->bandwidth != r.bandwidth);
    if (m_baseRoofline) {
        for (const RooflinePoint &p : m_baseRoofline->points)
            if (p.intensity > 0)
                basePoints << QPointF(p.intensity, p.attainable / kTera);
        if (m_basePoints->name() != m_baseName)
            m_basePoints->setName(m_baseName);
        m_baseRoof->setName(tr("%1: roof").arg(m_baseName));
    }
    replacePoints(m_basePoints, basePoints);
    replacePoints(m_baseRoof, otherRoof ? tera(m_baseRoofline->roof(m_xRange.min, m_xRange.max))
                                        : QList<QPointF>{});
    for (QLegendMarker *m : chart()->legend()->markers(m_basePoints))
        m->setVisible(m_baseRoofline.has_value());
    for (QLegendMarker *m : chart()->legend()->markers(m_baseRoof))
        m->setVisible(otherRoof);
    replacePoints(m_measuredRoof, tera(measured));
    replacePoints(
        m_ridge, {QPointF(r.ridgePoint, m_yRange.min), QPointF(r.ridgePoint, r.peakFlops / kTera)});

    const QString roofName = tr("Datasheet roof: %1, %2 TFLOP/s %3")
                                 .arg(formatRate(r.bandwidth, ByteUnits::SI),
                                      formatNumber(r.peakFlops / kTera), r.precision.name());
    if (m_roof->name() != roofName)
        m_roof->setName(roofName);
    const QString measuredName =
        tr("Measured roof: %1").arg(formatRate(r.measuredBandwidth, ByteUnits::SI));
    if (m_measuredRoof->name() != measuredName)
        m_measuredRoof->setName(measuredName);
    for (QLegendMarker *m : chart()->legend()->markers(m_measuredRoof))
        m->setVisible(r.measuredBandwidth > 0);

    m_measuredRidgeLabel->setText(
        tr("measured ridge: %1 FLOP/B").arg(formatNumber(r.measuredRidgePoint)));
    m_measuredRidgeLabel->setVisible(r.measuredRidgePoint > 0);

    QString heading = tr("%1, %2 compute roof").arg(m_scenario->gpu.name, r.precision.name());
    if (const auto d = decodeAttention())
        heading += u'\n' + (d->belowRidge >= 1
                                ? tr("decode attention: %1 FLOP/B, %2× below the ridge")
                                      .arg(formatNumber(d->intensity), formatNumber(d->belowRidge))
                                : tr("decode attention: %1 FLOP/B, above the ridge")
                                      .arg(formatNumber(d->intensity)));
    setHeading(heading);
    restyle();                        // marker sizes follow which points coincide
    hideFromLegend(chart(), m_ridge); // axis changes show every marker again
    relayoutOverlays();
    emit rooflineChanged();
}

void RooflineChart::relayoutOverlays()
{
    HeadedChart::relayoutOverlays();
    const Roofline &r = m_roofline;
    if (r.peakFlops <= 0)
        return;
    const QRectF plot = chart()->plotArea();
    // A narrow plot labels every other decade: "10,000" and "100,000" side by side overrun
    // each other.
    const QFontMetricsF ticks(m_x->labelsFont());
    const double widest =
        std::max(ticks.horizontalAdvance(chart()->locale().toString(m_xRange.max)),
                 ticks.horizontalAdvance(chart()->locale().toString(m_xRange.min)));
    const double decades = std::log10(m_xRange.max / m_xRange.min);
    const bool sparse = decades > 0 && plot.width() / decades < 1.4 * widest;
    if (m_x->base() != (sparse ? 100 : 10)) {
        m_x->setBase(sparse ? 100 : 10);
        m_x->setMinorTickCount(sparse ? 0 : 8);
    }
    // Below the roof, right of the dotted drop: the one corner no line runs through. Where the
    // plot ends too close to the drop, the figure goes under its name.
    const QPointF corner =
        chart()->mapToPosition(QPointF(r.ridgePoint, r.peakFlops / kTera), m_roof);
    const QString ridge = tr("ridge: %1 FLOP/B").arg(formatNumber(r.ridgePoint));
    m_ridgeLabel->setText(ridge);
    if (corner.x() + 6 + m_ridgeLabel->size().width() > plot.right())
        m_ridgeLabel->setText(QString(ridge).replace(u": "_qs, u":\n"_qs));
    m_ridgeLabel->setAnchor(chart()->mapToScene(corner + QPointF(6, 6)),
                            Qt::AlignLeft | Qt::AlignTop);
    if (r.measuredRidgePoint > 0) {
        // The measured ridge sits right of the datasheet one; its label goes below the other.
        const QPointF m = chart()->mapToPosition(QPointF(r.measuredRidgePoint, r.peakFlops / kTera),
                                                 m_measuredRoof);
        m_measuredRidgeLabel->setAnchor(
            chart()->mapToScene(m + QPointF(6, 12 + m_ridgeLabel->size().height())),
            Qt::AlignLeft | Qt::AlignTop);
    }
}

void RooflineChart::restyle()
{
    HeadedChart::restyle();
    m_roof->setPen(QPen(textColor(), lineWidth(2.5)));
    m_measuredRoof->setPen(QPen(textColor(), lineWidth(2), Qt::DashLine));
    m_ridge->setPen(QPen(textColor(), lineWidth(1), Qt::DotLine));
    m_baseRoof->setPen(baselinePen(textColor(), 2));
    m_basePoints->setColor(Qt::transparent);
    m_basePoints->setPen(QPen(baselineColor(textColor()), lineWidth(2.5)));
    m_basePoints->setMarkerSize(presentation() ? 22 : 16);
    // A point drawn over an earlier one at about the same spot (MHA and batch-1 weights both sit
    // near 1 FLOP/B at fp16) would hide it: the earlier one grows into a ring around it.
    const qreal base = presentation() ? 16 : 11;
    const QList<RooflinePoint> &points = m_roofline.points;
    for (int i = 0; i < m_points.size(); ++i) {
        int covered = 0;
        for (int j = i + 1; j < points.size() && i < points.size(); ++j)
            if (points.at(j).intensity > 0 &&
                std::abs(std::log(points.at(j).intensity / points.at(i).intensity)) < 0.15)
                ++covered;
        QScatterSeries *s = m_points.at(i);
        s->setColor(seriesColor(i));
        s->setBorderColor(isDark() ? Qt::black : Qt::white);
        s->setMarkerSize(base + 8 * covered);
    }
    for (ChartLabel *label : {m_ridgeLabel, m_measuredRidgeLabel}) {
        label->setFont(chartFont());
        label->setColors(textColor(), boxColor());
    }
}

ChartTable RooflineChart::table() const
{
    ChartTable t;
    t.header = {QStringLiteral("id"),
                QStringLiteral("label"),
                QStringLiteral("formula"),
                QStringLiteral("intensity_flop_per_byte"),
                QStringLiteral("attainable_flops"),
                QStringLiteral("attainable_measured_flops"),
                QStringLiteral("below_ridge")};
    const Roofline &r = m_roofline;
    t.rows << QStringList{QStringLiteral("ridge"),
                          QStringLiteral("Ridge point, %1").arg(r.precision.name()),
                          QStringLiteral("peak / bandwidth"),
                          tableNumber(r.ridgePoint),
                          tableNumber(r.peakFlops),
                          r.measuredBandwidth > 0 ? tableNumber(r.peakFlops) : QString(),
                          QStringLiteral("1")};
    for (const RooflinePoint &p : r.points)
        t.rows << QStringList{p.id,
                              p.label,
                              p.formula,
                              tableNumber(p.intensity),
                              tableNumber(p.attainable),
                              p.attainableMeasured > 0 ? tableNumber(p.attainableMeasured)
                                                       : QString(),
                              tableNumber(p.belowRidge)};
    return t;
}

} // namespace kvl
