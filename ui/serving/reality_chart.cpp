#include "reality_chart.h"

#include "engine_prediction.h"
#include "units.h"

#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSet>

namespace kvl {

namespace {

constexpr double kMs = 1e3; // core's seconds, drawn in milliseconds
constexpr double kBand = 0.25;

} // namespace

RealityChart::RealityChart(QWidget *parent) : LedgerChart(parent)
{
    QChart *c = chart();
    m_x = new QLogValueAxis(this);
    m_y = new QLogValueAxis(this);
    for (QLogValueAxis *a : {m_x, m_y}) {
        a->setLabelFormat(QStringLiteral("%.7g"));
        a->setMinorTickCount(8);
    }
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    m_diagonal = new QLineSeries(this);
    m_diagonal->setObjectName(QStringLiteral("diagonal"));
    m_over = new QLineSeries(this);
    m_over->setObjectName(QStringLiteral("band"));
    m_under = new QLineSeries(this);
    m_under->setObjectName(QStringLiteral("band-under"));
    for (QLineSeries *s : {m_diagonal, m_over, m_under}) {
        c->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    for (QLegendMarker *m : c->legend()->markers(m_under))
        m->setVisible(false); // one entry for the band
    // Engines in a fixed order, so that each keeps its colour whatever the data.
    for (const QString &engine : calibratedEngines())
        engineSeries(engine);
    m_marked = new QScatterSeries(this);
    m_marked->setObjectName(QStringLiteral("marked"));
    m_marked->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    c->addSeries(m_marked);
    m_marked->attachAxis(m_x);
    m_marked->attachAxis(m_y);
    connect(m_marked, &QXYSeries::hovered, this, [this](const QPointF &p, bool state) {
        if (!state)
            return hideHoverOverlays();
        showRun(m_marked, p, m_series.markedRows);
    });
    c->setTitle(title());
    retranslate();
    applyTheme();
}

QScatterSeries *RealityChart::engineSeries(const QString &engine)
{
    if (QScatterSeries *s = m_engines.value(engine))
        return s;
    auto *s = new QScatterSeries(this);
    s->setObjectName(QStringLiteral("engine-") + engine);
    s->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    chart()->addSeries(s);
    s->attachAxis(m_x);
    s->attachAxis(m_y);
    m_engines.insert(engine, s);
    connect(s, &QXYSeries::hovered, this, [this, s, engine](const QPointF &p, bool state) {
        if (!state)
            return hideHoverOverlays();
        for (const EngineReality &e : std::as_const(m_series.engines))
            if (e.engine == engine)
                showRun(s, p, e.rows);
    });
    return s;
}

// The run under the cursor: the point the series reports, matched to its row.
void RealityChart::showRun(QScatterSeries *series, const QPointF &point, const QList<int> &rows)
{
    const QList<QPointF> pts = series->points();
    qsizetype best = -1;
    double bestDistance = 0;
    for (qsizetype i = 0; i < pts.size(); ++i) {
        const QPointF d = pts.at(i) - point;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (best < 0 || distance < bestDistance) {
            best = i;
            bestDistance = distance;
        }
    }
    if (best < 0 || best >= rows.size())
        return;
    const RunPrediction &p = bundledRunPredictions().at(rows.at(best));
    const QPointF v = pts.at(best);
    showHover(
        v, series,
        tr("%1\n%2 %3, %4 on %5\nmeasured %6, predicted %7 (%8)")
            .arg(p.run.id, engineName(p.run.engine), p.run.engineVersion, p.run.modelPath,
                 p.run.system, formatSeconds(v.x() / kMs), formatSeconds(v.y() / kMs),
                 (v.y() >= v.x() ? QStringLiteral("+") : QString()) + percent(v.y() / v.x() - 1)));
}

QString RealityChart::percent(double share)
{
    return tr("%1%").arg(formatNumber(share * 100, 3));
}

void RealityChart::nameMarked()
{
    m_marked->setName(tr("%1 (ringed)").arg(markedName()));
}

QString RealityChart::title() const
{
    return m_quantity == RealityQuantity::Tpot
               ? tr("Measured against calibrated: time per output token")
               : tr("Measured against calibrated: time to first token");
}

QString RealityChart::markedName() const
{
    return tr("%1 on %2").arg(m_scenario.model.name, m_scenario.gpu.name);
}

QString RealityChart::headline() const
{
    QStringList engines;
    for (const EngineReality &e : m_series.engines)
        if (e.error.count > 0)
            engines << tr("%1 %2").arg(engineName(e.engine), percent(e.error.median));
    const QString all =
        tr("%1 of %2 measured runs against their calibrated prediction; median "
           "error %3")
            .arg(formatInteger(qint64(m_series.points)), formatInteger(qint64(m_series.runs)),
                 engines.join(QStringLiteral(", ")));
    const QString marked = m_series.marked.isEmpty()
                               ? tr("no measured run of %1").arg(markedName())
                               : tr("%1: %2 runs, median error %3")
                                     .arg(markedName(), formatInteger(m_series.marked.size()),
                                          percent(m_series.markedError.median));
    return tr("%1. %2.").arg(all, marked);
}

void RealityChart::setQuantity(RealityQuantity q)
{
    if (m_quantity == q)
        return;
    m_quantity = q;
    chart()->setTitle(title());
    retranslate();
    if (m_scenario.validate().isEmpty())
        updateFrom(m_scenario, {});
}

void RealityChart::draw(const ChartSeries &series)
{
    const Scenario &s = series.scenario;
    // The runs ringed depend on the GPU and the architecture alone (realitySeries): a slider
    // over the context, the batch or the precision leaves the chart as it is.
    const bool same = m_series.runs > 0 && m_series.quantity == m_quantity &&
                      s.gpu.id == m_scenario.gpu.id && s.gpu.name == m_scenario.gpu.name &&
                      s.model.name == m_scenario.model.name &&
                      sameArchitecture(s.model, m_scenario.model);
    if (same)
        m_scenario = s;
    else
        drawSeries(s, realitySeries(bundledRunPredictions(), s, m_quantity));
}

void RealityChart::drawSeries(const Scenario &s, const RealitySeries &series)
{
    m_scenario = s;
    m_series = series;
    const auto ms = [](const QList<QPointF> &points) {
        QList<QPointF> out;
        out.reserve(points.size());
        for (const QPointF &p : points)
            out << p * kMs;
        return out;
    };
    QSet<QString> drawn;
    for (const EngineReality &e : series.engines) {
        QScatterSeries *s = engineSeries(e.engine);
        replacePoints(s, ms(e.points));
        s->setName(engineName(e.engine)); // the table below gives the numbers
        drawn.insert(e.engine);
    }
    for (auto it = m_engines.cbegin(); it != m_engines.cend(); ++it) {
        if (!drawn.contains(it.key()))
            replacePoints(*it, {});
        for (QLegendMarker *m : chart()->legend()->markers(*it))
            m->setVisible(drawn.contains(it.key()));
    }
    replacePoints(m_marked, ms(series.marked));
    nameMarked();
    for (QLegendMarker *m : chart()->legend()->markers(m_marked))
        m->setVisible(!series.marked.isEmpty());
    if (series.hi > series.lo) {
        const double lo = series.lo * kMs, hi = series.hi * kMs;
        if (m_x->min() != lo || m_x->max() != hi) {
            m_x->setRange(lo, hi);
            m_y->setRange(lo, hi);
        }
        replacePoints(m_diagonal, {{lo, lo}, {hi, hi}});
        replacePoints(m_over, {{lo, lo * (1 + kBand)}, {hi / (1 + kBand), hi}});
        replacePoints(m_under, {{lo / (1 - kBand), lo}, {hi, hi * (1 - kBand)}});
    }
    setAccessibleDescription(headline());
}

ChartTable RealityChart::table() const
{
    ChartTable t;
    t.header = {QStringLiteral("id"),
                QStringLiteral("engine"),
                QStringLiteral("engine_version"),
                QStringLiteral("model_path"),
                QStringLiteral("system"),
                QStringLiteral("mode"),
                m_quantity == RealityQuantity::Tpot ? QStringLiteral("measured_tpot_seconds")
                                                    : QStringLiteral("measured_ttft_seconds"),
                m_quantity == RealityQuantity::Tpot ? QStringLiteral("predicted_tpot_seconds")
                                                    : QStringLiteral("predicted_ttft_seconds"),
                QStringLiteral("error"),
                QStringLiteral("scenario_architecture_and_gpu")};
    const QList<RunPrediction> &runs = bundledRunPredictions();
    const QSet<int> marked(m_series.markedRows.cbegin(), m_series.markedRows.cend());
    for (const EngineReality &e : m_series.engines)
        for (qsizetype i = 0; i < e.points.size(); ++i) {
            const RunPrediction &p = runs.at(e.rows.at(i));
            const QPointF &v = e.points.at(i);
            t.rows << QStringList{p.run.id,
                                  p.run.engine,
                                  p.run.engineVersion,
                                  p.run.modelPath,
                                  p.run.system,
                                  p.run.mode,
                                  tableNumber(v.x()),
                                  tableNumber(v.y()),
                                  tableNumber(v.y() / v.x() - 1),
                                  marked.contains(e.rows.at(i)) ? QStringLiteral("true")
                                                                : QStringLiteral("false")};
        }
    return t;
}

void RealityChart::retranslate()
{
    chart()->setTitle(title());
    const bool tpot = m_quantity == RealityQuantity::Tpot;
    m_x->setTitleText(tpot ? tr("Measured time per output token (ms, log)")
                           : tr("Measured time to first token (ms, log)"));
    m_y->setTitleText(tpot ? tr("Predicted time per output token (ms, log)")
                           : tr("Predicted time to first token (ms, log)"));
    m_diagonal->setName(tr("Prediction = measurement"));
    // Words from the data, but a language switch alone does not redraw (draw).
    nameMarked();
    setAccessibleDescription(headline());
    m_over->setName(tr("±25%"));
}

void RealityChart::restyle()
{
    const QColor text = textColor();
    m_diagonal->setPen(QPen(text, lineWidth(1.5)));
    QPen band(text, lineWidth(1), Qt::DashLine);
    m_over->setPen(band);
    m_under->setPen(band);
    int i = 0;
    for (const QString &engine : calibratedEngines())
        if (QScatterSeries *s = m_engines.value(engine)) {
            QColor c = seriesColor(i++);
            c.setAlphaF(0.55); // thousands of points: where they pile up shows
            s->setColor(c);
            s->setBorderColor(Qt::transparent);
            s->setMarkerSize(presentation() ? 11 : 7);
        }
    m_marked->setColor(Qt::transparent);
    m_marked->setPen(QPen(text, lineWidth(1.5)));
    m_marked->setMarkerSize(presentation() ? 20 : 13);
}

} // namespace kvl
