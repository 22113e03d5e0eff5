// How long one full ledger and one 512-point sweep take (the work behind a slider step).
#include "bench_stats.h"
#include "sweep.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <cstdio>

using namespace kvl;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int runs = argc > 1 ? std::max(10, atoi(argv[1])) : 2000;
    Scenario s = Scenario::seed();
    const auto contexts = logSpacedContexts(1000, 10'000'000, 512);
    volatile double sink = 0;

    QList<qint64> ledgerNs, sweepNs;
    QElapsedTimer t;
    for (int i = 0; i < runs; ++i) {
        s.context = 1'000'000 + i; // defeat any caching
        t.start();
        sink = sink + evaluate(s).secondsPerToken;
        ledgerNs << t.nsecsElapsed();
    }
    for (int i = 0; i < runs / 10; ++i) {
        s.gpus = 1 + i % 8;
        t.start();
        sink = sink + sweepContext(s, Quantity::SecondsPerToken, contexts).last().y();
        sweepNs << t.nsecsElapsed();
    }
    const QJsonObject out{{QStringLiteral("ledger"), benchStats(ledgerNs)},
                          {QStringLiteral("sweep_512"), benchStats(sweepNs)}};
    std::fputs(QJsonDocument(out).toJson(QJsonDocument::Indented).constData(), stdout);
    return 0;
}
