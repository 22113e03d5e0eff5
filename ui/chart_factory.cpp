#include "chart_factory.h"

#include "attention_chart.h"
#include "latency_chart.h"
#include "memory_chart.h"
#include "precision_chart.h"
#include "reality_chart.h"
#include "serving_charts.h"
#include "session_chart.h"

namespace kvl {

QStringList chartIds()
{
    return {QStringLiteral("memory"), QStringLiteral("latency"), QStringLiteral("gqa"),
            QStringLiteral("precision")};
}

QStringList servingChartIds()
{
    return {QStringLiteral("throughput-latency"), QStringLiteral("cost-batch"),
            QStringLiteral("cost-context"), QStringLiteral("session"), QStringLiteral("reality")};
}

LedgerChart *createChart(const QString &id, QWidget *parent)
{
    if (id == u"memory")
        return new MemoryChart(parent);
    if (id == u"latency")
        return new LatencyChart(parent);
    if (id == u"gqa")
        return new AttentionChart(parent);
    if (id == u"precision")
        return new PrecisionChart(parent);
    if (id == u"throughput-latency")
        return new ThroughputLatencyChart(parent);
    if (id == u"cost-batch")
        return new CostBatchChart(parent);
    if (id == u"cost-context")
        return new CostContextChart(parent);
    if (id == u"session")
        return new SessionChart(parent);
    if (id == u"reality")
        return new RealityChart(parent);
    return nullptr;
}

void drawCharts(const QList<LedgerChart *> &charts, const Scenario &s, const Ledger &l,
                const std::optional<Scenario> &baseline,
                const std::optional<Ledger> &baselineLedger, std::optional<ChartSeries> *last)
{
    SeriesRequest request;
    for (const LedgerChart *c : charts)
        request |= c->seriesRequest();
    const ChartSeries *previous = last && *last ? &**last : nullptr;
    ChartSeries next = chartSeries(s, l, request, baseline, baselineLedger, previous);
    std::optional<ChartSeries> owned;
    const ChartSeries &series = (last ? *last : owned).emplace(std::move(next));
    for (LedgerChart *c : charts) {
        c->setBaseline(baseline);
        c->draw(series);
    }
}

QList<LedgerChart *> createCharts(QWidget *parent)
{
    QList<LedgerChart *> charts;
    for (const QString &id : chartIds())
        charts << createChart(id, parent);
    return charts;
}

} // namespace kvl
