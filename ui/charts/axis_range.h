#pragma once

#include "chart_series.h" // the context axis: kContextAxisFrom, contextAxisEnd

#include <QList>

class QValueAxis;
class QLogValueAxis;

namespace kvl {

// A rounded axis range. Ranges stay put while the data moves a little, so dragging a slider
// doesn't make axes jitter, and every range change (which remaps every point) is rare.
struct AxisRange
{
    double min = 0;
    double max = 0;
    double step = 0; // tick interval of linear ranges; 0 for log ranges

    bool isValid() const { return max > min; }
    bool contains(double lo, double hi) const { return min <= lo && hi <= max; }
    friend bool operator==(const AxisRange &, const AxisRange &) = default;
};

// The smallest 1, 2 or 5 × 10^k at or above x (x > 0): a tick interval.
double niceStep(double x);

// [0, max] with max a multiple of a 1-2-5 step, just above dataMax. `current` is kept while
// dataMax stays in (0.45 × current.max, current.max].
AxisRange niceLinearRange(double dataMax, const AxisRange &current);
// During a drag: `current` while it holds dataMax and dataMax fills at least a quarter of it,
// else [0, m × 10^k] with m in 1, 2, 5 just above dataMax (which then fills 40% or more), so that
// data moving step by step either way moves the axis a few times at most, and a drag that grew
// the axis and came back does not leave the data squeezed at its foot.
AxisRange grownLinearRange(double dataMax, const AxisRange &current);
// Whole decades covering [lo, hi] (lo > 0). `current` is kept while it covers the data and
// extends at most one decade beyond it on either side.
AxisRange niceLogRange(double lo, double hi, const AxisRange &current);

// During a drag: `current` widened to whole decades covering [lo, hi]; it never narrows.
AxisRange grownLogRange(double lo, double hi, const AxisRange &current);

// Refreshes `contexts` (log-spaced over the axis, `points` of them) only when the axis end moved;
// returns the axis end.
qint64 updateContextAxis(QList<qint64> &contexts, qint64 context, int points);

// Set the range (and tick interval) only when it differs; returns whether it changed.
bool applyRange(QValueAxis *axis, const AxisRange &r);
bool applyRange(QLogValueAxis *axis, const AxisRange &r);

} // namespace kvl
