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
    Scenario t = s;
    for (qint64 c : contexts) {
        t.context = c;
        out.append(QPointF(double(c), quantityValue(evaluate(t), q)));
    }
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

int batchCapacity(const Scenario &s)
{
    // Memory grows with the batch, so the batches that fit are 1..capacity: bisect.
    Scenario t = s;
    const auto fits = [&t](int b) {
        t.batch = b;
        return evaluate(t).fits;
    };
    int lo = 0, hi = limits::maxBatch; // fits(lo) or lo == 0; capacity <= hi
    if (fits(hi))
        return hi;
    --hi;
    while (lo < hi) {
        const int mid = lo + (hi - lo + 1) / 2;
        if (fits(mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

} // namespace kvl
