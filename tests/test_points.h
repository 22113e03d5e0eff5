#pragma once

// Shared by the core and ui tests that hold chart series to core's numbers.
#include <QList>
#include <QPointF>

namespace kvl::test {

// Bit for bit (QPointF's == is fuzzy): the charts must plot the ledger's numbers.
inline bool samePoints(const QList<QPointF> &a, const QList<QPointF> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i)
        if (a.at(i).x() != b.at(i).x() || a.at(i).y() != b.at(i).y())
            return false;
    return true;
}

// Display units as the charts make them: ms = s × 1000.
inline QList<QPointF> scaled(QList<QPointF> points, double factor)
{
    for (QPointF &p : points)
        p.setY(p.y() * factor);
    return points;
}

} // namespace kvl::test
