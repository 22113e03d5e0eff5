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
        if (!limits::bandwidth.contains(v))
            return MeasuredText::tr("measured bandwidth: %1 B/s is outside %2-%3")
                .arg(v)
                .arg(limits::bandwidth.lo)
                .arg(limits::bandwidth.hi);
    if (bufferBytes <= 0)
        return MeasuredText::tr("measured bandwidth: buffer of %1 B").arg(bufferBytes);
    for (const QPointF &p : sweep)
        if (!std::isfinite(p.x()) || p.x() < 1 || p.x() > limits::gpuMemoryBytes.hi ||
            !limits::bandwidth.contains(p.y()))
            return MeasuredText::tr("measured bandwidth: sweep point (%1 B, %2 B/s) is out of "
                                    "range")
                .arg(p.x())
                .arg(p.y());
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
