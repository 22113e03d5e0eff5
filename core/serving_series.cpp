#include "serving_series.h"

#include "chart_series.h"
#include "input_limits.h"
#include "ledger.h"
#include "sweep.h"

#include <algorithm>

namespace kvl {

QList<int> batchAxis(int last, const QList<int> &include)
{
    QList<int> out;
    for (qint64 b : logSpacedContexts(1, std::max(last, 1), 64))
        out << int(b);
    for (int b : include)
        if (b >= 1 && b <= last)
            out << b;
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

ServingSeries servingSeries(const Scenario &s)
{
    const auto point = [](const Scenario &t) {
        const Ledger l = evaluate(t);
        return BatchPoint{t.batch,
                          l.secondsPerToken,
                          l.tokensPerSecond,
                          l.aggregateTokensPerSecond,
                          l.costPerMillionOutputTokens,
                          l.fits};
    };
    ServingSeries out;
    out.current = point(s);
    out.capacity = batchCapacity(s);
    const int last = std::min(limits::maxBatch, std::max(2 * out.capacity, 16));
    Scenario t = s;
    for (int b : batchAxis(last, {out.capacity, s.batch})) {
        t.batch = b;
        out.batch << point(t);
    }
    out.costVsContext =
        sweepContext(s, Quantity::CostPerMillionOutputTokens, axisContexts(s.context, kCostPoints));
    out.contextCapacity = contextCapacity(s);
    return out;
}

SessionSeries sessionSeries(const Scenario &s, const SessionOptions &o)
{
    SessionSeries out{o, {}, {}};
    SessionOptions on = o, off = o;
    on.prefixCache = true;
    off.prefixCache = false;
    out.cached = simulateSession(s, on);
    out.uncached = simulateSession(s, off);
    return out;
}

} // namespace kvl
