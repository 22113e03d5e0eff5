#include "wall_chart.h"

#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <algorithm>

namespace kvl {

WallChart::WallChart(QWidget *parent) : LedgerChart(parent)
{
    QChart *c = chart();
    m_x = new QLogValueAxis(this);
    m_x->setLabelFormat(QStringLiteral("%.7g"));
    m_x->setMinorTickCount(8);
    m_y = new QLogValueAxis(this);
    m_y->setLabelFormat(QStringLiteral("%.7g"));
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    m_fits = new QLineSeries(this);
    m_fits->setObjectName(QStringLiteral("fits"));
    m_past = new QLineSeries(this);
    m_past->setObjectName(QStringLiteral("past"));
    m_wall = new QLineSeries(this);
    m_wall->setObjectName(QStringLiteral("wall"));
    m_marker = new QScatterSeries(this);
    m_marker->setObjectName(QStringLiteral("marker"));
    m_base = new QLineSeries(this);
    m_base->setObjectName(QStringLiteral("baseline"));
    m_baseMarker = new QScatterSeries(this);
    m_baseMarker->setObjectName(QStringLiteral("baseline-marker"));
    for (QXYSeries *s : std::initializer_list<QXYSeries *>{m_fits, m_past, m_wall, m_marker, m_base,
                                                           m_baseMarker}) {
        c->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    for (QLegendMarker *m : c->legend()->markers(m_baseMarker))
        m->setVisible(false);
    // The two parts of the curve are one list of points: hover finds the nearest of all.
    const auto describeNear = [this](QXYSeries *series) {
        connect(series, &QXYSeries::hovered, this, [this, series](const QPointF &p, bool state) {
            if (!state || m_data.points.isEmpty()) {
                hideHoverOverlays();
                return;
            }
            const int i = nearestPoint(m_data.points, p, series);
            showHover(m_data.points.at(i), series, describe(i));
        });
    };
    describeNear(m_fits);
    describeNear(m_past);
}

void WallChart::useTokenAxis()
{
    setTokenAxis(m_x);
}

void WallChart::retranslate()
{
    m_x->setTitleText(xTitle());
    m_y->setTitleText(yTitle());
    m_fits->setName(fitsName());
    m_past->setName(pastName());
    m_marker->setName(markerName());
}

void WallChart::setData(Data data)
{
    m_data = std::move(data);
    // The last point that fits starts the dashed part, so the two join.
    QList<QPointF> fits, past;
    for (qsizetype i = 0; i < m_data.points.size(); ++i) {
        const QPointF &p = m_data.points.at(i);
        if (m_data.fits.value(i)) {
            fits << p;
            if (m_data.fits.value(i + 1, true) == false)
                past << p;
        } else {
            past << p;
        }
    }
    replacePoints(m_fits, fits);
    replacePoints(m_past, past);
    replacePoints(m_marker, m_data.marker ? QList<QPointF>{*m_data.marker} : QList<QPointF>{});
    replacePoints(m_base, m_data.baseline);
    replacePoints(m_baseMarker, m_data.baselineMarker ? QList<QPointF>{*m_data.baselineMarker}
                                                      : QList<QPointF>{});
    if (m_base->name() != m_data.baselineName)
        m_base->setName(m_data.baselineName);
    for (QLegendMarker *m : chart()->legend()->markers(m_base))
        m->setVisible(!m_data.baseline.isEmpty());
    m_wall->setName(wallName());
    for (QLegendMarker *m : chart()->legend()->markers(m_past))
        m->setVisible(!past.isEmpty());
    for (QLegendMarker *m : chart()->legend()->markers(m_wall))
        m->setVisible(m_data.wallX > 0);
    updateAxes();
}

void WallChart::interactiveEnded()
{
    updateAxes();
}

void WallChart::updateAxes()
{
    double xlo = std::numeric_limits<double>::max(), xhi = 0;
    double ylo = std::numeric_limits<double>::max(), yhi = 0;
    for (const QPointF &p : m_data.points + m_data.baseline) {
        if (p.x() <= 0 || p.y() <= 0)
            continue;
        xlo = std::min(xlo, p.x());
        xhi = std::max(xhi, p.x());
        ylo = std::min(ylo, p.y());
        yhi = std::max(yhi, p.y());
    }
    if (yhi <= 0)
        return;
    // Whole decades: a log axis labels only its powers of ten.
    m_xRange =
        isInteractive() ? grownLogRange(xlo, xhi, m_xRange) : niceLogRange(xlo, xhi, m_xRange);
    applyRange(m_x, m_xRange);
    m_yRange =
        isInteractive() ? grownLogRange(ylo, yhi, m_yRange) : niceLogRange(ylo, yhi, m_yRange);
    applyRange(m_y, m_yRange);
    const double w = m_data.wallX;
    replacePoints(m_wall, w >= xlo && w <= xhi
                              ? QList<QPointF>{QPointF(w, m_yRange.min), QPointF(w, m_yRange.max)}
                              : QList<QPointF>{});
}

void WallChart::restyle()
{
    const QColor curve = seriesColor(0);
    m_fits->setPen(QPen(curve, lineWidth(3)));
    m_past->setPen(QPen(curve, lineWidth(2), Qt::DashLine));
    m_wall->setPen(QPen(isDark() ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e),
                        lineWidth(2.5), Qt::DashDotLine));
    m_marker->setColor(textColor());
    m_marker->setBorderColor(isDark() ? Qt::black : Qt::white);
    m_marker->setMarkerSize(presentation() ? 16 : 10);
    m_base->setPen(baselinePen(curve, 2.5));
    m_baseMarker->setColor(Qt::transparent);
    m_baseMarker->setPen(QPen(baselineColor(textColor()), lineWidth(2)));
    m_baseMarker->setMarkerSize(presentation() ? 16 : 10);
}

} // namespace kvl
