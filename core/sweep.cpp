#include "sweep.h"

#include <cmath>

namespace kvl {

QList<qint64> logSpacedContexts(qint64 from, qint64 to, int count)
{
    QList<qint64> out;
    if (count < 1 || from < 1 || to < from)
        return out;
    out.reserve(count);
    const double lo = std::log(double(from));
    const double step = count > 1 ? (std::log(double(to)) - lo) / (count - 1) : 0;
    for (int i = 0; i < count; ++i) {
        const qint64 v = i == count - 1 ? to : qint64(std::llround(std::exp(lo + step * i)));
        if (out.isEmpty() || v > out.last())
            out << v;
    }
    return out;
}

QList<QPointF> sweepContext(const Scenario &s, Quantity q, const QList<qint64> &contexts)
{
    QList<QPointF> out;
    out.reserve(contexts.size());
    const LedgerBasis basis(s);
    for (qint64 c : contexts)
        out.append(QPointF(double(c), quantityValue(basis.at(c, sectionsFor(q)), q)));
    return out;
}

QList<QPointF> sweepGpus(const Scenario &s, Quantity q, int maxGpus)
{
    QList<QPointF> out;
    out.reserve(maxGpus);
    Scenario t = s;
    for (int n = 1; n <= maxGpus; ++n) {
        t.gpus = n;
        out.append(QPointF(n, quantityValue(evaluate(t), q)));
    }
    return out;
}

QList<QPointF> sweepBatch(const Scenario &s, Quantity q, int maxBatch)
{
    QList<QPointF> out;
    out.reserve(maxBatch);
    Scenario t = s;
    for (int b = 1; b <= maxBatch; ++b) {
        t.batch = b;
        out.append(QPointF(b, quantityValue(evaluate(t), q)));
    }
    return out;
}

namespace {

// The largest n in [1, hi] for which `holds` is true, or 0: `holds` is true up to some n and
// false from there on.
template <typename Holds> qint64 lastHolding(qint64 hi, Holds &&holds)
{
    if (holds(hi))
        return hi;
    qint64 lo = 0;
    --hi;
    while (lo < hi) {
        const qint64 mid = lo + (hi - lo + 1) / 2;
        if (holds(mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

} // namespace

int batchCapacity(const Scenario &s)
{
    // Memory grows with the batch, so the batches that fit are 1..capacity.
    Scenario t = s;
    return int(lastHolding(limits::maxBatch, [&t](qint64 b) {
        t.batch = int(b);
        return evaluate(t).fits;
    }));
}

qint64 contextCapacity(const Scenario &s)
{
    const LedgerBasis basis(s);
    return lastHolding(limits::maxContext, [&basis](qint64 c) { return basis.at(c, {}).fits; });
}

} // namespace kvl
