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

} // namespace kvl
