// How long one full ledger and one 512-point sweep take (the work behind a slider step), and
// core's chart series: 512-point memory and latency series, what one slider step computes for the
// cost page (every part of chartSeries at the charts' point counts), the strategies page's and
// the Reality tab's series.
// Config files given after the run count (a hybrid, a sparse-attention model) get their own
// ledger and sweep timings.
#include "bench_stats.h"
#include "chart_series.h"
#include "hf_config.h"
#include "reality.h"
#include "strategy_presets.h"
#include "sweep.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <cstdio>
#include <optional>

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
    QList<qint64> memoryNs, latencyNs, measuredNs, engineNs, pageNs;
    Scenario m = s;
    m.measured = MeasuredBandwidth{
        QStringLiteral("cuda:0"), QStringLiteral("H100"), 2.5e12, 2.6e12, 1 << 30, {}};
    const SeriesParts page =
        SeriesPart::Memory | SeriesPart::Latency | SeriesPart::Attention | SeriesPart::Precision;
    for (int i = 0; i < runs / 10; ++i) {
        s.gpus = m.gpus = 1 + i % 8;
        t.start();
        sink = sink + memorySeries(s, contexts).total.points.last().y();
        memoryNs << t.nsecsElapsed();
        t.start();
        sink = sink + latencySeries(s, contexts).curves.last().points.last().y();
        latencyNs << t.nsecsElapsed();
        t.start();
        sink = sink + latencySeries(m, contexts).curves.last().points.last().y();
        measuredNs << t.nsecsElapsed();
        Scenario e = s;
        e.engine = QStringLiteral("vllm");
        t.start();
        sink = sink + latencySeries(e, contexts).calibrated.points.size();
        engineNs << t.nsecsElapsed();
        const Ledger l = evaluate(m);
        t.start();
        sink = sink + chartSeries(m, l, page).latency.curves.size();
        pageNs << t.nsecsElapsed();
    }
    // The strategies page's series: the full cache, fp8 and every preset, at the context and as
    // curves over the axis (what each slider step asks of core with that tab shown).
    QList<KvStrategy> strategies{KvStrategy{}, *KvStrategy::parse(QStringLiteral("fp8"))};
    for (const StrategyPreset &p : strategyPresets())
        strategies << *KvStrategy::parse(p.id);
    // Whole: the series from nothing (a slider other than the context moved); a context step: a
    // drag within the axis, which keeps the last series' curves.
    QList<qint64> strategyNs, strategyStepNs;
    std::optional<ChartSeries> last;
    for (int i = 0; i < runs / 10; ++i) {
        Scenario c = Scenario::seed();
        c.context = 100'000 + i;
        const Ledger l = evaluate(c);
        t.start();
        sink = sink + chartSeries(c, l, SeriesRequest::of(strategies)).strategies.curves.size();
        strategyNs << t.nsecsElapsed();
        t.start();
        last = chartSeries(c, l, SeriesRequest::of(strategies), std::nullopt, std::nullopt,
                           last ? &*last : nullptr);
        strategyStepNs << t.nsecsElapsed();
        sink = sink + last->strategies.results.size();
    }
    // The Reality tab's series for a scenario (every bundled run matched against it), after the
    // runs were read and predicted once (bundled_runs_first_ms).
    t.start();
    sink = sink + bundledRunPredictions().size();
    const double bundledMs = double(t.nsecsElapsed()) / 1e6;
    QList<qint64> realityNs;
    for (int i = 0; i < runs / 10; ++i) {
        s.gpus = 1 + i % 8;
        t.start();
        sink = sink + realitySeries(bundledRunPredictions(), s, RealityQuantity::Tpot).points;
        realityNs << t.nsecsElapsed();
    }
    QJsonObject models;
    for (int a = 2; a < argc; ++a) {
        const QString path = QString::fromLocal8Bit(argv[a]);
        QString error;
        const auto imported = importHfConfigFile(path, &error);
        if (!imported) {
            std::fprintf(stderr, "bench_core: %s\n", qPrintable(error));
            return 2;
        }
        Scenario c = Scenario::seed();
        c.model = imported->model;
        c.weightsAsStored = true;
        c.context = 131072;
        QList<qint64> modelLedgerNs, modelSweepNs;
        for (int i = 0; i < runs; ++i) {
            c.context = 131072 + i;
            t.start();
            sink = sink + evaluate(c).secondsPerToken;
            modelLedgerNs << t.nsecsElapsed();
        }
        for (int i = 0; i < runs / 10; ++i) {
            c.gpus = 1 << (i % 4);
            t.start();
            sink = sink + sweepContext(c, Quantity::SecondsPerToken, contexts).last().y();
            modelSweepNs << t.nsecsElapsed();
        }
        models.insert(QFileInfo(path).completeBaseName(),
                      QJsonObject{{QStringLiteral("ledger"), benchStats(modelLedgerNs)},
                                  {QStringLiteral("sweep_512"), benchStats(modelSweepNs)}});
    }
    const QJsonObject out{
        {QStringLiteral("ledger"), benchStats(ledgerNs)},
        {QStringLiteral("sweep_512"), benchStats(sweepNs)},
        {QStringLiteral("memory_series_512"), benchStats(memoryNs)},
        {QStringLiteral("latency_series_512"), benchStats(latencyNs)},
        {QStringLiteral("latency_series_512_measured"), benchStats(measuredNs)},
        {QStringLiteral("latency_series_512_engine"), benchStats(engineNs)},
        {QStringLiteral("cost_page_series"), benchStats(pageNs)},
        {QStringLiteral("strategies_page_series"), benchStats(strategyNs)},
        {QStringLiteral("strategies_page_context_step"), benchStats(strategyStepNs)},
        {QStringLiteral("bundled_runs_first_ms"), bundledMs},
        {QStringLiteral("reality_series"), benchStats(realityNs)},
        {QStringLiteral("models"), models},
    };
    std::fputs(QJsonDocument(out).toJson(QJsonDocument::Indented).constData(), stdout);
    return 0;
}
