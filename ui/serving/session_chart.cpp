#include "session_chart.h"

#include "scenario_compare.h"
#include "units.h"

#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <algorithm>

namespace kvl {

namespace {
// Seconds per turn, or the cumulative cost after each, as the chart plots them.
QList<qreal> seconds(const Session &s, bool prefill)
{
    QList<qreal> out;
    for (const SessionTurn &t : s.turns)
        out << (prefill ? t.prefillSeconds : t.decodeSeconds);
    return out;
}

QList<qreal> turnSeconds(const Session &s)
{
    QList<qreal> out;
    for (const SessionTurn &t : s.turns)
        out << t.prefillSeconds + t.decodeSeconds;
    return out;
}

QList<QPointF> cumulativeCost(const Session &s)
{
    QList<QPointF> out;
    double sum = 0;
    for (qsizetype i = 0; i < s.turns.size(); ++i)
        out << QPointF(double(i), sum += s.turns.at(i).cost);
    return out;
}
} // namespace

SessionChart::SessionChart(QWidget *parent) : LedgerChart(parent)
{
    m_options.turns = 20;
    m_options.turnInput = 2000;
    m_options.response = 500;
    QChart *c = chart();
    c->setTitle(title());
    m_cached = new QStackedBarSeries(this);
    m_uncached = new QStackedBarSeries(this);
    m_cachedPrefill = new QBarSet(QString(), this);
    m_cachedDecode = new QBarSet(QString(), this);
    m_uncachedPrefill = new QBarSet(QString(), this);
    m_uncachedDecode = new QBarSet(QString(), this);
    m_cached->append({m_cachedPrefill, m_cachedDecode});
    m_uncached->append({m_uncachedPrefill, m_uncachedDecode});
    m_cachedCost = new QLineSeries(this);
    m_uncachedCost = new QLineSeries(this);
    m_baseBars = new QBarSeries(this);
    m_baseBars->setObjectName(QStringLiteral("baseline-bars"));
    m_baseCached = new QBarSet(QString(), this);
    m_baseUncached = new QBarSet(QString(), this);
    m_baseBars->append({m_baseCached, m_baseUncached});
    m_baseCachedCost = new QLineSeries(this);
    m_baseCachedCost->setObjectName(QStringLiteral("baseline-cost-cached"));
    m_baseUncachedCost = new QLineSeries(this);
    m_baseUncachedCost->setObjectName(QStringLiteral("baseline-cost-uncached"));
    m_wall = new QLineSeries(this);
    m_x = new QCategoryAxis(this);
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_y = new QValueAxis(this);
    m_y->setTickType(QValueAxis::TicksDynamic);
    m_y->setLabelFormat(QStringLiteral("%.7g"));
    m_cost = new QValueAxis(this);
    m_cost->setTickType(QValueAxis::TicksDynamic);
    m_cost->setLabelFormat(QStringLiteral("%.7g"));
    m_cost->setGridLineVisible(false);
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    c->addAxis(m_cost, Qt::AlignRight);
    for (QAbstractSeries *s :
         std::initializer_list<QAbstractSeries *>{m_cached, m_uncached, m_baseBars, m_wall}) {
        c->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    for (QLineSeries *s : {m_cachedCost, m_uncachedCost, m_baseCachedCost, m_baseUncachedCost}) {
        c->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_cost);
    }
    const auto hoverTurn = [this](bool cached) {
        return [this, cached](bool state, int index) {
            const Session &s = cached ? m_series.cached : m_series.uncached;
            if (!state || index < 0 || index >= s.turns.size()) {
                hideHoverOverlays();
                return;
            }
            const SessionTurn &t = s.turns.at(index);
            showHover(QPointF(index, t.prefillSeconds + t.decodeSeconds),
                      cached ? m_cached : m_uncached,
                      tr("Turn %1 from %2 tokens, %3\nprefill %4, answer %5, %6")
                          .arg(index + 1)
                          .arg(formatInteger(t.context),
                               cached ? tr("prefix cache on") : tr("prefix cache off"),
                               formatSeconds(t.prefillSeconds), formatSeconds(t.decodeSeconds),
                               tr("$%1").arg(formatNumber(t.cost, 3))));
        };
    };
    connect(m_cached, &QStackedBarSeries::hovered, this,
            [f = hoverTurn(true)](bool state, int index, QBarSet *) { f(state, index); });
    connect(m_uncached, &QStackedBarSeries::hovered, this,
            [f = hoverTurn(false)](bool state, int index, QBarSet *) { f(state, index); });
    // Filled boxes in the legend, as the bars are drawn.
    for (QAbstractSeries *s :
         std::initializer_list<QAbstractSeries *>{m_cached, m_uncached, m_baseBars})
        for (QLegendMarker *m : c->legend()->markers(s))
            m->setShape(QLegend::MarkerShapeRectangle);
    retranslate();
    applyTheme();
}

QString SessionChart::title() const
{
    return tr("An agent session, turn by turn: prefix cache on and off");
}

void SessionChart::retranslate()
{
    m_x->setTitleText(m_baseSeries ? tr("Turn (bars: prefix cache on, off; pale: the baseline's)")
                                   : tr("Turn (left bar: prefix cache on; right bar: off)"));
    m_y->setTitleText(tr("Seconds per turn (s)"));
    m_cost->setTitleText(tr("Cumulative cost (USD)"));
    m_cachedPrefill->setLabel(tr("Prefill, cache on"));
    m_cachedDecode->setLabel(tr("Answer, cache on"));
    m_uncachedPrefill->setLabel(tr("Prefill, cache off"));
    m_uncachedDecode->setLabel(tr("Answer, cache off"));
    m_cachedCost->setName(tr("Cumulative cost, cache on"));
    m_uncachedCost->setName(tr("Cumulative cost, cache off (dashed)"));
}

void SessionChart::draw(const ChartSeries &series)
{
    if (!series.session)
        return; // an invalid scenario or session: the last drawing stays
    m_series = *series.session;
    // The same turns from the baseline's own context.
    m_baseSeries = series.baseline ? series.baseline->session : std::nullopt;
    const bool based = m_baseSeries.has_value();
    m_baseCached->remove(0, m_baseCached->count());
    m_baseUncached->remove(0, m_baseUncached->count());
    if (based) {
        m_baseCached->append(turnSeconds(m_baseSeries->cached));
        m_baseUncached->append(turnSeconds(m_baseSeries->uncached));
        const QString name = baselineName(series.baseline->scenario, series.scenario);
        m_baseCached->setLabel(tr("%1, cache on").arg(name));
        m_baseUncached->setLabel(tr("%1, cache off").arg(name));
        m_baseCachedCost->setName(tr("%1: cumulative cost, cache on").arg(name));
        m_baseUncachedCost->setName(tr("%1: cumulative cost, cache off").arg(name));
    }
    m_baseBars->setVisible(based);
    const QString axis = based ? tr("Turn (bars: prefix cache on, off; pale: the baseline's)")
                               : tr("Turn (left bar: prefix cache on; right bar: off)");
    if (m_x->titleText() != axis)
        m_x->setTitleText(axis);
    replacePoints(m_baseCachedCost,
                  based ? cumulativeCost(m_baseSeries->cached) : QList<QPointF>{});
    replacePoints(m_baseUncachedCost,
                  based ? cumulativeCost(m_baseSeries->uncached) : QList<QPointF>{});
    for (QLineSeries *line : {m_baseCachedCost, m_baseUncachedCost})
        for (QLegendMarker *m : chart()->legend()->markers(line))
            m->setVisible(based);
    m_cachedPrefill->remove(0, m_cachedPrefill->count());
    m_cachedDecode->remove(0, m_cachedDecode->count());
    m_uncachedPrefill->remove(0, m_uncachedPrefill->count());
    m_uncachedDecode->remove(0, m_uncachedDecode->count());
    m_cachedPrefill->append(seconds(m_series.cached, true));
    m_cachedDecode->append(seconds(m_series.cached, false));
    m_uncachedPrefill->append(seconds(m_series.uncached, true));
    m_uncachedDecode->append(seconds(m_series.uncached, false));
    replacePoints(m_cachedCost, cumulativeCost(m_series.cached));
    replacePoints(m_uncachedCost, cumulativeCost(m_series.uncached));
    const int wall = m_series.cached.firstTurnNotFitting;
    m_wall->setName(wall > 0 ? tr("From turn %1 the context no longer fits").arg(wall) : QString());
    for (QLegendMarker *m : chart()->legend()->markers(m_wall))
        m->setVisible(wall > 0);
    updateAxes();
}

void SessionChart::updateAxes()
{
    const qsizetype n = m_series.cached.turns.size();
    if (n == 0)
        return;
    QList<const Session *> sessions{&m_series.cached, &m_series.uncached};
    if (m_baseSeries)
        sessions << &m_baseSeries->cached << &m_baseSeries->uncached;
    double top = 0, cost = 0;
    for (const Session *s : std::as_const(sessions)) {
        for (const qreal t : turnSeconds(*s))
            top = std::max(top, t);
        cost = std::max(cost, s->cost);
    }
    m_yRange = niceLinearRange(top, m_yRange);
    applyRange(m_y, m_yRange);
    m_costRange = niceLinearRange(cost, m_costRange);
    applyRange(m_cost, m_costRange);
    // Turn numbers at round steps, each under its bars (bar i sits at x = i).
    const double step = std::max(1.0, niceStep(double(n) / 10));
    QStringList labels;
    QList<double> at;
    for (double turn = step; turn <= double(n); turn += step) {
        labels << formatInteger(qint64(turn));
        at << turn - 1;
    }
    if (n > 1 && step >= 5) { // "1" beside "2" would crowd
        labels.prepend(QStringLiteral("1"));
        at.prepend(0);
    }
    if (m_x->categoriesLabels() != labels) {
        for (const QString &old : m_x->categoriesLabels())
            m_x->remove(old);
        for (qsizetype i = 0; i < labels.size(); ++i)
            m_x->append(labels.at(i), at.at(i));
    }
    m_x->setRange(-0.5, double(n) - 0.5);
    const int wall = m_series.cached.firstTurnNotFitting;
    replacePoints(m_wall, wall > 0 ? QList<QPointF>{QPointF(wall - 1.5, m_yRange.min),
                                                    QPointF(wall - 1.5, m_yRange.max)}
                                   : QList<QPointF>{});
}

void SessionChart::restyle()
{
    const QColor prefill = seriesColor(0), decode = seriesColor(1);
    m_cachedPrefill->setColor(prefill);
    m_cachedDecode->setColor(decode);
    // Cache off: the same colours, hatched.
    m_uncachedPrefill->setBrush(QBrush(prefill, Qt::BDiagPattern));
    m_uncachedDecode->setBrush(QBrush(decode, Qt::BDiagPattern));
    for (QBarSet *set : {m_cachedPrefill, m_cachedDecode, m_uncachedPrefill, m_uncachedDecode})
        set->setBorderColor(set->brush().color());
    m_cachedCost->setPen(QPen(textColor(), lineWidth(2.5)));
    m_uncachedCost->setPen(QPen(textColor(), lineWidth(2.5), Qt::DashLine));
    m_wall->setPen(QPen(isDark() ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e),
                        lineWidth(2.5), Qt::DashDotLine));
    // The baseline: pale bars with a dashed outline (hatched with the cache off), pale lines.
    const QColor ghost = baselineColor(textColor());
    m_baseCached->setBrush(baselineColor(decode));
    m_baseUncached->setBrush(QBrush(baselineColor(decode), Qt::BDiagPattern));
    for (QBarSet *set : {m_baseCached, m_baseUncached})
        set->setPen(baselinePen(decode.darker(120), 1));
    m_baseCachedCost->setPen(QPen(ghost, lineWidth(2.5)));
    m_baseUncachedCost->setPen(baselinePen(textColor(), 2.5));
}

