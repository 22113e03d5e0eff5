#pragma once

#include "ledger.h"
#include <QList>
#include <QPointF>

namespace kvl {

// `count` context lengths log-spaced over [from, to], rounded to whole tokens, strictly increasing.
QList<qint64> logSpacedContexts(qint64 from, qint64 to, int count);

// quantity(context) for each context; other scenario fields fixed.
QList<QPointF> sweepContext(const Scenario &s, Quantity q, const QList<qint64> &contexts);
// quantity(gpus) for gpus = 1..maxGpus.
QList<QPointF> sweepGpus(const Scenario &s, Quantity q, int maxGpus);
// quantity(batch) for batch = 1..maxBatch at the scenario's context.
QList<QPointF> sweepBatch(const Scenario &s, Quantity q, int maxBatch);
// The largest batch up to limits::maxBatch whose weights, KV and states fit the usable memory of
// the scenario's GPUs at its context (Ledger::fits); 0 when one sequence does not fit.
int batchCapacity(const Scenario &s);
// The longest context up to limits::maxContext at which the scenario's batch fits; 0 when its
// weights alone do not.
qint64 contextCapacity(const Scenario &s);

} // namespace kvl
