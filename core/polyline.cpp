#include "polyline.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace kvl {

namespace {
// A point on the axes' scales, or nothing where that scale cannot place it.
bool scaled(const QPointF &p, AxisScale x, AxisScale y, QPointF *out)
{
    const double sx = x == AxisScale::Log ? (p.x() > 0 ? std::log10(p.x()) : NAN) : p.x();
    const double sy = y == AxisScale::Log ? (p.y() > 0 ? std::log10(p.y()) : NAN) : p.y();
    *out = QPointF(sx, sy);
    return std::isfinite(sx) && std::isfinite(sy);
}
} // namespace

QList<QPointF> drawnPolyline(const QList<QPointF> &points, AxisScale x, AxisScale y,
                             double tolerance)
{
    if (points.size() < 3)
        return points;
    QList<QPointF> s(points.size());
    for (qsizetype i = 0; i < points.size(); ++i)
        if (!scaled(points.at(i), x, y, &s[i]))
            return points;
    const auto [minX, maxX] = std::minmax_element(
        s.cbegin(), s.cend(), [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
    const auto [minY, maxY] = std::minmax_element(
        s.cbegin(), s.cend(), [](const QPointF &a, const QPointF &b) { return a.y() < b.y(); });
    // On the extent's unit square; an axis the line does not move along counts as unit-wide,
    // so a flat line is judged by its other axis alone.
    const double w = maxX->x() > minX->x() ? maxX->x() - minX->x() : 1;
    const double h = maxY->y() > minY->y() ? maxY->y() - minY->y() : 1;
    for (QPointF &p : s)
        p = QPointF(p.x() / w, p.y() / h);

    QList<bool> keep(points.size(), false);
    keep.first() = keep.last() = true;
    QList<std::pair<qsizetype, qsizetype>> spans{{0, points.size() - 1}};
    while (!spans.isEmpty()) {
        const auto [from, to] = spans.takeLast();
        const QPointF a = s.at(from), d = s.at(to) - a;
        const double length = std::hypot(d.x(), d.y());
        double farthest = -1;
        qsizetype at = -1;
        for (qsizetype i = from + 1; i < to; ++i) {
            const QPointF v = s.at(i) - a;
            const double off = length > 0 ? std::abs(d.x() * v.y() - d.y() * v.x()) / length
                                          : std::hypot(v.x(), v.y());
            if (off > farthest) {
                farthest = off;
                at = i;
            }
        }
        if (at < 0 || farthest <= tolerance)
            continue;
        keep[at] = true;
        spans.append({from, at});
        spans.append({at, to});
    }
    QList<QPointF> out;
    for (qsizetype i = 0; i < points.size(); ++i)
        if (keep.at(i))
            out.append(points.at(i));
    return out;
}

} // namespace kvl
