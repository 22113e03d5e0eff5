#include "measured_bandwidth.h"

#include "scenario.h"

#include <QCoreApplication>
#include <cmath>

namespace kvl {

// Validation messages are shown in the window when an edit is refused.
class MeasuredText
{
    Q_DECLARE_TR_FUNCTIONS(MeasuredText)
};

QString MeasuredBandwidth::validate() const
{
    for (double v : {medianBytesPerSecond, bestBytesPerSecond})
        if (!std::isfinite(v) || v <= 0 || v > 1e15)
            return MeasuredText::tr("measured bandwidth: %1 B/s is not a bandwidth").arg(v);
    if (bufferBytes <= 0)
        return MeasuredText::tr("measured bandwidth: buffer of %1 B").arg(bufferBytes);
    for (const QPointF &p : sweep)
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || p.x() <= 0 || p.y() <= 0)
            return MeasuredText::tr("measured bandwidth: sweep point is not positive");
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
