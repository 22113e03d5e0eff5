#include "measured_bandwidth.h"

#include "scenario.h"

#include <cmath>

namespace kvl {

QString MeasuredBandwidth::validate() const
{
    for (double v : {medianBytesPerSecond, bestBytesPerSecond})
        if (!std::isfinite(v) || v <= 0 || v > 1e15)
            return QStringLiteral("measured bandwidth: %1 B/s is not a bandwidth").arg(v);
    if (bufferBytes <= 0)
        return QStringLiteral("measured bandwidth: buffer of %1 B").arg(bufferBytes);
    for (const QPointF &p : sweep)
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || p.x() <= 0 || p.y() <= 0)
            return QStringLiteral("measured bandwidth: sweep point is not positive");
    return {};
}

std::optional<double> measuredEfficiency(const Scenario &s)
{
    if (!s.measured || s.gpu.bandwidth <= 0)
        return std::nullopt;
    return s.measured->medianBytesPerSecond / s.gpu.bandwidth;
}

Scenario atMeasuredBandwidth(const Scenario &s)
{
    Scenario t = s;
    if (const auto e = measuredEfficiency(s))
        t.efficiency = *e;
    return t;
}

} // namespace kvl