QString SessionChart::headline() const
{
    const Session &on = m_series.cached, &off = m_series.uncached;
    if (on.turns.isEmpty())
        return title();
    QString text = tr("%1: %2 turns from %3 tokens cost %4 with the prefix cache (%5), %6 "
                      "without (%7)")
                       .arg(title())
                       .arg(on.turns.size())
                       .arg(formatInteger(on.turns.first().context),
                            tr("$%1").arg(formatNumber(on.cost, 3)), formatSeconds(on.seconds),
                            tr("$%1").arg(formatNumber(off.cost, 3)), formatSeconds(off.seconds));
    if (on.firstTurnNotFitting > 0)
        text += tr("; from turn %1 the context no longer fits").arg(on.firstTurnNotFitting);
    return text;
}

ChartTable SessionChart::table() const
{
    ChartTable t;
    t.header << QStringLiteral("turn") << QStringLiteral("context_tokens")
             << QStringLiteral("prefill_seconds_cached") << QStringLiteral("decode_seconds")
             << QStringLiteral("cost_cached") << QStringLiteral("prefill_seconds_uncached")
             << QStringLiteral("cost_uncached");
    if (m_baseSeries)
        t.header << QStringLiteral("baseline_context_tokens")
                 << QStringLiteral("baseline_seconds_cached")
                 << QStringLiteral("baseline_cost_cached")
                 << QStringLiteral("baseline_seconds_uncached")
                 << QStringLiteral("baseline_cost_uncached");
    const Session &on = m_series.cached, &off = m_series.uncached;
    for (qsizetype i = 0; i < on.turns.size() && i < off.turns.size(); ++i) {
        const SessionTurn &a = on.turns.at(i), &b = off.turns.at(i);
        QStringList row{
            QString::number(i + 1),       QString::number(a.context), tableNumber(a.prefillSeconds),
            tableNumber(a.decodeSeconds), tableNumber(a.cost),        tableNumber(b.prefillSeconds),
            tableNumber(b.cost)};
        if (m_baseSeries) {
            const SessionTurn c = m_baseSeries->cached.turns.value(i);
            const SessionTurn u = m_baseSeries->uncached.turns.value(i);
            row << QString::number(c.context) << tableNumber(c.prefillSeconds + c.decodeSeconds)
                << tableNumber(c.cost) << tableNumber(u.prefillSeconds + u.decodeSeconds)
                << tableNumber(u.cost);
        }
        t.rows << row;
    }
    return t;
}

} // namespace kvl
