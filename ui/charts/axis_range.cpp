#include "axis_range.h"

#include "sweep.h"

#include <QLogValueAxis>
#include <QValueAxis>
#include <cmath>

namespace kvl {

namespace {
// The share of a grown axis the data may shrink to before the axis follows it down.
constexpr double kGrownFloor = 0.25;

AxisRange currentRange(const QValueAxis *axis)
{
    return {axis->min(), axis->max(),
            axis->tickType() == QValueAxis::TicksDynamic ? axis->tickInterval() : 0};
}
} // namespace

double niceStep(double x)
{
    const double decade = std::pow(10.0, std::floor(std::log10(x)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * decade >= x * (1 - 1e-12))
            return m * decade;
    return 10 * decade;
}

AxisRange niceLinearRange(double dataMax, const AxisRange &current)
{
    if (!(dataMax > 0) || !std::isfinite(dataMax))
        return current.isValid() ? current : AxisRange{0, 1, 0.2};
    if (current.isValid() && current.min == 0 && dataMax <= current.max &&
        dataMax > 0.45 * current.max)
        return current;
    // About six intervals, with a little headroom so the top point isn't on the frame.
    const double step = niceStep(dataMax * 1.04 / 6);
    return {0, std::ceil(dataMax * 1.04 / step) * step, step};
}

AxisRange grownLinearRange(double dataMax, const AxisRange &current)
{
    if (!current.isValid() || current.min != 0)
        return niceLinearRange(dataMax, current);
    if (!(dataMax > 0) || !std::isfinite(dataMax) ||
        (dataMax <= current.max && dataMax >= kGrownFloor * current.max))
        return current;
    const double max = niceStep(dataMax * 1.04);
    return {0, max, niceStep(max / 6)};
}

AxisRange niceLogRange(double lo, double hi, const AxisRange &current)
{
    if (!(lo > 0) || !(hi >= lo) || !std::isfinite(hi))
        return current.isValid() ? current : AxisRange{1, 10, 0};
    const double min = std::pow(10.0, std::floor(std::log10(lo) + 1e-9));
    double max = std::pow(10.0, std::ceil(std::log10(hi) - 1e-9));
    if (max <= min)
        max = min * 10;
    if (current.isValid() && current.contains(lo, hi) && current.min * 10 >= min * (1 - 1e-9) &&
        current.max <= max * 10 * (1 + 1e-9))
        return current;
    return {min, max, 0};
}

AxisRange grownLogRange(double lo, double hi, const AxisRange &current)
{
    if (!current.isValid())
        return niceLogRange(lo, hi, current);
    if (!(lo > 0) || !(hi >= lo) || !std::isfinite(hi) || current.contains(lo, hi))
        return current;
    const AxisRange fit = niceLogRange(lo, hi, {});
    return {std::min(current.min, fit.min), std::max(current.max, fit.max), 0};
}

bool applyRange(QValueAxis *axis, const AxisRange &r)
{
    if (currentRange(axis) == r)
        return false;
    if (r.step > 0 && axis->tickInterval() != r.step) {
        axis->setTickAnchor(0);
        axis->setTickInterval(r.step);
    }
    axis->setRange(r.min, r.max);
    return true;
}

bool applyRange(QLogValueAxis *axis, const AxisRange &r)
{
    // Widened by a hair: the axis finds its decade labels with floating-point logarithms, and a
    // range starting exactly at 10^k can lose the label at 10^k.
    const double min = r.min * (1 - 1e-9);
    const double max = r.max * (1 + 1e-9);
    if (axis->min() == min && axis->max() == max)
        return false;
    axis->setRange(min, max);
    return true;
}

} // namespace kvl

namespace kvl {

qint64 updateContextAxis(QList<qint64> &contexts, qint64 context, int points)
{
    const qint64 to = contextAxisEnd(context);
    if (contexts.isEmpty() || contexts.last() != to)
        contexts = logSpacedContexts(kContextAxisFrom, to, points);
    return to;
}

} // namespace kvl
