#include "strategy_latency_chart.h"

#include "scenario_compare.h"

#include "sweep.h"

#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <algorithm>
#include <cmath>

namespace kvl {

StrategyLatencyChart::StrategyLatencyChart(QWidget *parent) : LedgerChart(parent)
{
    QChart *c = chart();
    c->setTitle(title());
    m_x = new QLogValueAxis(this);
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_x->setMinorTickCount(8);
    m_y = new QLogValueAxis(this);
    m_y->setLabelFormat(QStringLiteral("%.7g"));
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    m_marker = new QScatterSeries(this);
    m_marker->setObjectName(QStringLiteral("marker"));
    retranslate();
    c->addSeries(m_marker);
    m_marker->attachAxis(m_x);
    m_marker->attachAxis(m_y);
    setTokenAxis(m_x);
    // The markers share one x: the nearest on screen is the nearest in y.
    connect(m_marker, &QScatterSeries::hovered, this, [this](const QPointF &point, bool state) {
        const QList<QPointF> pts = m_marker->points();
        if (!state || pts.size() != m_atContext.size() || pts.isEmpty()) {
            hideHoverOverlays();
            return;
        }
        const auto screenY = [&](const QPointF &p) {
            return chart()->mapToPosition(p, m_marker).y();
        };
        int best = 0;
        for (int i = 1; i < pts.size(); ++i)
            if (std::abs(screenY(pts.at(i)) - screenY(point)) <
                std::abs(screenY(pts.at(best)) - screenY(point)))
                best = i;
        const StrategyResult &r = m_atContext.at(best);
        showHover(pts.at(best), m_marker,
                  tr("%1 at %2 tokens\n%3 per token; KV read %4")
                      .arg(r.name, formatInteger(r.context), formatSeconds(r.secondsPerToken),
                           formatBytes(r.readBytesPerStep, units())));
    });
    applyTheme();
}

void StrategyLatencyChart::retranslate()
{
    m_x->setTitleText(tr("Context length (tokens, log scale)"));
    m_y->setTitleText(tr("Time per token (ms, log scale)"));
    m_marker->setName(tr("At the scenario's context"));
}

QString StrategyLatencyChart::title() const
{
    return tr("Time per token by strategy vs context length");
}

QString StrategyLatencyChart::headline() const
{
    if (m_atContext.isEmpty())
        return title();
    QStringList times;
    for (const StrategyResult &r : m_atContext)
        times << r.name + u' ' + formatSeconds(r.secondsPerToken);
    return tr("At %1 tokens, per token: %2")
        .arg(formatInteger(m_atContext.first().context), times.join(QStringLiteral("; ")));
}

void StrategyLatencyChart::setStrategies(const QList<KvStrategy> &strategies)
{
    if (strategies == m_strategies)
        return;
    m_strategies = strategies;
    if (m_valid)
        updateFrom(m_scenario, {});
}

void StrategyLatencyChart::draw(const ChartSeries &series)
{
    const StrategySeries &own = series.strategies;
    if (!series.scenario.validate().isEmpty() || own.contexts.isEmpty())
        return;
    const bool renamed = series.request.strategies != m_strategies;
    m_valid = true;
    m_scenario = series.scenario;
    m_strategies = series.request.strategies;
    m_atContext = own.results;
    const QList<QList<QPointF>> base =
        series.baseline ? series.baseline->strategies.curves : QList<QList<QPointF>>{};
    const QString baseName =
        series.baseline ? baselineName(series.baseline->scenario, m_scenario) : QString();
    // A context drag inside one decade leaves every curve as it was: only the markers move.
    if (renamed || own.contexts != m_contexts || own.curves != m_curves || base != m_baseCurves ||
        baseName != m_baseName) {
        m_contexts = own.contexts;
        m_curves = own.curves;
        m_baseCurves = base;
        m_baseName = baseName;
        updateCurves();
    }
    QList<QPointF> markers;
    for (const StrategyResult &r : std::as_const(m_atContext))
        markers << QPointF(double(m_scenario.context), r.secondsPerToken * 1000);
    replacePoints(m_marker, m_scenario.context >= kContextAxisFrom ? markers : QList<QPointF>{});
    updateAxes();
}

void StrategyLatencyChart::interactiveEnded()
{
    // Only the axis settles after a drag: the curves and markers are the last change's already.
    updateAxes();
}

void StrategyLatencyChart::updateCurves()
{
    const bool based = !m_baseCurves.isEmpty();
    syncSeries();
    const auto milliseconds = [](QList<QPointF> points) {
        for (QPointF &p : points)
            p.ry() *= 1000;
        return points;
    };
    for (int i = 0; i < m_curves.size(); ++i) {
        replaceCurve(m_series.at(i), milliseconds(m_curves.at(i)));
        replaceCurve(m_baseSeries.at(i),
                     based ? milliseconds(m_baseCurves.at(i)) : QList<QPointF>{});
    }
    // One legend entry for the baseline's curves, named for what sets it apart.
    for (int i = 0; i < m_baseSeries.size(); ++i) {
        const QString name = based ? m_baseName : QString();
        if (i == 0 && m_baseSeries.at(i)->name() != name)
            m_baseSeries.at(i)->setName(name);
        for (QLegendMarker *m : chart()->legend()->markers(m_baseSeries.at(i)))
            m->setVisible(based && i == 0);
    }
}

// One line series per strategy, created or removed only when their number changes.
void StrategyLatencyChart::syncSeries()
{
    QChart *c = chart();
    bool added = false;
    while (m_series.size() < m_strategies.size()) {
        auto *series = new QLineSeries(this);
        const int i = int(m_series.size());
        series->setObjectName(QStringLiteral("strategy-%1").arg(i));
        c->addSeries(series);
        series->attachAxis(m_x);
        series->attachAxis(m_y);
        connectHover(series, [this, i](int p) {
            const QPointF &v = m_curves.at(i).at(p);
            return tr("%1 at %2 tokens\n%3 per token")
                .arg(m_strategies.at(i).label(), formatInteger(qint64(v.x())),
                     formatSeconds(v.y()));
        });
        m_series << series;
        auto *twin = new QLineSeries(this);
        twin->setObjectName(QStringLiteral("baseline-strategy-%1").arg(i));
        c->addSeries(twin);
        twin->attachAxis(m_x);
        twin->attachAxis(m_y);
        connectHover(twin, [this, i](int p) {
            const QPointF &v = m_baseCurves.value(i).value(p);
            return tr("%1, %2 at %3 tokens\n%4 per token")
                .arg(m_baseSeries.first()->name(), m_strategies.at(i).label(),
                     formatInteger(qint64(v.x())), formatSeconds(v.y()));
        });
        m_baseSeries << twin;
        added = true;
    }
    while (m_series.size() > m_strategies.size()) {
        for (QList<QLineSeries *> *list : {&m_series, &m_baseSeries}) {
            QLineSeries *series = list->takeLast();
            c->removeSeries(series);
            delete series;
        }
    }
    for (int i = 0; i < m_series.size(); ++i)
        if (m_series.at(i)->name() != m_strategies.at(i).label())
            m_series.at(i)->setName(m_strategies.at(i).label());
    // The marker stays the last legend entry and on top of the curves.
    if (added) {
        c->removeSeries(m_marker);
        c->addSeries(m_marker);
        m_marker->attachAxis(m_x);
        m_marker->attachAxis(m_y);
        restyle();
    }
}

void StrategyLatencyChart::updateAxes()
{
    double lo = std::numeric_limits<double>::max(), hi = 0;
    for (const QList<QPointF> &curve : m_curves + m_baseCurves)
        for (const QPointF &p : curve)
            if (p.y() > 0) {
                lo = std::min(lo, p.y() * 1000);
                hi = std::max(hi, p.y() * 1000);
            }
    if (hi <= 0)
        return;
    applyRange(m_x, {double(kContextAxisFrom), double(m_contexts.last()), 0});
    m_yRange = isInteractive() ? grownLogRange(lo, hi, m_yRange) : niceLogRange(lo, hi, m_yRange);
    applyRange(m_y, m_yRange);
}

void StrategyLatencyChart::restyle()
{
    // Six colours, then the same colours dashed: a dozen strategies stay apart.
    for (int i = 0; i < m_series.size(); ++i) {
        const QPen pen(seriesColor(i), lineWidth(i == 0 ? 3 : 2),
                       i < 6 ? Qt::SolidLine : Qt::DashLine);
        if (m_series.at(i)->pen() != pen)
            m_series.at(i)->setPen(pen);
        const QPen twin = baselinePen(seriesColor(i), 1.5);
        if (m_baseSeries.at(i)->pen() != twin)
            m_baseSeries.at(i)->setPen(twin);
    }
    m_marker->setColor(textColor());
    m_marker->setBorderColor(isDark() ? Qt::black : Qt::white);
    m_marker->setMarkerSize(presentation() ? 14 : 9);
}

ChartTable StrategyLatencyChart::table() const
{
    ChartTable t;
    t.header << QStringLiteral("context_tokens");
    for (const KvStrategy &k : m_strategies)
        t.header << QStringLiteral("seconds_per_token %1").arg(k.label());
    if (!m_baseCurves.isEmpty())
        for (const KvStrategy &k : m_strategies)
            t.header << QStringLiteral("baseline seconds_per_token %1").arg(k.label());
    for (qsizetype p = 0; p < m_contexts.size(); ++p) {
        QStringList row{QString::number(m_contexts.at(p))};
        for (const QList<QPointF> &curve : m_curves + m_baseCurves)
            row << (p < curve.size() ? QString::number(curve.at(p).y(), 'g', 12) : QString());
        t.rows << row;
    }
    return t;
}

} // namespace kvl
