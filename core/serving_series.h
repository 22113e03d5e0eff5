#pragma once

// What the serving charts draw for one scenario, computed here so that the window and the CLI's
// export draw the same numbers: the batch axis (latency against throughput, cost per token) up to
// past the memory wall, the cost per token against context, and an agent session with the prefix
// cache on and off. SI base units and USD.
#include "scenario.h"
#include "session.h"

#include <QList>
#include <QPointF>

namespace kvl {

inline constexpr int kCostPoints = 120;

// One decode step of the whole batch at the scenario's context.
struct BatchPoint
{
    int batch = 0;
    double stepSeconds = 0;              // time per token of each sequence
    double tokensPerSecond = 0;          // per sequence
    double aggregateTokensPerSecond = 0; // whole batch
    double costPerMillionOutputTokens = 0;
    bool fits = false;

    friend bool operator==(const BatchPoint &, const BatchPoint &) = default;
};

struct ServingSeries
{
    BatchPoint current; // the scenario itself: its batch at its context
    int capacity = 0;   // batchCapacity: the largest batch that fits, 0 when one sequence does not
    // Whole batches from 1 to max(2 × capacity, 16) (at most limits::maxBatch), log-spaced, with
    // the capacity and the scenario's own batch among them.
    QList<BatchPoint> batch;
    // USD per million output tokens at the scenario's batch against context (the cost charts'
    // context axis), and the longest context at which that batch fits (0: none).
    QList<QPointF> costVsContext;
    qint64 contextCapacity = 0;

    friend bool operator==(const ServingSeries &, const ServingSeries &) = default;
};
// Call Scenario::validate() first.
ServingSeries servingSeries(const Scenario &s);

// The batches servingSeries plots: 1 to `last` log-spaced in whole numbers, with `include` added
// where it lies in range.
QList<int> batchAxis(int last, const QList<int> &include);

// An agent session with the prefix cache on and off, the same turns otherwise.
struct SessionSeries
{
    SessionOptions options;
    Session cached;   // prefix cache on: each turn prefills only its new tokens
    Session uncached; // off: each turn prefills its whole context
};
// Call Scenario::validate() and o.validate() first; o.prefixCache is ignored.
SessionSeries sessionSeries(const Scenario &s, const SessionOptions &o);

} // namespace kvl
