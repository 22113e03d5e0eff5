#pragma once

#include <QList>
#include <QPointF>

namespace kvl {

// The scale a chart axis draws on.
enum class AxisScale
{
    Linear,
    Log
};

// The points of a polyline that drawing it needs: a point goes when the line through its kept
// neighbours passes within `tolerance` of it, distances measured on the axes' scales (decades on a
// log axis) as a fraction of the polyline's own extent along each axis. The first and last points
// stay, and so does every point of a polyline a log axis cannot draw (a value ≤ 0) or that holds
// a NaN. Core samples its curves densely for tables and hover; where a closed-form curve is
// straight on the chart's scales, a few segments draw it (Ramer–Douglas–Peucker).
QList<QPointF> drawnPolyline(const QList<QPointF> &points, AxisScale x, AxisScale y,
                             double tolerance);

// What a chart passes: a thousandth of the curve's extent, under a pixel on any chart.
inline constexpr double kPolylineTolerance = 1e-3;

} // namespace kvl
