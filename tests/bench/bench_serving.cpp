// How long a 512-point batch sweep (every batch a full ledger) and a 100-turn agent session
// (a prefill and a summed response a turn, then the bisection for the turn that no longer
// fits) take. Target: 1 ms each.
#include "bench_stats.h"
#include "session.h"
#include "sweep.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <cstdio>

using namespace kvl;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int runs = argc > 1 ? std::max(10, atoi(argv[1])) : 200;
    Scenario s = Scenario::seed();
    s.gpus = 8;
    s.context = 8192;
    volatile double sink = 0;

    QList<qint64> batchNs, cachedNs, uncachedNs;
    QElapsedTimer t;
    SessionOptions o;
    o.startContext = 100'000;
    o.turns = 100;
    o.turnInput = 2000;
    o.response = 500;
    for (int i = 0; i < runs; ++i) {
        s.context = 8192 + i; // defeat any caching
        t.start();
        sink = sink + sweepBatch(s, Quantity::CostPerMillionOutputTokens, 512).last().y();
        batchNs << t.nsecsElapsed();
        o.prefixCache = true;
        t.start();
        sink = sink + simulateSession(s, o).cost;
        cachedNs << t.nsecsElapsed();
        o.prefixCache = false;
        t.start();
        sink = sink + simulateSession(s, o).cost;
        uncachedNs << t.nsecsElapsed();
    }
    const QJsonObject out{
        {QStringLiteral("batch_sweep_512"), benchStats(batchNs)},
        {QStringLiteral("session_100_turns_prefix_cache"), benchStats(cachedNs)},
        {QStringLiteral("session_100_turns_no_prefix_cache"), benchStats(uncachedNs)},
    };
    std::fputs(QJsonDocument(out).toJson(QJsonDocument::Indented).constData(), stdout);
    return 0;
}
