#include "latency_chart.h"

#include "axis_range.h"

#include <QCategoryAxis>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

// The latency chart's axes: context across, milliseconds per token up (linear or log) and the
// tokens per second they make on the right.
namespace kvl {

void LatencyChart::logAxesChanged()
{
    createAxes();
    m_drawn.reset(); // the curves keep the points their shape needs on the new scales
    styleAxis(m_x);
    styleAxis(m_y);
    styleAxis(m_rate);
    if (m_valid)
        update();
}

void LatencyChart::createAxes()
{
    QChart *c = chart();
    for (QAbstractAxis *axis : {m_x, m_y, m_rate}) {
        if (axis) {
            c->removeAxis(axis);
            delete axis;
        }
    }
    if (logAxes()) {
        auto *x = new QLogValueAxis;
        x->setLabelFormat(QStringLiteral("%.0f"));
        x->setMinorTickCount(8);
        auto *y = new QLogValueAxis;
        y->setLabelFormat(QStringLiteral("%.7g"));
        y->setMinorTickCount(0); // five or six decades: minor ticks would crowd
        auto *rate = new QLogValueAxis;
        rate->setLabelFormat(QStringLiteral("%.7g")); // 1,000,000 rather than 1e+06
        // tokens/s = 1000 / ms: on a reversed log axis spanning the reciprocal range, every
        // tokens/s label sits level with its ms value.
        rate->setReverse(true);
        m_x = x;
        m_y = y;
        m_rate = rate;
    } else {
        auto *x = new QValueAxis;
        x->setTickType(QValueAxis::TicksDynamic);
        x->setLabelFormat(QStringLiteral("%.0f"));
        auto *y = new QValueAxis;
        y->setTickType(QValueAxis::TicksDynamic);
        y->setLabelFormat(QStringLiteral("%.7g"));
        // tokens/s is not linear in ms: labels placed at the ms value of round rates.
        auto *rate = new QCategoryAxis;
        rate->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        m_x = x;
        m_y = y;
        m_rate = rate;
    }
    retranslateAxes();
    m_rate->setGridLineVisible(false);
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    c->addAxis(m_rate, Qt::AlignRight);
    for (QAbstractSeries *s : c->series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    setTokenAxis(m_x);
    m_xRange = m_yRange = {};
    syncLegend();
}

void LatencyChart::updateAxes(double minMs, double maxMs)
{
    const double to = double(m_series.contexts.last());
    if (logAxes()) {
        m_xRange = {double(kContextAxisFrom), to, 0};
        applyRange(static_cast<QLogValueAxis *>(m_x), m_xRange);
        m_yRange = isInteractive() ? grownLogRange(minMs, maxMs, m_yRange)
                                   : niceLogRange(minMs, maxMs, m_yRange);
        applyRange(static_cast<QLogValueAxis *>(m_y), m_yRange);
        applyRange(static_cast<QLogValueAxis *>(m_rate),
                   {1000 / m_yRange.max, 1000 / m_yRange.min, 0});
        return;
    }
    m_xRange = {0, to, niceStep(to / 6)}; // ends where the data ends
    applyRange(static_cast<QValueAxis *>(m_x), m_xRange);
    m_yRange =
        isInteractive() ? grownLinearRange(maxMs, m_yRange) : niceLinearRange(maxMs, m_yRange);
    applyRange(static_cast<QValueAxis *>(m_y), m_yRange);
    updateRateAxisLinear();
}

void LatencyChart::updateRateAxisLinear()
{
    auto *rate = static_cast<QCategoryAxis *>(m_rate);
    // Round rates (1, 2, 5 × 10^k tokens/s) at their ms value, at least a tenth of the axis
    // apart; categories must be appended in increasing value, so from fast to slow.
    const double top = m_yRange.max;
    QStringList labels;
    QList<double> at;
    for (int e = 9; e >= -3; --e) {
        for (double m : {5.0, 2.0, 1.0}) {
            const double tps = m * std::pow(10.0, e);
            const double ms = 1000 / tps;
            if (ms > top || ms - (at.isEmpty() ? 0 : at.last()) < top / 10)
                continue;
            labels << formatNumber(tps, 6);
            at << ms;
        }
    }
    if (rate->categoriesLabels() != labels) {
        for (const QString &old : rate->categoriesLabels())
            rate->remove(old);
        for (int i = 0; i < labels.size(); ++i)
            rate->append(labels.at(i), at.at(i));
    }
    applyRange(rate, {0, top, 0});
}

} // namespace kvl
